import type { AttachmentRecord, MessageRecord } from '../../state/messages/records.js';
import type { MessagePage as MessagePageRecord } from '../../state/messages/message-pages.js';
import type { MessagePage, MessageSummary, MessageView, ReactionSummary } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';

/**
 * What a message view shows of other records, given by the resolver (one object per state, so a
 * page of messages allocates nothing more for it).
 */
export interface MessageLookups {
  /** The message a reply points at, if it is still stored. */
  message(id: string): MessageRecord | undefined;
  /** The attachments of `message` still accessible (SPEC.md 2.1), the same array when all are. */
  attachments(message: MessageRecord): readonly AttachmentRecord[];
}

function replyToView(lookups: MessageLookups, replyToMessageId: string | null): MessageSummary | null {
  if (replyToMessageId === null) return null;
  const target = lookups.message(replyToMessageId);
  if (!target) return null;
  return { id: target.id, senderId: target.senderId, content: target.content, deletedAt: isoOrNull(target.deletedAt) };
}

function reactionsView(reactions: MessageRecord['reactions']): ReactionSummary[] {
  if (reactions === null) return [];
  const view: ReactionSummary[] = [];
  for (const [emoji, userIds] of reactions) view.push({ emoji, userIds: [...userIds] });
  return view;
}

/**
 * MessageView of SPEC.md 2.1. A soft-deleted record already holds null content and no attachments;
 * a shared stored file shows only while it is still accessible (not trashed, not deleted).
 */
export function messageView(lookups: MessageLookups, message: MessageRecord): MessageView {
  return {
    id: message.id,
    clientMessageId: message.clientMessageId,
    conversationId: message.conversationId,
    senderId: message.senderId,
    sequence: message.sequence,
    type: message.type,
    content: message.content,
    replyToMessageId: message.replyToMessageId,
    replyTo: replyToView(lookups, message.replyToMessageId),
    createdAt: iso(message.createdAt),
    updatedAt: iso(message.updatedAt),
    deletedAt: isoOrNull(message.deletedAt),
    attachments: lookups.attachments(message).map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size })),
    reactions: reactionsView(message.reactions),
  };
}

export function messagePageView(lookups: MessageLookups, page: MessagePageRecord): MessagePage {
  return {
    nodes: page.nodes.map((message) => messageView(lookups, message)),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}
