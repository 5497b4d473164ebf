import { describe, expect, it } from 'vitest';
import { iso, isoOrNull } from '../../src/mock-server/graphql/views/time.js';

/** graphql/views/time.ts keeps formatted dates in a bounded cache; a cache may change speed, never an answer. */
describe('DateTime strings (views/time.ts)', () => {
  it('are toISOString, for dates met once, again, and after far more dates than the cache keeps', () => {
    const start = Date.UTC(2026, 0, 5, 8, 30);
    const hot = [start, start + 1, start + 60_000];
    const wrong: number[] = [];
    for (let i = 0; i < 120_000; i++) {
      const ms = start + i * 997;
      if (iso(ms) !== new Date(ms).toISOString()) wrong.push(ms);
      if (i % 10_000 === 0) for (const again of hot) if (iso(again) !== new Date(again).toISOString()) wrong.push(again);
    }
    expect(wrong).toEqual([]);
    expect(iso(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOrNull(null)).toBeNull();
  });
});
