import type { Resolvers } from '../generated/resolvers-types.js';
import { iso } from '../views/time.js';
import { signedUploadUrl, uploadUrl } from '../views/urls.js';

/**
 * createUploadUrl: a key and a URL on this server to PUT the file to, signed for the caller; a
 * PUBLIC upload's `publicUrl` is the same path without the signature, which only reads.
 */
export const uploadResolvers: Resolvers = {
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
  },
};
