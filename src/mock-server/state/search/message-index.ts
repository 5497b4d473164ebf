import type { ConversationRecord } from '../conversations/records.js';
import type { ConversationMessages } from '../messages/message-pages.js';
import type { MessageRecord } from '../messages/records.js';
import type { MessageWatcher } from '../messages/messages.js';
import { LEVELS } from './relevance.js';
import { allWords } from './all-words.js';
import type { Levels } from './filings.js';
import { PrefixPostings, type IndexSize } from './prefix-postings.js';

/** A message found for a query, with its relevance level (0 the best; summed over the query's words). */
export interface MessageHit {
  readonly message: MessageRecord;
  readonly conversation: ConversationRecord;
  readonly level: number;
}

/**
 * The full-text index of messages, one {@link PrefixPostings} per conversation: a search reads
 * only the indexes of the conversations the caller is in, so being in few of many conversations
 * costs nothing, and there is nothing to filter out afterwards.
 *
 * Lazy: a conversation's index is built from its log the first time a search reads it (start-up
 * and sending into unsearched conversations pay nothing); from then on it follows every send,
 * edit and delete ({@link MessageWatcher}), so a query never scans messages.
 *
 * Every prefix of every word is filed under the level `relevance.ts` gives, each level a list in
 * sequence order. A one-word query reads the newest entries of the best levels: its cost depends
 * on the limit, not on the conversation's size. Several words read those lists best first, in
 * turn, until the answer is certain (`all-words.ts`).
 */
export class MessageIndex implements MessageWatcher {
  private readonly indexes = new Map<string, PrefixPostings>();

  /** `messages`: each conversation's messages, read from the messages area. */
  constructor(private readonly messages: ConversationMessages) {}

  sent(message: MessageRecord): void {
    const postings = this.indexes.get(message.conversationId);
    if (postings && message.content !== null) postings.add(positionOf(message), message.content);
  }

  edited(message: MessageRecord, previous: string | null): void {
    const postings = this.indexes.get(message.conversationId);
    if (!postings) return;
    const position = positionOf(message);
    if (previous !== null) postings.remove(position, previous);
    if (message.content !== null) postings.add(position, message.content);
  }

  deleted(message: MessageRecord, previous: string | null): void {
    const postings = this.indexes.get(message.conversationId);
    if (postings && previous !== null) postings.remove(positionOf(message), previous);
  }

  /** What the indexes built so far hold, summed: their prefixes and (prefix, message) entries. */
  size(): IndexSize {
    let prefixes = 0;
    let postings = 0;
    for (const index of this.indexes.values()) {
      prefixes += index.size.prefixes;
      postings += index.size.postings;
    }
    return { prefixes, postings };
  }

  /**
   * The best `limit` messages of `conversation` for `terms` (folded query words, every one must
   * match the start of a word): by level, then newest first. `readBudget`: see `allWords` (tests
   * pass 0 or Infinity to prove both of its ways give the same answer).
   */
  search(conversation: ConversationRecord, terms: readonly string[], limit: number, readBudget?: number): MessageHit[] {
    const index = this.indexOf(conversation);
    const at = (position: number) => this.messages.messageAt(conversation.id, position)!;
    const levels = terms.map((term) => index.levels(term));
    const found = terms.length === 1 ? oneWord(at, levels[0]!, limit) : allWords(at, terms, levels, limit, readBudget);
    return found.map(({ message, level }) => ({ message, conversation, level }));
  }

  private indexOf(conversation: ConversationRecord): PrefixPostings {
    const indexed = this.indexes.get(conversation.id);
    if (indexed) return indexed;
    const postings = new PrefixPostings();
    this.messages.inOrder(conversation.id).forEach((message, position) => {
      if (message.content !== null) postings.add(position, message.content);
    });
    this.indexes.set(conversation.id, postings);
    return postings;
  }
}

/** Where `message` sits in its conversation's log (0 the oldest): what the index files. */
function positionOf(message: MessageRecord): number {
  return message.log.indexAtOrAfter(message.sequence);
}

/**
 * Exact top `limit` by (level, sequence desc): each level's list is in sequence order, so its
 * newest `limit` entries are its last ones; reads O(limit) entries per level.
 */
function oneWord(at: (position: number) => MessageRecord, levels: Levels, limit: number) {
  const found: { message: MessageRecord; level: number }[] = [];
  for (let level = 0; level < LEVELS && found.length < limit; level++) {
    const positions = levels[level];
    if (!positions) continue;
    for (let next = positions.length - 1; next >= 0 && found.length < limit; next--) found.push({ message: at(positions[next]!), level });
  }
  return found;
}
