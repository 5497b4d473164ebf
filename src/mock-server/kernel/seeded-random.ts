/**
 * The randomness of random mode: a small seedable generator, and hashes that turn a seed and a
 * request into a number. Nothing here reads Math.random or the time, so the same seed and the
 * same request give the same response, on every execution path.
 */

/** A 32-bit FNV-1a hash of `text`, continued from `seed`. */
export function hashText(seed: number, text: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * faker's `Randomizer` over mulberry32: reseeding costs nothing, where faker's own Mersenne
 * Twister's does not (docs/benchmarks.md, "Per-call costs"), and random mode reseeds once per
 * resolved field.
 */
export class SeededRandomizer {
  private state = 0;

  // Arrow properties: faker calls them unbound.
  readonly next = (): number => {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };

  readonly seed = (seed: number | number[]): void => {
    const values = Array.isArray(seed) ? seed : [seed];
    this.state = values.reduce((hash, value) => hashText(hash, String(value)), 0) | 0;
  };
}
