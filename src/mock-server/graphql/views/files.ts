import type { FileEntry } from '../../state/files/entries.js';
import type { FileFolderRecord } from '../../state/files/records.js';
import type { Tables } from '../../state/tables.js';
import type { FileEntryView, FileFolderView } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import { avatarUrl } from './urls.js';

/** FileEntryView of a library entry (attachment or stored file), with its uploader, conversation and folder. */
export function fileEntryView(tables: Tables, entry: FileEntry, publicOrigin: string): FileEntryView {
  const uploader = tables.users.get(entry.uploaderId)!;
  const conversation = entry.conversationId === null ? undefined : tables.conversations.get(entry.conversationId);
  const folder = entry.folderId === null ? undefined : tables.fileFolders.get(entry.folderId);
  return {
    id: entry.id,
    kind: entry.kind,
    fileName: entry.fileName,
    contentType: entry.contentType,
    size: entry.size,
    createdAt: iso(entry.createdAt),
    deletedAt: isoOrNull(entry.deletedAt),
    uploaderId: uploader.id,
    uploaderName: uploader.displayName,
    uploaderAvatarUrl: avatarUrl(publicOrigin, uploader),
    conversationId: conversation?.id ?? null,
    conversationTitle: conversation?.title ?? null,
    conversationType: conversation?.type ?? null,
    folderId: folder?.id ?? null,
    folderName: folder?.name ?? null,
    isPinned: entry.isPinned,
    allowDownload: entry.allowDownload,
    canManage: entry.canManage,
    visibility: entry.visibility,
  };
}

export function fileFolderView(folder: FileFolderRecord): FileFolderView {
  return { id: folder.id, name: folder.name, parentId: folder.parentId, workspaceId: folder.workspaceId };
}
