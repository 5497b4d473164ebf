import type { Resolvers } from '../generated/resolvers-types.js';
import { authPayloadView } from '../views/accounts.js';
import { oauthAuthorizeUrl } from '../views/urls.js';

/** oauthProviders, oauthAuthorizationUrl, loginWithOAuth, exchangeSocialToken. None needs a token. */
export const oauthResolvers: Resolvers = {
  Query: {
    oauthProviders: (_root, _args, ctx) => ctx.state.oauth.providers(),
    oauthAuthorizationUrl: (_root, { input }, ctx) => oauthAuthorizeUrl(ctx.publicOrigin, ctx.state.oauth.begin(input).id),
  },
  Mutation: {
    loginWithOAuth: async (_root, { input }, ctx) => authPayloadView(await ctx.state.oauth.login(input), ctx.publicOrigin),
    exchangeSocialToken: async (_root, { input }, ctx) => authPayloadView(await ctx.state.socialSignIn.exchange(input), ctx.publicOrigin),
  },
};
