import type { Resolvers } from '../generated/resolvers-types.js';

/** health: process liveness (SPEC.md section 1). Needs no token. */
export const serviceResolvers: Resolvers = {
  Query: {
    health: () => 'ok',
  },
};
