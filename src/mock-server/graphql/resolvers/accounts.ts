import { requireText } from '../../state/input.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { authPayloadView, userProfileView } from '../views/accounts.js';
import { oauthAuthorizeUrl } from '../views/urls.js';

/**
 * register, login, refreshToken, logout, me, email verification, updateAvatar; and sign-in with a
 * provider: oauthProviders, oauthAuthorizationUrl, loginWithOAuth, exchangeSocialToken (none of
 * which needs a token).
 */
export const accountResolvers: Resolvers = {
  Query: {
    me: (_root, _args, ctx) => userProfileView(ctx.state.users.get(ctx.userId()), ctx.publicOrigin),
    oauthProviders: (_root, _args, ctx) => ctx.state.oauth.providers(),
    oauthAuthorizationUrl: (_root, { input }, ctx) => oauthAuthorizeUrl(ctx.publicOrigin, ctx.state.oauth.begin(input).id),
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
    loginWithOAuth: async (_root, { input }, ctx) => authPayloadView(await ctx.state.oauth.login(input), ctx.publicOrigin),
    exchangeSocialToken: async (_root, { input }, ctx) => authPayloadView(await ctx.state.socialSignIn.exchange(input), ctx.publicOrigin),
  },
};
