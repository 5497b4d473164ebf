import type { Index as FlexIndex, IndexOptions } from 'flexsearch';
import type { ConversationRecord } from '../conversations/records.js';
import { lazy } from '../lazy.js';
import type { MessageRecord } from '../messages/records.js';
import type { MessageWatcher } from '../messages/messages.js';
import type { Tables } from '../tables.js';
import { searchWords } from './words.js';
import { indexScorer, LEVELS } from './relevance.js';

/** FlexSearch loads on the first search (about 10 ms), not at start-up. */
const loadFlexSearch = lazy(async () => (await import('flexsearch')).Index);
type IndexClass = Awaited<ReturnType<typeof loadFlexSearch>>;

/** A message found for a query, with its relevance level (0 the best; summed over the query's words). */
export interface MessageHit {
  readonly message: MessageRecord;
  readonly conversation: ConversationRecord;
  readonly level: number;
}

/** One conversation's index. */
interface ConversationIndex {
  readonly index: FlexIndex;
  /**
   * Messages re-filed since the index was built (edits): each sits at the end of its level's
   * list, out of sequence order. A one-word query reads that many extra entries per level, which
   * keeps its answer exact (see {@link MessageIndex.oneWord}).
   */
  refiled: number;
}

/** Per level (0 the best), the ids filed there, oldest filing first; a level may be missing. */
type Levels = readonly (readonly string[] | undefined)[];

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

/** Newest first: within a conversation, sequence order is send order. */
const bySequenceDesc = (a: MessageRecord, b: MessageRecord) => b.sequence - a.sequence;

/**
 * The full-text index of messages, one FlexSearch index per conversation: a search reads only
 * the indexes of the conversations the caller is in, so being in few of many conversations costs
 * nothing, and there is nothing to filter out afterwards.
 *
 * Lazy: a conversation's index is built from its log the first time a search reads it (start-up
 * and sending into unsearched conversations pay nothing); from then on it follows every send,
 * edit and delete ({@link MessageWatcher}), so a query never scans messages.
 *
 * FlexSearch files every prefix of every word ("forward" tokenizer) under a score level that our
 * scorer gives (`relevance.ts`), each level a list in insertion order. A one-word query reads the
 * newest entries of the best levels: its cost depends on the limit, not on the conversation's size.
 */
export class MessageIndex implements MessageWatcher {
  private readonly indexes = new Map<string, ConversationIndex>();
  private Index: IndexClass | null = null;

  constructor(private readonly tables: Tables) {}

  /** Loads the search library; call (and await) before {@link search}. */
  async load(): Promise<void> {
    this.Index ??= await loadFlexSearch();
  }

  sent(message: MessageRecord): void {
    const entry = this.indexes.get(message.conversationId);
    if (entry && message.content !== null) entry.index.add(message.id, message.content);
  }

  edited(message: MessageRecord): void {
    const entry = this.indexes.get(message.conversationId);
    if (!entry) return;
    entry.index.remove(message.id);
    if (message.content !== null) entry.index.add(message.id, message.content);
    entry.refiled++;
  }

  deleted(message: MessageRecord): void {
    this.indexes.get(message.conversationId)?.index.remove(message.id);
  }

  /**
   * The best `limit` messages of `conversation` for `terms` (folded query words, every one must
   * match the start of a word): by level, then newest first.
   */
  search(conversation: ConversationRecord, terms: readonly string[], limit: number): MessageHit[] {
    const { index, refiled } = this.indexOf(conversation);
    // Lists of ids per level, the index's own (read, never changed); the ids are message ids, strings.
    const levels = terms.map((term) => index.search(term, { resolve: false }).result as Levels);
    const found = terms.length === 1 ? this.oneWord(levels[0]!, limit, refiled) : this.allWords(levels, limit);
    return found.map(({ message, level }) => ({ message, conversation, level }));
  }

  /**
   * Exact top `limit` by (level, sequence desc) reading O(limit + refiled) entries per level:
   * within a level, entries filed in order (the build, then sends) are in sequence order, and
   * only the `refiled` edits can sit out of it; an edit further back than `limit + refiled`
   * from the end has more than `limit` messages sent after it, so it cannot be among the newest.
   */
  private oneWord(levels: Levels, limit: number, refiled: number) {
    const found: { message: MessageRecord; level: number }[] = [];
    for (let level = 0; level < LEVELS && found.length < limit; level++) {
      const ids = levels[level];
      if (!ids || ids.length === 0) continue;
      const window = ids.slice(Math.max(0, ids.length - limit - refiled));
      const messages = window.map((id) => this.tables.messages.get(id)!).sort(bySequenceDesc);
      for (const message of messages.slice(0, limit - found.length)) found.push({ message, level });
    }
    return found;
  }

  /**
   * Several words: the matches of the word with the fewest are read level by level (best first)
   * and looked up in the other words' matches (a map of id to level each), scored by the sum of
   * the levels. Reading stops before a level that cannot beat the `limit` found so far: nothing
   * there can score below that level plus the best levels of the other words. Costs O(matches
   * of the query's words), not O(messages).
   */
  private allWords(levels: readonly Levels[], limit: number) {
    const sizes = levels.map((perLevel) => perLevel.reduce((sum, ids) => sum + (ids?.length ?? 0), 0));
    const driver = sizes.indexOf(Math.min(...sizes));
    if (sizes[driver] === 0) return [];
    const others = levels.filter((_, index) => index !== driver).map(levelById);
    const othersBest = others.reduce((sum, byId) => sum + byId.best, 0);
    const found: { message: MessageRecord; level: number }[] = [];
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
        found.push({ message: this.tables.messages.get(id)!, level: sum });
      }
    }
    return found.sort((a, b) => a.level - b.level || bySequenceDesc(a.message, b.message)).slice(0, limit);
  }

  private indexOf(conversation: ConversationRecord): ConversationIndex {
    let entry = this.indexes.get(conversation.id);
    if (entry) return entry;
    if (!this.Index) throw new Error('MessageIndex.search before load()');
    const options: IndexOptions = {
      tokenize: 'forward',
      resolution: LEVELS,
      // `fastupdate` keeps, per message, where it is filed, so edits and deletes do not search.
      fastupdate: true,
      encode: searchWords,
      score: indexScorer(),
    };
    const index = new this.Index(options);
    for (const message of conversation.log.slice(0, conversation.log.size)) {
      if (message.content !== null) index.add(message.id, message.content);
    }
    entry = { index, refiled: 0 };
    this.indexes.set(conversation.id, entry);
    return entry;
  }
}
