/** Produces ids for new records. Injected so that seeded fixtures give the same ids every run. */
export type IdGenerator = () => string;

/** Reused between calls: flattening an id allocates nothing but the result. */
const codes: number[] = [];
/** `String.fromCharCode.apply` takes its arguments on the stack; ids are far shorter than this. */
const MAX_FLATTENED = 1024;

/**
 * A copy of `text` stored as one flat string. `randomUUID()` (and faker's uuid) build their result
 * from pieces that V8 keeps as a rope of many fragments, several times the heap of a flat string.
 * Ids are the most numerous strings in the store, so every generated id goes through here. Built
 * from its UTF-16 code units (no `Buffer`, so it runs in a browser): as fast as Buffer's latin1
 * round trip, for the same heap (docs/benchmarks.md, "Memory: a message in 280 bytes").
 */
export function flatString(text: string): string {
  if (text.length > MAX_FLATTENED) return text;
  codes.length = text.length;
  for (let index = 0; index < text.length; index += 1) codes[index] = text.charCodeAt(index);
  return String.fromCharCode.apply(null, codes);
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A random v4 UUID from `crypto.getRandomValues` (RFC 9562 5.4: version 4, variant 10xx), for where
 * `crypto.randomUUID` is missing: jsdom before 22 (Jest 29's test environment), and a page served
 * over plain http from another host than localhost (not a secure context).
 */
export function uuidFromRandomBytes(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  let text = '';
  for (let index = 0; index < 16; index += 1) text += (index === 4 || index === 6 || index === 8 || index === 10 ? '-' : '') + HEX[bytes[index]!]!;
  return text;
}

/** Random v4 UUIDs from Web Crypto: `crypto.randomUUID` (Node and secure pages), else {@link uuidFromRandomBytes}. */
export const randomIds: IdGenerator = () =>
  flatString(typeof globalThis.crypto.randomUUID === 'function' ? globalThis.crypto.randomUUID() : uuidFromRandomBytes());
