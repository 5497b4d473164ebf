import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { workspaceSearchView } from '../views/search.js';

/** workspaceSearch: the rules are in `state/search/workspace-search.ts`. */
export const searchResolvers: Resolvers = {
  Query: {
    workspaceSearch: async (_root, { workspaceId, input }, ctx) => {
      const results = await ctx.state.search.search(workspaceId, input, ctx.userId());
      return workspaceSearchView(viewLookups(ctx.state), results, ctx.publicOrigin);
    },
  },
};
