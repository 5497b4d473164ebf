/**
 * Base64 and base64url (RFC 4648 4 and 5) without Node's `Buffer`, so the domain runs in a
 * browser bundle unchanged. Decoding is strict: only the alphabet's characters, no length that
 * cannot come from an encoder, and zero unused bits in the last character, so every byte string
 * has exactly one spelling (a cursor cannot be written two ways).
 */

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function decodeTable(alphabet: string): Int8Array {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < alphabet.length; index += 1) table[alphabet.charCodeAt(index)] = index;
  return table;
}

const STANDARD_VALUES = decodeTable(STANDARD);
const URL_SAFE_VALUES = decodeTable(URL_SAFE);

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function encode(bytes: Uint8Array, alphabet: string, pad: boolean): string {
  let out = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    out += alphabet[triple >> 18]! + alphabet[(triple >> 12) & 63]! + alphabet[(triple >> 6) & 63]! + alphabet[triple & 63]!;
  }
  const left = bytes.length - index;
  if (left === 1) {
    const value = bytes[index]!;
    out += alphabet[value >> 2]! + alphabet[(value & 3) << 4]! + (pad ? '==' : '');
  } else if (left === 2) {
    const value = (bytes[index]! << 8) | bytes[index + 1]!;
    out += alphabet[value >> 10]! + alphabet[(value >> 4) & 63]! + alphabet[(value & 15) << 2]! + (pad ? '=' : '');
  }
  return out;
}

function decode(text: string, values: Int8Array, padded: boolean): Uint8Array | null {
  let length = text.length;
  if (padded) {
    if (length % 4 !== 0) return null;
    if (text.endsWith('==')) length -= 2;
    else if (text.endsWith('=')) length -= 1;
  }
  if (length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? values[code]! : -1;
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 255;
      buffer &= (1 << bits) - 1;
    }
  }
  // The bits left over were padding an encoder sets to zero: anything else is a second spelling.
  return buffer === 0 ? bytes : null;
}

/**
 * Standard base64 as a host with a native codec does it: the same strings and the same strictness,
 * far faster than the loop above on large bytes (upload bodies in a snapshot or the `--persist`
 * log). Only Node code installs one ({@link useNativeBase64}); a browser bundle keeps the loop.
 */
export interface Base64Codec {
  readonly encode: (bytes: Uint8Array) => string;
  /** The bytes of padded standard base64, or null when `text` is not exactly that (one spelling, as {@link base64ToBytes}). */
  readonly decode: (text: string) => Uint8Array | null;
}

let native: Base64Codec | null = null;

/** Makes {@link bytesToBase64} and {@link base64ToBytes} use `codec` (Node's `Buffer`), for every state in this process. */
export function useNativeBase64(codec: Base64Codec): void {
  native = codec;
}

/** Standard base64 with `=` padding (what Node's `toString('base64')` writes). */
export function bytesToBase64(bytes: Uint8Array): string {
  return native ? native.encode(bytes) : encode(bytes, STANDARD, true);
}

/** The bytes of padded standard base64, or null when `text` is not exactly that. */
export function base64ToBytes(text: string): Uint8Array | null {
  return native ? native.decode(text) : decode(text, STANDARD_VALUES, true);
}

/** base64url without padding (what Node's `toString('base64url')` writes). */
export function bytesToBase64url(bytes: Uint8Array): string {
  return encode(bytes, URL_SAFE, false);
}

/** The bytes of unpadded base64url, or null when `text` is not exactly that. */
export function base64urlToBytes(text: string): Uint8Array | null {
  return decode(text, URL_SAFE_VALUES, false);
}

/** base64url (no padding) of the UTF-8 bytes of `text`: the form of the mock's opaque cursors. */
export function textToBase64url(text: string): string {
  return bytesToBase64url(encoder.encode(text));
}

/**
 * The text whose UTF-8 bytes `base64url` encodes, or null when it is not strict unpadded
 * base64url. Invalid UTF-8 decodes to U+FFFD, as with `Buffer`; callers compare with what they
 * expect anyway.
 */
export function base64urlToText(base64url: string): string | null {
  const bytes = base64urlToBytes(base64url);
  return bytes === null ? null : decoder.decode(bytes);
}
