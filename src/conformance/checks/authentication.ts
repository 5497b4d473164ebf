import type { Check } from '../check.js';
import { dataOf, expectRefused, fail, pageOf } from './assert.js';
import { inCase } from './cases.js';
import { MESSAGES, SINCE } from './operations.js';

/** SPEC.md section 5. Rule 2 and 3's error codes are checked in section 7 (errors.unauthenticated, errors.forbidden.*). */
export const authenticationChecks: Check[] = [
  {
    id: 'auth.bearer-token.accepted',
    section: '5',
    specRef: '5 rule 1',
    level: 'MUST',
    title: 'both queries accept Authorization: Bearer <access token>',
    async run(ctx) {
      const expected = 'both queries answer with data for the conversation owner';
      await inCase('messages', async () => pageOf(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, first: 1 }, ctx.world.a), 'messages', expected));
      await inCase('messagesSince', async () => pageOf(await ctx.graphql(SINCE, { conversationId: ctx.world.main.id, afterSequence: 0, first: 1 }, ctx.world.a), 'messagesSince', expected));
    },
  },
  {
    id: 'auth.other-scheme.refused',
    section: '5',
    specRef: '5 rule 1',
    // SHOULD: the spec says how clients send the token, not that a server must refuse other forms.
    level: 'SHOULD',
    title: 'a valid access token under another scheme, or with no scheme, is UNAUTHENTICATED',
    async run(ctx) {
      const token = ctx.world.a.authorization.replace(/^Bearer\s+/i, '');
      const schemes = [
        ["A's token under Basic", `Basic ${token}`],
        ["A's token under Token", `Token ${token}`],
        ["A's token with no scheme", token],
      ] as const;
      for (const [scheme, authorization] of schemes) {
        await inCase(scheme, async () => expectRefused(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id }, { authorization }), 'messages', ['UNAUTHENTICATED'], 'UNAUTHENTICATED: the header must be Bearer <token>'));
      }
    },
  },
  {
    id: 'auth.refresh-token',
    section: '5',
    specRef: '5 rule 4',
    level: 'MUST',
    title: 'refreshToken returns a new AuthPayload whose access token works',
    needs: ['refresh'],
    exclusive: true,
    async run(ctx) {
      const expected = 'an AuthPayload with an access token that the messages query accepts';
      const payload = dataOf<{ accessToken: string; refreshToken: string; user: { id: string } }>(
        // Sent with A's access token: whether refreshToken needs one is open (section 5, gaps).
        await ctx.graphql('mutation Refresh($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken user { id } } }', { t: ctx.world.a.refreshToken }, ctx.world.a),
        'refreshToken',
        expected,
      );
      ctx.secret(payload.accessToken, 'TOKEN_A_REFRESHED', "the access token refreshToken returned for A's refresh token (auth.refresh-token)");
      ctx.secret(payload.refreshToken, 'REFRESH_TOKEN_A_REFRESHED', "the refresh token refreshToken returned for A's refresh token (auth.refresh-token)");
      if (payload.user.id !== ctx.world.a.id) fail(`the payload is for user ${payload.user.id}, not ${ctx.world.a.id}`, expected, payload);
      await inCase('messages with the new access token', async () => pageOf(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, first: 1 }, { authorization: `Bearer ${payload.accessToken}`, variable: 'TOKEN_A_REFRESHED' }), 'messages', expected));
    },
  },
];
