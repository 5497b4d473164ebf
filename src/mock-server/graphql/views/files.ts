import type { ConversationRecord } from '../../state/conversations/records.js';
import type { FileEntry } from '../../state/files/entries.js';
import type { FileLibraryPage as FileLibraryPageRecord } from '../../state/files/library.js';
import type { FileLibrarySummary as FileLibrarySummaryRecord } from '../../state/files/library-summary.js';
import type { FileFolderRecord } from '../../state/files/records.js';
import type { FileEntryView, FileFolderView, FileLibraryPage, FileLibrarySummary } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import type { UserLookups } from './accounts.js';
import { avatarUrl } from './urls.js';

/** What a file entry shows of its uploader, conversation and folder, given by the resolver. */
export interface FileEntryLookups extends UserLookups {
  conversation(id: string): ConversationRecord | undefined;
  folder(id: string): FileFolderRecord | undefined;
}

/** FileEntryView of a library entry (attachment or stored file), with its uploader, conversation and folder. */
export function fileEntryView(lookups: FileEntryLookups, entry: FileEntry, publicOrigin: string): FileEntryView {
  const uploader = lookups.user(entry.uploaderId)!;
  const conversation = entry.conversationId === null ? undefined : lookups.conversation(entry.conversationId);
  const folder = entry.folderId === null ? undefined : lookups.folder(entry.folderId);
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

export function fileLibraryPageView(lookups: FileEntryLookups, page: FileLibraryPageRecord, publicOrigin: string): FileLibraryPage {
  return {
    items: page.items.map((entry) => fileEntryView(lookups, entry, publicOrigin)),
    page: page.page,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
  };
}

export function fileLibrarySummaryView(summary: FileLibrarySummaryRecord): FileLibrarySummary {
  return {
    documents: { ...summary.documents },
    images: { ...summary.images },
    media: { ...summary.media },
    totalCount: summary.totalCount,
    trashedCount: summary.trashedCount,
    usedBytes: summary.usedBytes,
    quotaBytes: summary.quotaBytes,
  };
}
