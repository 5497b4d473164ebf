import type { Resolvers } from '../generated/resolvers-types.js';
import { authPayloadView, userProfileView } from '../views/accounts.js';

/** register, login, refreshToken, logout, me. */
export const accountResolvers: Resolvers = {
  Query: {
    me: (_root, _args, ctx) => userProfileView(ctx.state.users.get(ctx.userId())),
  },
  Mutation: {
    register: async (_root, { input }, ctx) => {
      await ctx.state.users.register(input);
      return true;
    },
    login: async (_root, { input }, ctx) =>
      authPayloadView(await ctx.state.users.login(input.email, input.password, input.rememberMe ?? false)),
    refreshToken: (_root, { refreshToken }, ctx) => authPayloadView(ctx.state.users.refresh(refreshToken)),
    logout: (_root, { refreshToken }, ctx) => ctx.state.sessions.logout(refreshToken),
  },
};
