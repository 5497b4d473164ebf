import { REDACTED, SECRET_KEY } from './redact.js';

/**
 * How many bytes of a request's variables one journal entry keeps, at most (estimated as JSON,
 * counting UTF-16 units). Enough to read the requests of the contract whole but for a long
 * message's text; a request that sends more (a megabyte of objects in an unused variable) is
 * kept up to here, and a marker says how much was cut.
 *
 * @default 4096
 */
export const JOURNAL_VARIABLES_MAX_BYTES = 4 * 1024;

/**
 * How deep the journal follows nested variables; a list or object below this is replaced by
 * {@link DEEPER_MARKER} without being walked. No input of the contract nests half as deep.
 *
 * @default 32
 */
export const JOURNAL_VARIABLES_MAX_DEPTH = 32;

/** What the journal shows in place of a list or object nested deeper than {@link JOURNAL_VARIABLES_MAX_DEPTH}. */
export const DEEPER_MARKER = `[cut: nested deeper than ${JOURNAL_VARIABLES_MAX_DEPTH}]`;

/**
 * How many values past the cut are counted to say how much was cut. Counting a megabyte of small
 * objects costs about as much as parsing it did; this keeps it to a small part of that (and ends
 * the walk of a self-referencing object, possible from code only). Past it the marker says
 * "more than N bytes".
 */
const MAX_COUNTED_VALUES = 1 << 15;

/** What {@link summariseVariables} makes of a request's variables. */
export interface VariablesSummary {
  /** A fresh copy, secrets redacted, cut to the budget; nothing in it is shared with the input. */
  readonly value: unknown;
  /** The estimated JSON size of {@link value}, for the journal's byte accounting. */
  readonly bytes: number;
}

/** What to hide and how much to keep. */
export interface SummaryOptions {
  /** Variables (top-level names) used in a secret position of the document (`secret-variables.ts`). */
  readonly secretVariables?: ReadonlySet<string>;
  /**
   * Hide every string: for a request whose document is unknown (it did not parse or validate),
   * whose variables may hold a secret under any name.
   *
   * @default false
   */
  readonly hideStrings?: boolean;
  /** @default JOURNAL_VARIABLES_MAX_BYTES */
  readonly maxBytes?: number;
}

type Container = unknown[] | Record<string, unknown>;

/** One list or object being walked: the walk keeps these on an explicit stack instead of recursing. */
interface Level {
  readonly source: Container;
  /** The object's keys; null for a list. */
  readonly keys: readonly string[] | null;
  index: number;
  /** Where the copy goes. */
  readonly target: Container;
  readonly depth: number;
}

/**
 * A bounded copy of a request's variables for the journal: every value under a {@link SECRET_KEY}
 * name or a secret variable becomes {@link REDACTED}, lists and objects nested deeper than
 * {@link JOURNAL_VARIABLES_MAX_DEPTH} become {@link DEEPER_MARKER}, and the copy stops at
 * `maxBytes`: the first value that does not fit becomes `"[cut: N bytes]"` (a string keeps its
 * start: `"abc…[cut: N bytes]"`), and what follows it in document order is left out, N counting
 * all of it (`"[cut: more than N bytes]"` once 32 768 values were counted). Walks with an explicit
 * stack, so any shape is safe, and copies at most `maxBytes`: a huge request costs a bounded count,
 * never a huge copy.
 *
 * @example
 * summariseVariables({ p: 'pw', n: 1 }, { secretVariables: new Set(['p']) }).value; // { p: '[redacted]', n: 1 }
 */
export function summariseVariables(variables: unknown, options: SummaryOptions = {}): VariablesSummary {
  const { secretVariables, hideStrings = false, maxBytes = JOURNAL_VARIABLES_MAX_BYTES } = options;
  if (variables === null || typeof variables !== 'object') {
    const [value, bytes] = scalar(variables, hideStrings);
    return bytes <= maxBytes ? { value, bytes } : { value: `[cut: ${bytes} bytes]`, bytes: 24 };
  }
  const root: Container = Array.isArray(variables) ? [] : {};
  const levels: Level[] = [levelOf(variables as Container, root, 1)];
  let kept = 2;
  while (levels.length > 0) {
    const level = levels[levels.length - 1]!;
    const { source, keys } = level;
    const length = keys === null ? (source as unknown[]).length : keys.length;
    if (level.index >= length) {
      levels.pop();
      continue;
    }
    const index = level.index++;
    const key = keys === null ? null : keys[index]!;
    const value = key === null ? (source as unknown[])[index] : (source as Record<string, unknown>)[key];
    // A comma, and a key with its quotes and colon.
    let bytes = key === null ? 1 : key.length + 4;
    let copy: unknown;
    let child: Container | null = null;
    if (key !== null && (SECRET_KEY.test(key) || (level.depth === 1 && secretVariables?.has(key) === true))) {
      copy = REDACTED;
      bytes += REDACTED.length + 2;
    } else if (value !== null && typeof value === 'object') {
      if (level.depth >= JOURNAL_VARIABLES_MAX_DEPTH) {
        copy = DEEPER_MARKER;
        bytes += DEEPER_MARKER.length + 2;
      } else {
        child = Array.isArray(value) ? [] : {};
        copy = child;
        bytes += 2;
      }
    } else {
      const [value_, bytes_] = scalar(value, hideStrings);
      copy = value_;
      bytes += bytes_;
    }

    if (kept + bytes > maxBytes) {
      // The first value that does not fit: the cut starts here. A string keeps what fits of it.
      const room = maxBytes - kept;
      const prefix = typeof copy === 'string' && room > 0 ? copy.slice(0, room) : '';
      kept += prefix.length;
      // What is left out is only counted, with a plain stack of values: no copy, no key lists.
      const rest = countRest(levels, child === null ? null : value, level.depth);
      const marker = `${prefix === '' ? '' : `${prefix}…`}[cut: ${rest.complete ? '' : 'more than '}${bytes - prefix.length + rest.bytes} bytes]`;
      put(level.target, key, marker);
      kept += marker.length + 2 - prefix.length;
      break;
    }
    kept += bytes;
    put(level.target, key, copy);
    if (child !== null) levels.push(levelOf(value as Container, child, level.depth + 1));
  }
  return { value: root, bytes: kept };
}

function levelOf(source: Container, target: Container, depth: number): Level {
  return { source, keys: Array.isArray(source) ? null : Object.keys(source), index: 0, target, depth };
}

/**
 * The estimated JSON size of what the walk leaves out: the value that did not fit (`cutValue`,
 * when it is a list or object, found at `cutDepth`) and the unwalked rest of every open level.
 * Each value is counted with everything below it before the next is taken, so the stack stays as
 * short as the data is deep (pushing a megabyte's worth of values first cost more than counting
 * them); `complete` is false when {@link MAX_COUNTED_VALUES} ran out first.
 */
function countRest(levels: readonly Level[], cutValue: unknown, cutDepth: number): { bytes: number; complete: boolean } {
  const values: unknown[] = [];
  const depths: number[] = [];
  let bytes = 0;
  let counted = 0;
  const drain = (): boolean => {
    while (values.length > 0) {
      if (++counted > MAX_COUNTED_VALUES) return false;
      const value = values.pop();
      const depth = depths.pop()!;
      if (value === null || typeof value !== 'object') {
        bytes += scalarBytes(value);
      } else if (depth >= JOURNAL_VARIABLES_MAX_DEPTH) {
        bytes += DEEPER_MARKER.length + 2;
      } else if (Array.isArray(value)) {
        bytes += 2;
        for (const item of value as unknown[]) {
          bytes += 1;
          values.push(item);
          depths.push(depth + 1);
        }
      } else {
        bytes += 2;
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          bytes += key.length + 4;
          values.push((value as Record<string, unknown>)[key]);
          depths.push(depth + 1);
        }
      }
    }
    return true;
  };
  if (cutValue !== null) {
    values.push(cutValue);
    depths.push(cutDepth);
    bytes -= 2; // its brackets were counted where it did not fit
    if (!drain()) return { bytes, complete: false };
  }
  // Innermost level first; the order does not matter for a sum.
  for (let at = levels.length - 1; at >= 0; at--) {
    const { source, keys, depth, index: from } = levels[at]!;
    const length = keys === null ? (source as unknown[]).length : keys.length;
    for (let index = from; index < length; index++) {
      const key = keys === null ? null : keys[index]!;
      bytes += key === null ? 1 : key.length + 4;
      values.push(key === null ? (source as unknown[])[index] : (source as Record<string, unknown>)[key]);
      depths.push(depth);
      if (!drain()) return { bytes, complete: false };
    }
  }
  return { bytes, complete: true };
}

/** A scalar as the journal shows it, and its estimated JSON size. */
function scalar(value: unknown, hideStrings: boolean): [unknown, number] {
  if (typeof value === 'string') return hideStrings ? [REDACTED, REDACTED.length + 2] : [value, value.length + 2];
  if (value === undefined) return [null, 4];
  // bigint, symbol, function: only from code, never from JSON; shown as text.
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return [String(value), String(value).length + 2];
  return [value, scalarBytes(value)];
}

/** The estimated JSON size of a scalar: a number's digits are not worth counting. */
function scalarBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 8;
    case 'boolean':
      return 5;
    default:
      return 4;
  }
}

/** Appends to a list, or sets a key (an own `__proto__` from JSON stays a plain key, not a prototype). */
function put(target: Container, key: string | null, value: unknown): void {
  if (key === null) (target as unknown[]).push(value);
  else if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else (target as Record<string, unknown>)[key] = value;
}
