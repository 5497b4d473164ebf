import type { Index as FlexIndex, IndexOptions } from 'flexsearch';
import type { ConversationRecord } from '../conversations/records.js';
import { lazyModule } from '../lazy.js';
import type { MessageRecord } from '../messages/records.js';
import type { MessageWatcher } from '../messages/messages.js';
import { searchWords } from './words.js';
import { indexScorer, LEVELS } from './relevance.js';
import { allWords, type Levels, type MessageLookup } from './all-words.js';

/** FlexSearch loads on the first search (about 10 ms), not at start-up. */
const loadFlexSearch = lazyModule('flexsearch', async () => (await import('flexsearch')).Index);
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
   * Live messages re-filed since the index was built (edits): each sits at the end of its
   * level's list, out of sequence order. A one-word query reads that many extra entries per
   * level, which keeps its answer exact (see {@link MessageIndex.oneWord}); several words read
   * them apart (see `all-words.ts`).
   */
  readonly refiled: Set<string>;
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
 * Several words read those lists best first, in turn, until the answer is certain (`all-words.ts`).
 */
export class MessageIndex implements MessageWatcher {
  private readonly indexes = new Map<string, ConversationIndex>();
  private Index: IndexClass | null = null;

  constructor(private readonly messages: MessageLookup) {}

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
    entry.refiled.add(message.id);
  }

  deleted(message: MessageRecord): void {
    const entry = this.indexes.get(message.conversationId);
    entry?.index.remove(message.id);
    entry?.refiled.delete(message.id);
  }

  /**
   * The best `limit` messages of `conversation` for `terms` (folded query words, every one must
   * match the start of a word): by level, then newest first. `readBudget`: see `allWords` (tests
   * pass 0 or Infinity to prove both of its ways give the same answer).
   */
  search(conversation: ConversationRecord, terms: readonly string[], limit: number, readBudget?: number): MessageHit[] {
    const { index, refiled } = this.indexOf(conversation);
    // Lists of ids per level, the index's own (read, never changed); the ids are message ids, strings.
    const levels = terms.map((term) => index.search(term, { resolve: false }).result as Levels);
    const found = terms.length === 1 ? this.oneWord(levels[0]!, limit, refiled.size) : allWords(this.messages, terms, levels, refiled, limit, readBudget);
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
      const messages = window.map((id) => this.messages.find(id)!).sort(bySequenceDesc);
      for (const message of messages.slice(0, limit - found.length)) found.push({ message, level });
    }
    return found;
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
    entry = { index, refiled: new Set() };
    this.indexes.set(conversation.id, entry);
    return entry;
  }
}
