import { decodeCursor, encodeCursor } from './cursor.js';
import { badInput, notFound } from '../errors.js';
import { requireId, requirePageSize } from '../input.js';
import type { Page } from '../paging.js';
import type { ConversationRecord } from '../conversations/records.js';
import { MessageLog } from './message-log.js';
import type { MessageRecord } from './records.js';
import type { AreaContext } from '../context.js';
import type { MessageTables } from './tables.js';

export type MessagePage = Page<MessageRecord>;

export interface MessagesArgs {
  readonly conversationId: string;
  readonly first: number;
  readonly before?: string | null;
  readonly aroundMessageId?: string | null;
}

export interface MessagesSinceArgs {
  readonly conversationId: string;
  readonly afterSequence: number;
  readonly first: number;
}

/**
 * What other areas read of a conversation's messages, through the messages area (which holds
 * each conversation's log): its newest sequence and activity, and its messages by position. No
 * access check: for areas that checked the caller already (or need none: the search index).
 */
export interface ConversationMessages {
  /** Sequence of the conversation's newest message, or null when it has none. */
  newestSequence(conversationId: string): number | null;
  /** Creation time of its newest message created at or before `time`, or null. */
  newestCreatedAtOrBefore(conversationId: string, time: number): number | null;
  /** Its message at `position` (0 the oldest; positions never change: a delete is soft). */
  messageAt(conversationId: string, position: number): MessageRecord | undefined;
  /** Its messages in sequence order (a copy). */
  inOrder(conversationId: string): MessageRecord[];
}

/**
 * The two message reads, exactly as SPEC.md 4.1 and 4.2 state them. Neither touches a read
 * marker. Arguments are checked for form first (BAD_USER_INPUT), then membership (NOT_FOUND for
 * a conversation that does not exist, FORBIDDEN for a non-member), then what the arguments
 * point at (the anchor message), so a non-member learns nothing about the messages.
 */
export class MessagePages implements ConversationMessages {
  constructor(private readonly ctx: AreaContext<MessageTables>) {}

  newestSequence(conversationId: string): number | null {
    return this.ctx.tables.messages.logOf(conversationId)?.newestSequence ?? null;
  }

  newestCreatedAtOrBefore(conversationId: string, time: number): number | null {
    return this.ctx.tables.messages.logOf(conversationId)?.newestCreatedAtOrBefore(time) ?? null;
  }

  messageAt(conversationId: string, position: number): MessageRecord | undefined {
    return this.ctx.tables.messages.logOf(conversationId)?.messageAt(position);
  }

  inOrder(conversationId: string): MessageRecord[] {
    const log = this.ctx.tables.messages.logOf(conversationId);
    return log === undefined ? [] : log.slice(0, log.size);
  }

  /**
   * Up to `limit` messages of a conversation sent before `beforeSequence` (all when null), newest
   * first, deleted ones included, and whether older ones remain: for the dev routes (no access
   * check). O(log n + limit).
   */
  newestBefore(conversationId: string, beforeSequence: number | null, limit: number): { readonly messages: MessageRecord[]; readonly hasMore: boolean } {
    const log = this.ctx.tables.messages.logOf(conversationId);
    if (log === undefined) return { messages: [], hasMore: false };
    const end = beforeSequence === null ? log.size : log.indexAtOrAfter(beforeSequence);
    const start = Math.max(0, end - limit);
    return { messages: log.slice(start, end).reverse(), hasMore: start > 0 };
  }

  /** How many messages a conversation has, deleted ones included. */
  countOf(conversationId: string): number {
    return this.ctx.tables.messages.logOf(conversationId)?.size ?? 0;
  }

  /** `messages`: a page ending at the newest message, a cursor, or an anchor; nodes ascending. */
  backward(args: MessagesArgs, userId: string): MessagePage {
    requireId(args.conversationId, 'conversationId');
    requirePageSize(args.first);
    const cursor = args.before == null ? null : decodeCursor(args.before);
    if (args.before != null && cursor === null) throw badInput('before is not a cursor of this server');
    if (cursor && cursor.conversationId !== args.conversationId) {
      throw badInput('before is a cursor of another conversation');
    }
    // Rule 2: `before` takes precedence, so an ignored anchor is not looked at, but its form
    // is still an argument of the request and is checked (section 7).
    if (args.aroundMessageId != null) requireId(args.aroundMessageId, 'aroundMessageId');

    const { conversation } = this.ctx.access.conversationOfMember(args.conversationId, userId);
    const log = this.logOf(conversation.id);
    let end: number; // exclusive position in the log where the page ends
    if (cursor) end = log.indexAtOrAfter(cursor.sequence);
    else if (args.aroundMessageId != null) end = log.indexAtOrAfter(this.anchor(conversation, args.aroundMessageId).sequence) + 1;
    else end = log.size;
    const start = Math.max(0, end - args.first);
    return this.page(conversation, log.slice(start, end), start > 0, 'oldest');
  }

  /** `messagesSince`: messages with a sequence above `afterSequence`, oldest first. */
  forward(args: MessagesSinceArgs, userId: string): MessagePage {
    requireId(args.conversationId, 'conversationId');
    requirePageSize(args.first);
    if (!Number.isInteger(args.afterSequence) || args.afterSequence < 0) {
      throw badInput(`afterSequence must be a non-negative integer, but got ${args.afterSequence}`);
    }
    const { conversation } = this.ctx.access.conversationOfMember(args.conversationId, userId);
    const log = this.logOf(conversation.id);
    const start = log.indexAtOrAfter(args.afterSequence + 1);
    const end = Math.min(log.size, start + args.first);
    return this.page(conversation, log.slice(start, end), end < log.size, 'newest');
  }

  /** The conversation's log, or an empty one before its first message. */
  private logOf(conversationId: string): MessageLog {
    return this.ctx.tables.messages.logOf(conversationId) ?? new MessageLog(conversationId);
  }

  private anchor(conversation: ConversationRecord, messageId: string): MessageRecord {
    const message = this.ctx.tables.messages.get(messageId);
    if (!message || message.conversationId !== conversation.id) {
      throw notFound(`aroundMessageId ${messageId} is not a message of this conversation`);
    }
    if (message.deletedAt !== null) throw notFound(`aroundMessageId ${messageId} is a deleted message`);
    return message;
  }

  /**
   * `endCursor` sits at the oldest node for `messages` (4.1 rule 5) and at the newest for
   * `messagesSince` (4.2 rule 4); null on an empty page either way.
   */
  private page(
    conversation: ConversationRecord,
    nodes: MessageRecord[],
    hasNextPage: boolean,
    cursorAt: 'oldest' | 'newest',
  ): MessagePage {
    const at = cursorAt === 'oldest' ? nodes[0] : nodes.at(-1);
    return {
      nodes,
      endCursor: at ? encodeCursor({ conversationId: conversation.id, sequence: at.sequence }) : null,
      hasNextPage,
    };
  }
}
