/** UTC days, as `notificationActivity` counts them. */

const DAY_MS = 24 * 3_600_000;

/** How many days `notificationActivity` covers, today included. */
export const ACTIVITY_DAYS = 7;

/** The UTC day (days since the Unix epoch) of an instant. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `YYYY-MM-DD` of a UTC day. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}
