import { GraphQLError, type ExecutionResult } from 'graphql';
import { ErrorCode } from '../../schema/error-codes.js';
import { limitFlags, type QueryLimits } from './limits.js';

/** An execution result, or one as sent (its errors as JSON). */
export interface Answer {
  readonly errors?: readonly { readonly message: string }[];
  readonly data?: unknown;
}

/** The longest a JSON number can be (`-1.7976931348623157e+308`). */
const NUMBER_MAX = 24;
/**
 * The most UTF-8 bytes one UTF-16 unit of a string can take in JSON: a `\u001f` escape (6);
 * a surrogate pair takes 4 for 2 units, any other unit at most 3.
 */
const UNIT_MAX = 6;

/** The bytes a leaf counts (a string its length and quotes, anything else one), or -1 for an array or object. */
function leafBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  return typeof value === 'object' && value !== null ? -1 : 1;
}

/**
 * What is left of `left` bytes once `value` is counted as JSON, at least: a string counts its
 * length and quotes (UTF-8 takes at least one byte per UTF-16 unit), anything else but an array
 * or object one byte. Negative once the count has passed `left`, where the walk stops. Leaves are
 * counted in the loops, not by a call each: most of an answer is leaves, and this walk runs on
 * every answer (docs/mock-behaviour.md has what it costs).
 */
function leftAfter(value: unknown, left: number): number {
  const leaf = leafBytes(value);
  if (leaf >= 0) return left - leaf;
  if (Array.isArray(value)) {
    // Brackets and commas.
    left -= value.length + 1;
    for (let index = 0; index < value.length && left >= 0; index++) {
      const element: unknown = value[index];
      const bytes = leafBytes(element);
      left = bytes >= 0 ? left - bytes : leftAfter(element, left);
    }
    return left;
  }
  // Braces, and per key its quotes, colon and comma (one comma fewer than keys: the brace makes up for it).
  left -= 1;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const child = object[key];
    if (child === undefined) continue;
    const bytes = leafBytes(child);
    left = bytes >= 0 ? left - key.length - 4 - bytes : leftAfter(child, left - key.length - 4);
    if (left < 0) return left;
  }
  return left;
}

/** At most the UTF-8 bytes of `value` as JSON, counted as {@link answerLowerBound} counts, and no further than past `stopAbove`. */
export function jsonLowerBound(value: unknown, stopAbove: number): number {
  return stopAbove - leftAfter(value, stopAbove);
}

/**
 * At most the UTF-8 bytes of `result` as JSON, counted without serializing anything and no
 * further than past `stopAbove`: a 40,000-character string costs the walk what a short one does,
 * so an answer of many large strings is known to be too large after the first few. Errors count
 * their message.
 */
export function answerLowerBound(result: Answer, stopAbove: number): number {
  let left = stopAbove - '{"data":}'.length;
  for (const error of result.errors ?? []) left -= error.message.length + '{"message":""},'.length;
  if (left < 0 || result.data === undefined) return stopAbove - left;
  return stopAbove - leftAfter(result.data, left);
}

/** At least the UTF-8 bytes of `value` as JSON; Infinity for what the walk cannot tell (`toJSON`, bigints). */
function upperOf(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return UNIT_MAX * value.length + 2;
    case 'number':
      return NUMBER_MAX;
    case 'boolean':
      return 5;
    case 'object': {
      if (value === null) return 4;
      if (Array.isArray(value)) return value.reduce((sum: number, element: unknown) => sum + upperOf(element ?? null) + 1, 2);
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return Infinity;
      let bytes = 2;
      const object = value as Record<string, unknown>;
      for (const key in object) {
        const child = object[key];
        if (child !== undefined && typeof child !== 'function') bytes += UNIT_MAX * key.length + 4 + upperOf(child);
      }
      return bytes;
    }
    default:
      return Infinity;
  }
}

const encoder = new TextEncoder();
/** UTF-16 units encoded at a time: at most 3 bytes each, so the scratch buffer always holds them. */
const CHUNK_UNITS = 16_384;
const scratch = new Uint8Array(CHUNK_UNITS * 3 + 4);

/**
 * The UTF-8 bytes of `text` (a string from `JSON.stringify`, so no lone surrogate), counted by the
 * platform's encoder a chunk at a time into one scratch buffer: no copy of the whole text, and
 * native speed (a loop over the units in JavaScript was the slowest step of a large answer; see
 * docs/mock-behaviour.md). A chunk never ends between the two halves of a surrogate pair.
 */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + CHUNK_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff && end < text.length) end += 1;
    bytes += encoder.encodeInto(text.slice(start, end), scratch).written;
    start = end;
  }
  return bytes;
}

/** Whether `text` takes more than `maxBytes` bytes of UTF-8, counted only when its length cannot tell. */
export function textOverBytes(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return utf8Length(text) > maxBytes;
}

/**
 * Whether `payload` (a result as it is sent: errors formatted) takes at most `maxBytes` as JSON.
 * Serialized only when neither bound can tell: answers with errors, or within a factor of six of
 * the limit.
 */
export function payloadFits(payload: Answer, maxBytes: number): boolean {
  if (answerLowerBound(payload, maxBytes) > maxBytes) return false;
  if (!payload.errors?.length && upperOf(payload.data) + '{"data":}'.length <= maxBytes) return true;
  return !textOverBytes(JSON.stringify(payload), maxBytes);
}

/** The RESPONSE_TOO_LARGE error: what the answer would have been, and the flag that raises the limit. */
export function responseTooLarge(limits: Pick<QueryLimits, 'maxResponseBytes'>): GraphQLError {
  return new GraphQLError(
    `The answer would be larger than ${limits.maxResponseBytes} bytes, so it is not sent: select fewer fields, aliases or items per page. Raise the limit with ${limitFlags.maxResponseBytes}.`,
    { extensions: { code: ErrorCode.RESPONSE_TOO_LARGE } },
  );
}

/**
 * The answer in place of one that is too large: no data (the operation ran: a mutation's
 * changes stay), one RESPONSE_TOO_LARGE error. `data: null` makes it an execution result, so
 * it is sent as one (HTTP 200, a graphql-ws `next`), like any field error that nulls the root.
 */
export function tooLargeAnswer(limits: Pick<QueryLimits, 'maxResponseBytes'>): ExecutionResult {
  return { errors: [responseTooLarge(limits)], data: null };
}
