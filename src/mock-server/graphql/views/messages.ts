import { accessibleAttachments } from '../../state/files/shared-files.js';
import type { MessageRecord } from '../../state/messages/records.js';
import type { Tables } from '../../state/tables.js';
import type { MessagePage as MessagePageRecord } from '../../state/messages/message-pages.js';
import type { MessagePage, MessageSummary, MessageView, ReactionSummary } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';

function replyToView(tables: Tables, replyToMessageId: string | null): MessageSummary | null {
  if (replyToMessageId === null) return null;
  const target = tables.messages.get(replyToMessageId);
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
export function messageView(tables: Tables, message: MessageRecord): MessageView {
  return {
    id: message.id,
    clientMessageId: message.clientMessageId,
    conversationId: message.conversationId,
    senderId: message.senderId,
    sequence: message.sequence,
    type: message.type,
    content: message.content,
    replyToMessageId: message.replyToMessageId,
    replyTo: replyToView(tables, message.replyToMessageId),
    createdAt: iso(message.createdAt),
    updatedAt: iso(message.updatedAt),
    deletedAt: isoOrNull(message.deletedAt),
    attachments: accessibleAttachments(tables, message).map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size })),
    reactions: reactionsView(message.reactions),
  };
}

export function messagePageView(tables: Tables, page: MessagePageRecord): MessagePage {
  return {
    nodes: page.nodes.map((message) => messageView(tables, message)),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}
