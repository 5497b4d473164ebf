/** Produces ids for new records. Injected so that seeded fixtures give the same ids every run. */
export type IdGenerator = () => string;

/** Reused between calls: flattening an id allocates nothing but the result. */
const codes: number[] = [];
/** `String.fromCharCode.apply` takes its arguments on the stack; ids are far shorter than this. */
const MAX_FLATTENED = 1024;

/**
 * A copy of `text` stored as one flat string. `randomUUID()` (and faker's uuid) build their result
 * from pieces that V8 keeps as a rope of about 16 fragments: about 480 bytes per stored id against
 * about 56 flat. Ids are the most numerous strings in the store (measured with 1,000,000 messages:
 * 917 -> 493 heap bytes per message), so every generated id goes through here. Built from its
 * UTF-16 code units (no `Buffer`, so it runs in a browser): as fast as Buffer's latin1 round
 * trip, about 0.7 us an id, and the same 65 heap bytes per stored id.
 */
export function flatString(text: string): string {
  if (text.length > MAX_FLATTENED) return text;
  codes.length = text.length;
  for (let index = 0; index < text.length; index += 1) codes[index] = text.charCodeAt(index);
  return String.fromCharCode.apply(null, codes);
}

/** Random v4 UUIDs from Web Crypto (Node 20 and browsers both have `crypto.randomUUID`). */
export const randomIds: IdGenerator = () => flatString(globalThis.crypto.randomUUID());
