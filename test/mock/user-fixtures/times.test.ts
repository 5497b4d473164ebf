import { describe, expect, it } from 'vitest';
import { DEFAULT_SPREAD_MS, parseAt, timeline } from '../../../src/mock-server/user-fixtures/times.js';

const NOW = Date.UTC(2026, 2, 10, 12, 0);
const HOUR = 3_600_000;

describe('message times', () => {
  it('reads absolute times with a zone and times relative to load', () => {
    expect(parseAt('2026-01-05T09:30:00Z', NOW)).toBe(Date.UTC(2026, 0, 5, 9, 30));
    expect(parseAt('2026-01-05T10:30+01:00', NOW)).toBe(Date.UTC(2026, 0, 5, 9, 30));
    expect(parseAt('2026-01-05T09:30:00.250Z', NOW)).toBe(Date.UTC(2026, 0, 5, 9, 30, 0, 250));
    expect(parseAt('-2d', NOW)).toBe(NOW - 48 * HOUR);
    expect(parseAt('-1d4h30m', NOW)).toBe(NOW - 28.5 * HOUR);
    expect(parseAt('-90s', NOW)).toBe(NOW - 90_000);
    expect(parseAt('now', NOW)).toBe(NOW);
  });

  it('refuses a date that does not exist, rather than rolling it over', () => {
    expect(parseAt('2026-02-30T10:00:00Z', NOW)).toBeNull();
    expect(parseAt('2026-02-28T24:30:00Z', NOW)).toBeNull();
    expect(parseAt('2026-13-01T10:00:00Z', NOW)).toBeNull();
  });

  it('with no time given, messages are spread evenly over the three days before load, the last one step before now', () => {
    const { times, start } = timeline([null, null, null, null], NOW);
    expect(start).toBe(NOW - DEFAULT_SPREAD_MS);
    const step = DEFAULT_SPREAD_MS / 5;
    expect(times).toEqual([1, 2, 3, 4].map((n) => NOW - DEFAULT_SPREAD_MS + n * step));
  });

  it('messages without a time lie evenly between the timed ones around them; an earlier time moves the start back', () => {
    const { times, start } = timeline([null, NOW - 10 * 24 * HOUR, null, NOW - 4 * HOUR, null], NOW);
    expect(start).toBe(NOW - 10 * 24 * HOUR);
    expect(times[0]).toBe(NOW - 10 * 24 * HOUR);
    expect(times[2]).toBe(NOW - 5 * 24 * HOUR - 2 * HOUR);
    expect(times[4]).toBe(NOW - 2 * HOUR);
  });
});
