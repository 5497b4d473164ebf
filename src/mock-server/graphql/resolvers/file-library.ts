import type { FileLibraryQuery } from '../../state/files/library.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { fileLibraryPageView, fileLibrarySummaryView } from '../views/file-library.js';

/** `input: null` means what leaving it out means: the contract's defaults. */
const DEFAULT_QUERY: FileLibraryQuery = { page: 1, pageSize: 20, scope: 'ALL', sort: 'RECENT', pinnedOnly: false, trashed: false };

/** fileLibrary and fileLibrarySummary: the rules live in `state/files/library.ts` and `library-summary.ts`. */
export const fileLibraryResolvers: Resolvers = {
  Query: {
    fileLibrary: (_root, { workspaceId, input }, ctx) => {
      const userId = ctx.userId();
      const page = ctx.state.fileLibrary.page(workspaceId, input ?? DEFAULT_QUERY, userId);
      return fileLibraryPageView(viewLookups(ctx.state), page, ctx.publicOrigin);
    },
    fileLibrarySummary: (_root, { workspaceId }, ctx) => fileLibrarySummaryView(ctx.state.fileLibrarySummaries.summary(workspaceId, ctx.userId())),
  },
};
