import { badInput, notFound } from '../errors.js';
import { requireId } from '../input.js';
import type { AttachmentRecord, MessageRecord } from '../messages/records.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import { visibleStoredFile } from './stored-files.js';
import type { StoredFileRecord } from './records.js';

/**
 * `sendMessage`'s `sharedFileIds`: stored files of the conversation's workspace that the sender
 * may see and that are not in the trash, each named once. Checked before anything is stored.
 * Their bytes are already counted against the quota: sharing adds nothing to it.
 */
export function checkSharedFiles(ctx: AreaContext<FileTables>, ids: readonly string[], workspaceId: string, senderId: string): StoredFileRecord[] {
  const seen = new Set<string>();
  return ids.map((id, index) => {
    const argument = `input.sharedFileIds[${index}]`;
    requireId(id, argument);
    // Another workspace's file is not found, whatever the sender may see there.
    if (ctx.tables.storedFiles.get(id)?.workspaceId !== workspaceId) throw notFound(`stored file ${id} does not exist in this conversation's workspace`, argument);
    const { file } = visibleStoredFile(ctx, id, senderId, argument);
    if (file.deletedAt !== null) throw badInput(`stored file ${id} is in the trash: restore it before sharing it`, argument);
    if (seen.has(file.id)) throw badInput(`stored file ${id} is named twice`, argument);
    seen.add(file.id);
    return file;
  });
}

/** The attachment a shared stored file becomes: its name, type and size as they are when shared. */
export function sharedFileAttachment(file: StoredFileRecord, id: string): AttachmentRecord {
  return { id, uploadKey: file.uploadKey, storedFileId: file.id, fileName: file.fileName, contentType: file.contentType, size: file.size };
}

/**
 * Whether an attachment is still accessible (SPEC.md 2.1: `attachments` lists "still-accessible
 * attachments"): a file sent with the message always is; a shared stored file only while it is
 * neither in the trash nor deleted. Whoever sees the message then sees the attachment, whatever
 * the stored file's own visibility: sharing it into the conversation is what opened it to them.
 */
export function isAttachmentAccessible(tables: FileTables, attachment: AttachmentRecord): boolean {
  if (attachment.storedFileId === null) return true;
  const file = tables.storedFiles.get(attachment.storedFileId);
  return file !== undefined && file.deletedAt === null;
}

/** The attachments of `message` that are still accessible (the same array when all are). */
export function accessibleAttachments(tables: FileTables, message: MessageRecord): readonly AttachmentRecord[] {
  const { attachments } = message;
  for (const attachment of attachments) {
    if (!isAttachmentAccessible(tables, attachment)) return attachments.filter((a) => isAttachmentAccessible(tables, a));
  }
  return attachments;
}
