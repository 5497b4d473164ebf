import { canManageWorkspace, type Access } from '../access.js';
import type { AttachmentRecord, MessageRecord } from '../messages/records.js';
import type { Conversations } from '../conversations/conversations.js';
import type { StoredFileRecord, WorkspaceFileVisibility } from './records.js';

/**
 * One entry of the file library as a caller sees it: a message attachment (ATTACHMENT) or a
 * stored file (STORED). `fileLibrary`, `workspaceSearch` and the file mutations all answer with
 * these, and `graphql/views/files.ts` turns one into a FileEntryView.
 *
 * Who sees what (written down in docs/mock-behaviour.md, "Files"):
 * - an attachment: the members of its message's conversation, while the message is not deleted;
 * - a stored file of WORKSPACE visibility: the workspace's members other than guests, and its
 *   uploader; of CHANNEL visibility: the members of its conversation;
 * - a stored file in the trash: only those who may manage it.
 * Who may manage (rename, move, pin, trash, restore, delete): a stored file's uploader and the
 * workspace's owners and admins. An attachment is managed through its message: `canManage` says
 * whether the caller sent it (and so may delete it).
 */
export interface FileEntry {
  readonly kind: 'ATTACHMENT' | 'STORED';
  readonly id: string;
  readonly workspaceId: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly createdAt: number;
  /** Trashed at (stored files only). */
  readonly deletedAt: number | null;
  readonly uploaderId: string;
  readonly conversationId: string | null;
  readonly folderId: string | null;
  readonly isPinned: boolean;
  readonly allowDownload: boolean;
  readonly canManage: boolean;
  /** Null for attachments. */
  readonly visibility: WorkspaceFileVisibility | null;
  /** Where the bytes are (see UploadRecord). */
  readonly uploadKey: string;
}

/** Whether `userId` may see the stored file (the trash aside: see {@link storedFileEntry}). */
export function canSeeStoredFile(access: Access, file: StoredFileRecord, userId: string): boolean {
  const member = access.workspaceMember(file.workspaceId, userId);
  if (!member) return false;
  if (file.uploaderId === userId) return true;
  if (file.visibility === 'CHANNEL') return file.conversationId !== null && access.isConversationMember(file.conversationId, userId);
  return member.role !== 'GUEST';
}

export function canManageStoredFile(access: Access, file: StoredFileRecord, userId: string): boolean {
  const member = access.workspaceMember(file.workspaceId, userId);
  if (file.uploaderId === userId) return member !== undefined;
  return member !== undefined && canManageWorkspace(member);
}

/** The stored file as `userId` sees it, or null when they may not see it. */
export function storedFileEntry(access: Access, file: StoredFileRecord, userId: string): FileEntry | null {
  if (!canSeeStoredFile(access, file, userId)) return null;
  const canManage = canManageStoredFile(access, file, userId);
  if (file.deletedAt !== null && !canManage) return null;
  return {
    kind: 'STORED',
    id: file.id,
    workspaceId: file.workspaceId,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    createdAt: file.createdAt,
    deletedAt: file.deletedAt,
    uploaderId: file.uploaderId,
    conversationId: file.conversationId,
    folderId: file.folderId,
    isPinned: file.pinnedAt !== null,
    allowDownload: file.allowDownload,
    canManage,
    visibility: file.visibility,
    uploadKey: file.uploadKey,
  };
}

/**
 * An attachment sent with a message, as `userId` sees it, or null when they may not (not a member
 * of the conversation, or the message is deleted). Attachments that share a stored file
 * (`sharedFileIds`) are the stored file's, not entries of their own: null here too.
 */
export function attachmentEntry(conversations: Conversations, message: MessageRecord, attachment: AttachmentRecord, userId: string): FileEntry | null {
  if (attachment.storedFileId !== null || message.deletedAt !== null) return null;
  const conversation = conversations.find(message.conversationId);
  if (!conversation?.members.has(userId)) return null;
  return {
    kind: 'ATTACHMENT',
    id: attachment.id,
    workspaceId: conversation.workspaceId,
    fileName: attachment.fileName,
    contentType: attachment.contentType,
    size: attachment.size,
    createdAt: message.createdAt,
    deletedAt: null,
    uploaderId: message.senderId,
    conversationId: conversation.id,
    folderId: null,
    isPinned: false,
    allowDownload: true,
    canManage: message.senderId === userId,
    visibility: null,
    uploadKey: attachment.uploadKey,
  };
}
