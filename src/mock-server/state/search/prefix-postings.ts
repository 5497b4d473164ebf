import { levelOf } from './relevance.js';
import { levelsOf, withEntry, withoutEntry, type Filing, type Levels } from './filings.js';
import { searchWords } from './words.js';

/** How much an index holds: the prefixes it keys, and the (prefix, message) pairs filed under them. */
export interface IndexSize {
  readonly prefixes: number;
  readonly postings: number;
}

/**
 * V8 cuts substrings of 13 characters or more as views of the string they come from: a key kept
 * that way would keep a whole message's folded text alive after the message changed. Words are
 * at most 32 characters (`WORD_MAX`), so a copy of a long one costs little.
 */
const SLICED_FROM = 13;
function ownCopy(word: string): string {
  if (word.length < SLICED_FROM) return word;
  const units: number[] = [];
  for (let at = 0; at < word.length; at++) units.push(word.charCodeAt(at));
  return String.fromCharCode(...units);
}

/**
 * Calls `file` once per distinct prefix of the words of `content`, with the level of the first
 * word that has the prefix (counted with its repeats; see `termLevel` in `relevance.ts`). Time
 * and calls are at most the length of the text: a repeated word, or one an earlier word begins,
 * is skipped whole.
 */
function eachPrefix(content: string, file: (prefix: string, level: number) => void): void {
  const words = searchWords(content);
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  const seen = new Set<string>();
  for (const word of words) {
    if (seen.has(word)) continue;
    const level = levelOf(counts.get(word)!, words.length);
    const own = ownCopy(word);
    for (let length = 1; length <= own.length; length++) {
      const prefix = length === own.length ? own : own.slice(0, length);
      if (seen.has(prefix)) continue;
      seen.add(prefix);
      file(prefix, level);
    }
  }
}

/**
 * One conversation's prefix index: every prefix of every word of every live message, mapped to
 * the messages (log positions) that hold it, per level. It holds exactly what the live texts
 * give: a message's entries go when it is edited or deleted, and a prefix no message holds any
 * more is dropped, so the index never outgrows one copy of the text it indexes (entries per
 * message at most its length in characters). Adding or removing a message costs time in
 * proportion to its text (plus a binary search in the lists of common prefixes).
 */
export class PrefixPostings {
  private readonly byPrefix = new Map<string, Filing>();
  private postings = 0;

  /** Files the message at `position` of the log, whose text is `content`. */
  add(position: number, content: string): void {
    eachPrefix(content, (prefix, level) => this.file(prefix, position, level));
  }

  /** Takes out the message at `position`, filed earlier with `content` (its text then). */
  remove(position: number, content: string): void {
    eachPrefix(content, (prefix, level) => this.unfile(prefix, position, level));
  }

  /** The messages filed under `term`, per level, ascending; read only, never changed. */
  levels(term: string): Levels {
    return levelsOf(this.byPrefix.get(term));
  }

  get size(): IndexSize {
    return { prefixes: this.byPrefix.size, postings: this.postings };
  }

  private file(prefix: string, position: number, level: number): void {
    const before = this.byPrefix.get(prefix);
    const after = withEntry(before, position, level);
    if (after !== before) this.byPrefix.set(prefix, after);
    this.postings++;
  }

  private unfile(prefix: string, position: number, level: number): void {
    const before = this.byPrefix.get(prefix);
    if (before === undefined) return;
    const after = withoutEntry(before, position, level);
    if (after === false) return;
    this.postings--;
    if (after === undefined) this.byPrefix.delete(prefix);
    else if (after !== before) this.byPrefix.set(prefix, after);
  }
}
