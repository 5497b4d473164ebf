import type { Resolvers } from '../generated/resolvers-types.js';
import { fileLinkUrl } from '../views/urls.js';

/** Signed, expiring download and preview URLs of attachments and stored files, served by the HTTP door at `/files/<token>`. */
export const fileLinkResolvers: Resolvers = {
  Query: {
    attachmentDownloadUrl: async (_root, { attachmentId }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forAttachment(attachmentId, 'download', ctx.userId())),
    attachmentPreviewUrl: async (_root, { attachmentId }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forAttachment(attachmentId, 'preview', ctx.userId())),
    storedFileDownloadUrl: async (_root, { id }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forStoredFile(id, 'download', ctx.userId())),
    storedFilePreviewUrl: async (_root, { id }, ctx) => fileLinkUrl(ctx.publicOrigin, await ctx.state.fileLinks.forStoredFile(id, 'preview', ctx.userId())),
  },
};
