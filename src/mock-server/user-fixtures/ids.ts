import { flatString } from '../state/ids.js';

/**
 * Ids for the records a fixtures file makes: v4-shaped UUIDs from a fixed-seed generator
 * (mulberry32), so the same file gives the same ids on every start (a bookmarked conversation
 * URL keeps working) and no randomness of the platform is read. Records made after loading get
 * the state's own ids.
 */
export function fixtureIds(seed = 0x70617231): () => string {
  let state = seed | 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return (mixed ^ (mixed >>> 14)) >>> 0;
  };
  const hex = (value: number, digits: number): string => value.toString(16).padStart(8, '0').slice(-digits);
  return () => {
    const a = next();
    const b = next();
    const c = next();
    const d = next();
    // Version 4, variant 10xx, as randomUUID's are.
    const version = `4${hex(b, 3)}`;
    const variant = `${((c >>> 28) & 0x3 | 0x8).toString(16)}${hex(c, 3)}`;
    return flatString(`${hex(a, 8)}-${hex(b >>> 12, 4)}-${version}-${variant}-${hex(d, 8)}${hex(c >>> 12, 4)}`);
  };
}
