import type { Resolvers } from '../generated/resolvers-types.js';
import { iso } from '../views/time.js';
import { uploadUrl } from '../views/urls.js';

/** createUploadUrl: a key and a URL on this server to PUT the file to. */
export const uploadResolvers: Resolvers = {
  Mutation: {
    createUploadUrl: (_root, { input }, ctx) => {
      const upload = ctx.state.uploads.create(input, ctx.userId());
      const url = uploadUrl(ctx.publicOrigin, upload.key);
      return { key: upload.key, uploadUrl: url, publicUrl: upload.scope === 'PUBLIC' ? url : null, expiresAt: iso(upload.expiresAt) };
    },
  },
};
