/**
 * Formatting dates was an eighth of the server's time when paging (30 messages, 2 or 3 dates
 * each, every request). Pages are read again and again, so formatted dates are kept, bounded:
 * in two generations of at most {@link GENERATION} dates, the older dropped whole when the
 * newer fills, and a date found in the older moved to the newer (least recently used, roughly).
 * Two Maps, not an LRUCache: lru-cache allocates all its slots up front, and for 100,000 of them
 * that slowed every start-up (docs/benchmarks.md, "Start-up"); a hit is also one Map lookup, not a
 * list update.
 */
const GENERATION = 50_000;
let recent = new Map<number, string>();
let older = new Map<number, string>();

/** DateTime values leave the server as RFC 3339 UTC strings with milliseconds (`...T09:30:00.000Z`). */
export function iso(epochMs: number): string {
  let text = recent.get(epochMs);
  if (text !== undefined) return text;
  text = older.get(epochMs) ?? new Date(epochMs).toISOString();
  if (recent.size >= GENERATION) {
    older = recent;
    recent = new Map();
  }
  recent.set(epochMs, text);
  return text;
}

export function isoOrNull(epochMs: number | null): string | null {
  return epochMs === null ? null : iso(epochMs);
}
