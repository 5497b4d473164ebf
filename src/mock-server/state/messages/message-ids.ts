import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The ids of one conversation's messages, computed from their sequences instead of stored
 * (docs/architecture.md, "Memory: compact messages"; what a stored UUID and the map entry that
 * finds it cost: docs/benchmarks.md, "Memory: a message in 280 bytes").
 *
 * A message id is an RFC 9562 version 8 UUID (the version for layouts of one's own), so it is a
 * UUID as SPEC.md section 2 requires: `PPPPPPPP-PPPP-8PPP-VPPP-SSSSSSSSSSSS`. The first 74 bits
 * (`P`, and two bits of `V`) name the conversation; the last 48 bits (`S`) are its sequence,
 * enciphered with a 4-round Feistel network under the conversation's own round keys. Both come
 * from an HMAC-SHA256 of the conversation id under the state's message-id key, which is secret
 * and saved with the state. So nobody learns another message's id from one they hold: a former
 * member cannot count the messages sent since by asking for ids, and ids stay the same across
 * restarts, snapshots and `--persist`.
 */
export class MessageIdSpace {
  /** The first 24 characters of every id of this conversation, up to and including the last `-`. */
  readonly prefix: string;
  private readonly keys: readonly [number, number, number, number];

  constructor(readonly conversationId: string, stateKey: string) {
    const bytes = hmac(sha256, utf8ToBytes(stateKey), utf8ToBytes(conversationId));
    let hex = '';
    for (let index = 0; index < 10; index += 1) hex += bytes[index]!.toString(16).padStart(2, '0');
    // 18 hex digits, then the variant nibble (10xx) carries two more bits.
    const variant = (8 | (bytes[9]! & 3)).toString(16);
    this.prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(12, 15)}-${variant}${hex.slice(15, 18)}-`;
    const word = (at: number) => ((bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!) >>> 0;
    this.keys = [word(12), word(15), word(18), word(21)];
  }

  /** The id of the message with this sequence (1 to 2^48 - 1). */
  idOf(sequence: number): string {
    let left = Math.floor(sequence / HALF);
    let right = sequence % HALF;
    for (const key of this.keys) [left, right] = [right, (left ^ round(right, key)) >>> 0];
    return this.prefix + hex6(left) + hex6(right);
  }

  /**
   * The sequence whose id is `id`, or null when `id` is not one of this conversation's (its
   * prefix is another's, or its last 12 characters are not lowercase hex). Exact: `idOf` of the
   * answer is `id` itself.
   */
  sequenceOf(id: string): number | null {
    if (id.length !== ID_LENGTH || !id.startsWith(this.prefix)) return null;
    let left = parseHex6(id, 24);
    let right = parseHex6(id, 30);
    if (left < 0 || right < 0) return null;
    for (let index = this.keys.length - 1; index >= 0; index -= 1) [left, right] = [(right ^ round(left, this.keys[index]!)) >>> 0, left];
    return left * HALF + right;
  }
}

const HALF = 0x1000000;
const ID_LENGTH = 36;

/** The round function: a keyed 32-bit mix (lowbias32), cut to 24 bits. */
function round(half: number, key: number): number {
  let x = (half ^ key) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) & 0xffffff;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Six lowercase hex digits of a 24-bit value (a table of bytes: about a third faster than `toString(16)` and `padStart`). */
function hex6(value: number): string {
  return HEX[value >>> 16]! + HEX[(value >>> 8) & 0xff]! + HEX[value & 0xff]!;
}

/** Six lowercase hex digits of `text` from `at`, or -1. */
function parseHex6(text: string, at: number): number {
  let value = 0;
  for (let index = at; index < at + 6; index += 1) {
    const code = text.charCodeAt(index);
    const digit = code >= 48 && code <= 57 ? code - 48 : code >= 97 && code <= 102 ? code - 87 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** Spaces made, by key and conversation: a restore (an MSW reset) opens the same ones again. */
const spaces = new Map<string, MessageIdSpace>();
const SPACES_KEPT = 10_000;

/** The {@link MessageIdSpace} of `conversationId` under `stateKey` (an HMAC, made once: docs/benchmarks.md, "Per-call costs"). */
export function messageIdSpace(conversationId: string, stateKey: string): MessageIdSpace {
  const cacheKey = `${stateKey}\u0000${conversationId}`;
  let space = spaces.get(cacheKey);
  if (space === undefined) {
    if (spaces.size >= SPACES_KEPT) spaces.clear();
    space = new MessageIdSpace(conversationId, stateKey);
    spaces.set(cacheKey, space);
  }
  return space;
}

/** The prefix every id of a {@link MessageIdSpace} starts with, read off an id; null when `id` cannot be one. */
export function messageIdPrefix(id: string): string | null {
  return id.length === ID_LENGTH && id.charCodeAt(14) === 56 /* '8' */ ? id.slice(0, 24) : null;
}
