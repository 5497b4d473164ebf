import type { MessageRecord } from '../messages/records.js';
import type { Levels } from './filings.js';
import { LEVELS, termLevel } from './relevance.js';
import { searchWords } from './words.js';

/** The message at a log position of the conversation searched (positions are what the index files). */
export type MessageAt = (position: number) => MessageRecord;

/** A message found for a query, with its level summed over the query's words (0 the best). */
export interface LevelHit {
  readonly message: MessageRecord;
  readonly level: number;
}

/** Best first: by level, then newest (within a conversation, sequence order is send order). */
export const byLevelThenNewest = (a: LevelHit, b: LevelHit) => a.level - b.level || b.message.sequence - a.message.sequence;

/** One query word's matches, read best first: by level, then newest (each level's list is in sequence order, read from its end). */
class WordStream {
  private level = -1;
  /** The next index to read, backwards, in the list of `level`. */
  private at = 0;
  /** The next hit (cached), or null once every match was read. */
  private next: LevelHit | null | undefined;

  constructor(
    private readonly messageAt: MessageAt,
    private readonly levels: Levels,
  ) {
    this.nextLevel();
  }

  /** The next match, not consumed; null once all were read. */
  peek(): LevelHit | null {
    if (this.next !== undefined) return this.next;
    for (;;) {
      if (this.level >= LEVELS) return (this.next = null);
      if (this.at < 0) {
        this.nextLevel();
        continue;
      }
      return (this.next = { message: this.messageAt(this.levels[this.level]![this.at]!), level: this.level });
    }
  }

  /** Consumes the match {@link peek} shows. */
  advance(): void {
    if (this.peek() === null) return;
    this.at--;
    this.next = undefined;
  }

  private nextLevel(): void {
    this.level++;
    this.at = (this.levels[this.level]?.length ?? 0) - 1;
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
 * `levels`: each query word's lists from the index.
 */
export function allWords(
  messageAt: MessageAt,
  terms: readonly string[],
  levels: readonly Levels[],
  limit: number,
  readBudget = Math.max(MIN_READS, matchesOf(levels) / READS_PER_LOOKUP),
): LevelHit[] {
  const streams = levels.map((perWord) => new WordStream(messageAt, perWord));

  const seen = new Set<string>();
  const best: LevelHit[] = [];
  let budget = readBudget;
  for (;;) {
    if ((budget -= streams.length) < 0) return byLookups(messageAt, levels, limit);
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
  for (const perLevel of levels) for (const positions of perLevel) count += positions?.length ?? 0;
  return count;
}

/**
 * The plain way, O(matches of the query's words): the matches of the word with the fewest are
 * read level by level (best first) and looked up in the other words' matches (a map of position to
 * level each), scored by the sum. Reading stops before a level that cannot beat the `limit`
 * found so far: nothing there scores below that level plus the best levels of the other words.
 * Exact whatever the order of the lists.
 */
export function byLookups(messageAt: MessageAt, levels: readonly Levels[], limit: number): LevelHit[] {
  const sizes = levels.map((perLevel) => perLevel.reduce((sum, positions) => sum + (positions?.length ?? 0), 0));
  const driver = sizes.indexOf(Math.min(...sizes));
  if (sizes[driver] === 0) return [];
  const others = levels.filter((_, index) => index !== driver).map(levelByPosition);
  const othersBest = others.reduce((sum, other) => sum + other.best, 0);
  const found: LevelHit[] = [];
  for (let level = 0; level < LEVELS; level++) {
    const positions = levels[driver]![level];
    if (!positions || positions.length === 0) continue;
    if (found.filter((hit) => hit.level < level + othersBest).length >= limit) break;
    next: for (const position of positions) {
      let sum = level;
      for (const { levels: otherLevels } of others) {
        const other = otherLevels.get(position);
        if (other === undefined) continue next;
        sum += other;
      }
      found.push({ message: messageAt(position), level: sum });
    }
  }
  return found.sort(byLevelThenNewest).slice(0, limit);
}

/** Each position's level for one word, and the best level that word has anywhere. */
function levelByPosition(perLevel: Levels): { levels: Map<number, number>; best: number } {
  const levels = new Map<number, number>();
  let best = LEVELS;
  perLevel.forEach((positions, level) => {
    if (!positions || positions.length === 0) return;
    best = Math.min(best, level);
    for (const position of positions) levels.set(position, level);
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
