import type { Messages } from '../messages/messages.js';
import type { MessageRecord } from '../messages/records.js';
import { LEVELS, termLevel } from './relevance.js';
import { searchWords } from './words.js';

/** Where the search reads a message the index holds by id: the messages service. */
export type MessageLookup = Pick<Messages, 'find'>;

/** Per level (0 the best), the ids the index filed there, oldest filing first; a level may be missing. */
export type Levels = readonly (readonly string[] | undefined)[];

/** A message found for a query, with its level summed over the query's words (0 the best). */
export interface LevelHit {
  readonly message: MessageRecord;
  readonly level: number;
}

/** Best first: by level, then newest (within a conversation, sequence order is send order). */
export const byLevelThenNewest = (a: LevelHit, b: LevelHit) => a.level - b.level || b.message.sequence - a.message.sequence;

/**
 * One query word's matches, read best first: by level, then newest. The index's list of a level
 * is in sequence order but for the re-filed (edited) messages, which sit at its end: those are
 * skipped there and read from `extras` instead (each level's re-filed matches, newest first).
 */
class WordStream {
  private level = -1;
  /** The next index to read, backwards, in the index's list of `level`. */
  private at = 0;
  /** The next index to read in `extras[level]`. */
  private extra = 0;
  /** The next hit (cached), or null once every match was read. */
  private next: LevelHit | null | undefined;

  constructor(
    private readonly messages: MessageLookup,
    private readonly levels: Levels,
    private readonly refiled: ReadonlySet<string>,
    private readonly extras: readonly MessageRecord[][],
  ) {
    this.nextLevel();
  }

  /** The next match, not consumed; null once all were read. */
  peek(): LevelHit | null {
    if (this.next !== undefined) return this.next;
    for (;;) {
      if (this.level >= LEVELS) return (this.next = null);
      const ids = this.levels[this.level] ?? [];
      while (this.at >= 0 && this.refiled.has(ids[this.at]!)) this.at--;
      const fromList = this.at >= 0 ? this.messages.find(ids[this.at]!)! : undefined;
      const fromExtras = this.extras[this.level]![this.extra];
      if (fromList === undefined && fromExtras === undefined) {
        this.nextLevel();
        continue;
      }
      const message = fromExtras === undefined || (fromList !== undefined && fromList.sequence > fromExtras.sequence) ? fromList! : fromExtras;
      return (this.next = { message, level: this.level });
    }
  }

  /** Consumes the match {@link peek} shows. */
  advance(): void {
    const hit = this.peek();
    if (hit === null) return;
    if (this.extras[this.level]![this.extra] === hit.message) this.extra++;
    else this.at--;
    this.next = undefined;
  }

  private nextLevel(): void {
    this.level++;
    this.at = (this.levels[this.level]?.length ?? 0) - 1;
    this.extra = 0;
  }
}

/**
 * The best `limit` messages holding every query word (each word's level summed, then newest),
 * by Fagin's threshold algorithm: every word's matches are read best first, in turn, and each
 * message seen is scored at once from its text ({@link termLevel}, the level the index filed it
 * under). A message none of the lists has reached yet scores at least the sum of the levels the
 * lists stand at, and if exactly that, it is older than every list's position: reading stops
 * once the `limit`-th best found beats that. Words that occur together (a phrase) end reading
 * after about `limit` matches each, however many messages hold them: the cost follows how far
 * down the lists the best answers sit, not how long the lists are.
 *
 * Words that seldom meet in one message make any exact method read one of them whole: once the
 * reads pass `readBudget` (by default a sixty-fourth of the matches), {@link byLookups} answers.
 *
 * `levels`: each query word's lists from the index; `refiled`: the messages re-filed (edited)
 * since the index was built, whose entries are out of sequence order.
 */
export function allWords(
  messages: MessageLookup,
  terms: readonly string[],
  levels: readonly Levels[],
  refiled: ReadonlySet<string>,
  limit: number,
  readBudget = Math.max(MIN_READS, matchesOf(levels) / READS_PER_LOOKUP),
): LevelHit[] {
  const extras = terms.map(() => Array.from({ length: LEVELS }, (): MessageRecord[] => []));
  for (const id of refiled) {
    const message = messages.find(id);
    if (!message || message.content === null) continue;
    const words = searchWords(message.content);
    terms.forEach((term, word) => {
      const level = termLevel(words, term);
      if (level !== undefined) extras[word]![level]!.push(message);
    });
  }
  for (const perWord of extras) for (const list of perWord) list.sort((a, b) => b.sequence - a.sequence);
  const streams = terms.map((_, word) => new WordStream(messages, levels[word]!, refiled, extras[word]!));

  const seen = new Set<string>();
  const best: LevelHit[] = [];
  let budget = readBudget;
  for (;;) {
    if ((budget -= streams.length) < 0) return byLookups(messages, levels, limit);
    for (const stream of streams) {
      const hit = stream.peek();
      if (hit === null) return best;
      stream.advance();
      if (seen.has(hit.message.id)) continue;
      seen.add(hit.message.id);
      const level = levelOfAll(hit.message, terms);
      if (level !== undefined) keepBest(best, { message: hit.message, level }, limit);
    }
    if (best.length < limit) continue;
    // What a message no list has reached yet scores at best, and (at that score) its newest sequence.
    let threshold = 0;
    let newest = Infinity;
    for (const stream of streams) {
      const head = stream.peek();
      // A list read to its end: every message holding all the words has been seen.
      if (head === null) return best;
      threshold += head.level;
      newest = Math.min(newest, head.message.sequence);
    }
    const last = best[limit - 1]!;
    if (last.level < threshold || (last.level === threshold && last.message.sequence > newest)) return best;
  }
}

/**
 * Reading a match scores its message from its text; a lookup in a map costs some 15 times less:
 * reading stops (and the lookups take over) once it has cost about a quarter of what they will.
 */
const READS_PER_LOOKUP = 64;
/** Reads allowed however few the matches are. */
const MIN_READS = 64;

function matchesOf(levels: readonly Levels[]): number {
  let count = 0;
  for (const perLevel of levels) for (const ids of perLevel) count += ids?.length ?? 0;
  return count;
}

/**
 * The plain way, O(matches of the query's words): the matches of the word with the fewest are
 * read level by level (best first) and looked up in the other words' matches (a map of id to
 * level each), scored by the sum. Reading stops before a level that cannot beat the `limit`
 * found so far: nothing there scores below that level plus the best levels of the other words.
 * Exact whatever the order of the lists.
 */
export function byLookups(messages: MessageLookup, levels: readonly Levels[], limit: number): LevelHit[] {
  const sizes = levels.map((perLevel) => perLevel.reduce((sum, ids) => sum + (ids?.length ?? 0), 0));
  const driver = sizes.indexOf(Math.min(...sizes));
  if (sizes[driver] === 0) return [];
  const others = levels.filter((_, index) => index !== driver).map(levelById);
  const othersBest = others.reduce((sum, byId) => sum + byId.best, 0);
  const found: LevelHit[] = [];
  for (let level = 0; level < LEVELS; level++) {
    const ids = levels[driver]![level];
    if (!ids || ids.length === 0) continue;
    if (found.filter((hit) => hit.level < level + othersBest).length >= limit) break;
    next: for (const id of ids) {
      let sum = level;
      for (const { levels: otherLevels } of others) {
        const other = otherLevels.get(id);
        if (other === undefined) continue next;
        sum += other;
      }
      found.push({ message: messages.find(id)!, level: sum });
    }
  }
  return found.sort(byLevelThenNewest).slice(0, limit);
}

/** Each id's level for one word, and the best level that word has anywhere. */
function levelById(perLevel: Levels): { levels: Map<string, number>; best: number } {
  const levels = new Map<string, number>();
  let best = LEVELS;
  perLevel.forEach((ids, level) => {
    if (!ids || ids.length === 0) return;
    best = Math.min(best, level);
    for (const id of ids) levels.set(id, level);
  });
  return { levels, best };
}

/** The message's level summed over `terms`, or undefined when a term begins none of its words. */
function levelOfAll(message: MessageRecord, terms: readonly string[]): number | undefined {
  const words = searchWords(message.content ?? '');
  let sum = 0;
  for (const term of terms) {
    const level = termLevel(words, term);
    if (level === undefined) return undefined;
    sum += level;
  }
  return sum;
}

/** Inserts `hit` into `best` (sorted, at most `limit` long) if it belongs there. */
function keepBest(best: LevelHit[], hit: LevelHit, limit: number): void {
  let at = best.length;
  while (at > 0 && byLevelThenNewest(hit, best[at - 1]!) < 0) at--;
  if (at >= limit) return;
  best.splice(at, 0, hit);
  if (best.length > limit) best.pop();
}
