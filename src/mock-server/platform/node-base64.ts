import type { Base64Codec } from '../state/base64.js';

/** Bytes of at least this size keep their base64 (see {@link nodeBase64}); smaller ones are cheaper to encode again than to hold twice. */
export const KEEP_ENCODED_FROM_BYTES = 64 * 1024;

/**
 * The base64 of each large byte array encoded, for as long as the array lives. Upload bodies are
 * never changed in place (a PUT stores a new array), so every later save of the same upload (the
 * row written again when the upload is used, each base a compaction writes) reuses it.
 */
const encoded = new WeakMap<Uint8Array, string>();

const view = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Node's native base64 (`Buffer`), with the pure-JS codec's exact output and strictness: a text
 * is decoded only when encoding its bytes gives the text back (one spelling per byte string).
 * `persist/` installs it (`useNativeBase64`): the `--persist` log writes every upload's bytes.
 */
export const nodeBase64: Base64Codec = {
  encode: (bytes) => {
    if (bytes.byteLength < KEEP_ENCODED_FROM_BYTES) return view(bytes).toString('base64');
    let text = encoded.get(bytes);
    if (text === undefined) {
      text = view(bytes).toString('base64');
      encoded.set(bytes, text);
    }
    return text;
  },
  decode: (text) => {
    // Buffer skips characters outside the alphabet and accepts missing padding: check by encoding back.
    const bytes = Buffer.from(text, 'base64');
    if (bytes.toString('base64') !== text) return null;
    // A plain array of its own (a small Buffer may share Node's pool).
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    // Loaded from a file or a snapshot: its text is at hand, so the next save need not make it.
    if (copy.byteLength >= KEEP_ENCODED_FROM_BYTES) encoded.set(copy, text);
    return copy;
  },
};
