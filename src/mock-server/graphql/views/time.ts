import { LRUCache } from 'lru-cache';

/**
 * Formatting dates was an eighth of the server's time when paging (30 messages, 2 or 3 dates
 * each, every request). Pages are read again and again, so formatted dates are kept, bounded.
 */
const formatted = new LRUCache<number, string>({ max: 100_000 });

/** DateTime values leave the server as RFC 3339 UTC strings with milliseconds (`...T09:30:00.000Z`). */
export function iso(epochMs: number): string {
  let text = formatted.get(epochMs);
  if (text === undefined) {
    text = new Date(epochMs).toISOString();
    formatted.set(epochMs, text);
  }
  return text;
}

export function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : iso(epochMs);
}
