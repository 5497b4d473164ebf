/** When the messages of a fixtures file were sent: their `at`, or a place spread between their neighbours. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Messages without any `at` are spread over this much time before the file is loaded. */
export const DEFAULT_SPREAD_MS = 3 * DAY;

const RELATIVE = /^-(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/**
 * Epoch milliseconds of an `at` (format.ts, `AT`), relative ones counted back from `now`; null
 * for a time that matches the pattern but names no real moment (`2026-02-30T10:00Z`).
 */
export function parseAt(at: string, now: number): number | null {
  if (at === 'now') return now;
  const relative = RELATIVE.exec(at);
  if (relative) {
    const [, days = '0', hours = '0', minutes = '0', seconds = '0'] = relative;
    return now - (Number(days) * DAY + Number(hours) * HOUR + Number(minutes) * MINUTE + Number(seconds) * 1000);
  }
  const time = Date.parse(at);
  if (Number.isNaN(time)) return null;
  // Date.parse rolls 2026-02-30 over to March 2; a real date reads back the same day.
  const [date] = at.split('T');
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(at);
  const shift = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * HOUR + Number(offset[3]) * MINUTE) : 0;
  return new Date(time + shift).toISOString().startsWith(date!) ? time : null;
}

export interface Timeline {
  /** Each message's time, by its index in the file. */
  readonly times: readonly number[];
  /** Where the timeline starts: users, workspaces and channels are made then, before any message. */
  readonly start: number;
}

/**
 * Times for every message: those with `at` keep it; the others are spread evenly, in file order,
 * between the timed messages around them. The timeline starts {@link DEFAULT_SPREAD_MS} before
 * `now` (or at the earliest `at`, if that is earlier) and ends at `now` (or at the latest `at`).
 * `given[i]` is message i's parsed `at`, or null.
 */
export function timeline(given: readonly (number | null)[], now: number): Timeline {
  const known = given.filter((time): time is number => time !== null);
  const start = Math.min(now - DEFAULT_SPREAD_MS, ...known);
  const end = Math.max(now, ...known);
  const times: number[] = [];
  let anchorIndex = -1;
  let anchorTime = start;
  for (let index = 0; index <= given.length; index++) {
    const time = index === given.length ? end : given[index];
    if (time === null || time === undefined) continue;
    // Messages anchorIndex+1 .. index-1 have no time: they divide the gap into equal steps.
    const step = (time - anchorTime) / (index - anchorIndex);
    for (let between = anchorIndex + 1; between < index; between++) times[between] = Math.round(anchorTime + step * (between - anchorIndex));
    if (index < given.length) times[index] = time;
    anchorIndex = index;
    anchorTime = time;
  }
  return { times, start };
}
