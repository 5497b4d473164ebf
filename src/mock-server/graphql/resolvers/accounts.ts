import { requireText } from '../../state/input.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { authPayloadView, userProfileView } from '../views/accounts.js';

/** register, login, refreshToken, logout, me, email verification, updateAvatar. */
export const accountResolvers: Resolvers = {
  Query: {
    me: (_root, _args, ctx) => userProfileView(ctx.state.users.get(ctx.userId()), ctx.publicOrigin),
  },
  Mutation: {
    register: async (_root, { input }, ctx) => {
      await ctx.state.users.register(input);
      return true;
    },
    login: async (_root, { input }, ctx) =>
      authPayloadView(await ctx.state.users.login(input.email, input.password, input.rememberMe ?? false), ctx.publicOrigin),
    refreshToken: (_root, { refreshToken }, ctx) => authPayloadView(ctx.state.users.refresh(refreshToken), ctx.publicOrigin),
    logout: (_root, { refreshToken }, ctx) => ctx.state.sessions.logout(refreshToken),
    verifyEmail: (_root, { token }, ctx) => {
      ctx.state.verification.verify(token);
      return true;
    },
    resendVerificationEmail: (_root, { email }, ctx) => {
      ctx.state.verification.resend(requireText(email, 'email', { max: 254 }));
      // The same answer whether or not the address has an account, so the mutation reveals nothing.
      return true;
    },
    updateAvatar: (_root, { key }, ctx) =>
      userProfileView(ctx.state.users.updateAvatar(ctx.userId(), key ?? null, ctx.state.uploads), ctx.publicOrigin),
  },
};
