import { LEVELS } from './relevance.js';

/**
 * Per level (0 the best), the log positions (0 the oldest message of the conversation) filed
 * there, ascending, so in sequence order; a level may be missing.
 */
export type Levels = readonly (readonly number[] | undefined)[];

/**
 * The messages one prefix is filed for, in the least memory for their number. An entry is one
 * integer, `position * LEVELS + level`; positions are distinct, so entries sort by position.
 * - one message: the entry alone (no allocation: most prefixes of uncommon words are one message's);
 * - a few (2 to {@link FEW_MAX}): their entries in an array of exactly that length, ascending;
 * - more: {@link Many}, a list of positions per level.
 */
export type Filing = number | readonly number[] | Many;

const FEW_MAX = 16;

/** A common prefix's messages: per level, the positions, ascending (lists grow by appending, as messages are sent). */
export class Many {
  readonly lists: (number[] | undefined)[] = new Array<number[] | undefined>(LEVELS).fill(undefined);
  count = 0;

  add(position: number, level: number): void {
    const list = this.lists[level];
    if (list === undefined) this.lists[level] = [position];
    // Sends append (the newest position); a re-filed edit goes back where its sequence is.
    else if (list[list.length - 1]! < position) list.push(position);
    else list.splice(searchSorted(list, position), 0, position);
    this.count++;
  }

  /** Whether the entry was there (and is no more). */
  remove(position: number, level: number): boolean {
    const list = this.lists[level];
    if (list === undefined) return false;
    const at = searchSorted(list, position);
    if (list[at] !== position) return false;
    list.splice(at, 1);
    if (list.length === 0) this.lists[level] = undefined;
    this.count--;
    return true;
  }

  /** Every entry, ascending. */
  entries(): number[] {
    const entries: number[] = [];
    this.lists.forEach((list, level) => {
      for (const position of list ?? []) entries.push(position * LEVELS + level);
    });
    return entries.sort((a, b) => a - b);
  }
}

/** Index of `value` in ascending `list`, or where it would go. */
function searchSorted(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** `list` with `value` at `at`, in a new array of exactly the length needed. */
function inserted(list: readonly number[], at: number, value: number): number[] {
  const next = new Array<number>(list.length + 1);
  for (let i = 0; i < at; i++) next[i] = list[i]!;
  next[at] = value;
  for (let i = at; i < list.length; i++) next[i + 1] = list[i]!;
  return next;
}

/** `list` without the value at `at`, in a new array of exactly the length needed. */
function removed(list: readonly number[], at: number): number[] {
  const next = new Array<number>(list.length - 1);
  for (let i = 0; i < at; i++) next[i] = list[i]!;
  for (let i = at + 1; i < list.length; i++) next[i - 1] = list[i]!;
  return next;
}

function manyOf(entries: readonly number[]): Many {
  const many = new Many();
  for (const entry of entries) many.add(Math.floor(entry / LEVELS), entry % LEVELS);
  return many;
}

/** `filing` with the message at `position` filed at `level` (it must not be there yet). */
export function withEntry(filing: Filing | undefined, position: number, level: number): Filing {
  const entry = position * LEVELS + level;
  if (filing === undefined) return entry;
  if (typeof filing === 'number') return filing < entry ? [filing, entry] : [entry, filing];
  if (filing instanceof Many) {
    filing.add(position, level);
    return filing;
  }
  const few = inserted(filing, searchSorted(filing, entry), entry);
  return few.length > FEW_MAX ? manyOf(few) : few;
}

/**
 * `filing` without the message at `position` filed at `level`: undefined once nothing is left,
 * `false` when that entry was not there.
 */
export function withoutEntry(filing: Filing, position: number, level: number): Filing | undefined | false {
  const entry = position * LEVELS + level;
  if (typeof filing === 'number') return filing === entry ? undefined : false;
  if (filing instanceof Many) {
    if (!filing.remove(position, level)) return false;
    // Back to the small form once it fits comfortably (not at once: no back and forth at the edge).
    return filing.count <= FEW_MAX / 2 ? fewOf(filing.entries()) : filing;
  }
  const at = searchSorted(filing, entry);
  if (filing[at] !== entry) return false;
  return fewOf(removed(filing, at));
}

function fewOf(entries: readonly number[]): Filing | undefined {
  if (entries.length === 0) return undefined;
  return entries.length === 1 ? entries[0]! : entries;
}

/** The positions of `filing` per level, ascending: read only, never changed. */
export function levelsOf(filing: Filing | undefined): Levels {
  if (filing === undefined) return [];
  if (filing instanceof Many) return filing.lists;
  const levels: number[][] = [];
  for (const entry of typeof filing === 'number' ? [filing] : filing) (levels[entry % LEVELS] ??= []).push(Math.floor(entry / LEVELS));
  return levels;
}
