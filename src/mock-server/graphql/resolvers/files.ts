import type { FileLibraryQuery } from '../../state/files/library.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { fileEntryView, fileFolderView, fileLibraryPageView, fileLibrarySummaryView } from '../views/files.js';
import { iso } from '../views/time.js';
import { fileLinkUrl, signedUploadUrl, uploadUrl } from '../views/urls.js';

/** `input: null` means what leaving it out means: the contract's defaults. */
const DEFAULT_LIBRARY_QUERY: FileLibraryQuery = { page: 1, pageSize: 20, scope: 'ALL', sort: 'RECENT', pinnedOnly: false, trashed: false };

/**
 * The files area: uploads, the file library (its rules live in `state/files/library.ts` and
 * `library-summary.ts`), stored files and folders, and signed file links.
 *
 * - createUploadUrl: a key and a URL on this server to PUT the file to, signed for the caller; a
 *   PUBLIC upload's `publicUrl` is the same path without the signature, which only reads.
 * - Stored files and folders: register, file into folders, rename, pin, trash, restore, delete.
 * - Signed, expiring download and preview URLs of attachments and stored files, served by the
 *   HTTP door at `/files/<token>`.
 */
export const fileResolvers: Resolvers = {
  Query: {
    fileLibrary: (_root, { workspaceId, input }, ctx) => {
      const userId = ctx.userId();
      const page = ctx.state.fileLibrary.page(workspaceId, input ?? DEFAULT_LIBRARY_QUERY, userId);
      return fileLibraryPageView(viewLookups(ctx.state), page, ctx.publicOrigin);
    },
    fileLibrarySummary: (_root, { workspaceId }, ctx) => fileLibrarySummaryView(ctx.state.fileLibrarySummaries.summary(workspaceId, ctx.userId())),
    fileFolders: (_root, { workspaceId }, ctx) => ctx.state.fileFolders.list(workspaceId, ctx.userId()).map(fileFolderView),
    attachmentDownloadUrl: async (_root, { attachmentId }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forAttachment(attachmentId, 'download', ctx.userId())),
    attachmentPreviewUrl: async (_root, { attachmentId }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forAttachment(attachmentId, 'preview', ctx.userId())),
    storedFileDownloadUrl: async (_root, { id }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forStoredFile(id, 'download', ctx.userId())),
    storedFilePreviewUrl: async (_root, { id }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forStoredFile(id, 'preview', ctx.userId())),
  },
  Mutation: {
    createUploadUrl: async (_root, { input }, ctx) => {
      const upload = ctx.state.uploads.create(input, ctx.userId());
      const signature = await ctx.state.uploadUrls.sign(upload);
      return {
        key: upload.key,
        uploadUrl: signedUploadUrl(ctx.publicOrigin, upload.key, signature),
        publicUrl: upload.scope === 'PUBLIC' ? uploadUrl(ctx.publicOrigin, upload.key) : null,
        expiresAt: iso(upload.expiresAt),
      };
    },
    createFileFolder: (_root, { workspaceId, name, parentId }, ctx) => fileFolderView(ctx.state.fileFolders.create(workspaceId, name, parentId, ctx.userId())),
    registerStoredFile: (_root, { input }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.register(input, ctx.userId()), ctx.publicOrigin),
    moveStoredFile: (_root, { id, folderId }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.move(id, folderId, ctx.userId()), ctx.publicOrigin),
    renameStoredFile: (_root, { id, fileName }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.rename(id, fileName, ctx.userId()), ctx.publicOrigin),
    setStoredFilePinned: (_root, { id, pinned }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.setPinned(id, pinned, ctx.userId()), ctx.publicOrigin),
    trashStoredFile: (_root, { id }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.trash(id, ctx.userId()), ctx.publicOrigin),
    restoreStoredFile: (_root, { id }, ctx) => fileEntryView(viewLookups(ctx.state), ctx.state.storedFiles.restore(id, ctx.userId()), ctx.publicOrigin),
    deleteStoredFilePermanently: (_root, { id }, ctx) => ctx.state.storedFiles.deletePermanently(id, ctx.userId()),
  },
};
