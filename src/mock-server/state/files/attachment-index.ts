import type { MessageRecord } from '../messages/records.js';
import type { FileTables } from './tables.js';

/**
 * Which attachments each conversation holds, so that the file library reads a conversation's files
 * without walking its messages (`tables.attachmentsByConversation`). Only attachments sent with
 * their own upload are here: one that shares a stored file (`sharedFileIds`) is that stored
 * file's, not an entry of its own. `Attachments` keeps the index for the messages area:
 * {@link indexAttachments} when a message is sent, {@link forgetIndexedAttachments} when it is
 * deleted (its attachments go).
 */

export function indexAttachments(tables: FileTables, message: MessageRecord): void {
  const { attachmentsByConversation } = tables;
  for (const attachment of message.attachments) {
    if (attachment.storedFileId !== null) continue;
    // The set is written whole when it changes: its size is the conversation's files, not the state's.
    if (!attachmentsByConversation.has(message.conversationId)) attachmentsByConversation.set(message.conversationId, new Set([attachment.id]));
    else attachmentsByConversation.update(message.conversationId, (ids) => ids.add(attachment.id));
  }
}

export function forgetIndexedAttachments(tables: FileTables, message: MessageRecord): void {
  const { attachmentsByConversation } = tables;
  if (!attachmentsByConversation.has(message.conversationId)) return;
  const ids = attachmentsByConversation.update(message.conversationId, (draft) => {
    for (const attachment of message.attachments) draft.delete(attachment.id);
  });
  if (ids.size === 0) attachmentsByConversation.delete(message.conversationId);
}

/** Ids of the attachments of a conversation, in send order (none for a conversation without files). */
export function attachmentIdsOf(tables: FileTables, conversationId: string): ReadonlySet<string> {
  return tables.attachmentsByConversation.get(conversationId) ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
