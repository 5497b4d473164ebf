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
  for (const attachment of message.attachments) {
    if (attachment.storedFileId !== null) continue;
    let ids = tables.attachmentsByConversation.get(message.conversationId);
    if (!ids) tables.attachmentsByConversation.set(message.conversationId, (ids = new Set()));
    ids.add(attachment.id);
    // The set is written whole when it changes: its size is the conversation's files, not the state's.
    tables.attachmentsByConversation.touch(message.conversationId);
  }
}

export function forgetIndexedAttachments(tables: FileTables, message: MessageRecord): void {
  const ids = tables.attachmentsByConversation.get(message.conversationId);
  if (!ids) return;
  for (const attachment of message.attachments) ids.delete(attachment.id);
  if (ids.size === 0) tables.attachmentsByConversation.delete(message.conversationId);
  else tables.attachmentsByConversation.touch(message.conversationId);
}

/** Ids of the attachments of a conversation, in send order (none for a conversation without files). */
export function attachmentIdsOf(tables: FileTables, conversationId: string): ReadonlySet<string> {
  return tables.attachmentsByConversation.get(conversationId) ?? EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
