import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { fileEntryView, fileFolderView } from '../views/files.js';

/** The file library's stored files and folders: register, file into folders, rename, pin, trash, restore, delete. */
export const storedFileResolvers: Resolvers = {
  Query: {
    fileFolders: (_root, { workspaceId }, ctx) => ctx.state.fileFolders.list(workspaceId, ctx.userId()).map(fileFolderView),
  },
  Mutation: {
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
