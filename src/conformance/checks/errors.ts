import type { Check } from '../check.js';
import type { Exchange } from '../types.js';
import { expectRefused } from './assert.js';
import { messagesPage } from './context.js';
import { MESSAGES, SINCE } from './operations.js';

/** A well-formed UUID that names nothing on any server. */
const NOBODY = '0f4c8a5e-7d1b-4b6a-9c3e-5a2f1d8e6b70';

type Field = 'messages' | 'messagesSince';

async function expectEach(cases: [string, Field, Promise<Exchange>][], codes: readonly string[], expected: string): Promise<void> {
  for (const [, field, exchange] of cases) expectRefused(await exchange, field, codes, expected);
}

/** SPEC.md section 7: one check per row of the error table, each condition on each query it names. */
export const errorChecks: Check[] = [
  {
    id: 'errors.unauthenticated',
    section: '7',
    specRef: '7 row 1',
    level: 'MUST',
    title: 'UNAUTHENTICATED when the access token is missing or invalid (both queries)',
    async run(ctx) {
      const m = { conversationId: ctx.world.main.id };
      const s = { conversationId: ctx.world.main.id, afterSequence: 0 };
      const expected = 'errors[].extensions.code UNAUTHENTICATED and no data';
      for (const authorization of [null, 'Bearer not-a-token-of-this-server', 'Bearer', 'Basic dXNlcjpwYXNz']) {
        const as = authorization === null ? null : { authorization };
        await expectEach([['messages', 'messages', ctx.graphql(MESSAGES, m, as)], ['messagesSince', 'messagesSince', ctx.graphql(SINCE, s, as)]], ['UNAUTHENTICATED'], expected);
      }
    },
  },
  {
    id: 'errors.conversation-id.format',
    section: '7',
    specRef: '7 row 2',
    level: 'MUST',
    title: 'BAD_USER_INPUT when conversationId is not a valid id format (both queries)',
    async run(ctx) {
      const expected = 'BAD_USER_INPUT for a conversationId that is not a UUID';
      await expectEach(
        [
          ['messages', 'messages', ctx.graphql(MESSAGES, { conversationId: 'not-a-uuid' }, ctx.world.a)],
          ['messagesSince', 'messagesSince', ctx.graphql(SINCE, { conversationId: '12345', afterSequence: 0 }, ctx.world.a)],
        ],
        ['BAD_USER_INPUT'],
        expected,
      );
    },
  },
  {
    id: 'errors.first.range',
    section: '7',
    specRef: '7 row 3',
    level: 'MUST',
    title: 'BAD_USER_INPUT when first is outside 1 to 100 (both queries)',
    async run(ctx) {
      const id = ctx.world.main.id;
      await expectEach(
        [
          ['messages 0', 'messages', ctx.graphql(MESSAGES, { conversationId: id, first: 0 }, ctx.world.a)],
          ['messages 101', 'messages', ctx.graphql(MESSAGES, { conversationId: id, first: 101 }, ctx.world.a)],
          ['messagesSince 0', 'messagesSince', ctx.graphql(SINCE, { conversationId: id, afterSequence: 0, first: 0 }, ctx.world.a)],
          ['messagesSince 101', 'messagesSince', ctx.graphql(SINCE, { conversationId: id, afterSequence: 0, first: 101 }, ctx.world.a)],
        ],
        ['BAD_USER_INPUT'],
        'BAD_USER_INPUT for first = 0 and first = 101',
      );
    },
  },
  {
    id: 'errors.before.malformed',
    section: '7',
    specRef: '7 row 4',
    level: 'MUST',
    title: 'BAD_USER_INPUT when the before cursor of messages is malformed',
    async run(ctx) {
      expectRefused(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, before: '%%not a cursor%%' }, ctx.world.a), 'messages', ['BAD_USER_INPUT'], 'BAD_USER_INPUT for a malformed cursor');
    },
  },
  {
    id: 'errors.before.other-conversation',
    section: '7',
    specRef: '7 row 4',
    level: 'MUST',
    title: 'BAD_USER_INPUT when the before cursor belongs to another conversation',
    async run(ctx) {
      const foreign = await messagesPage(ctx, { conversationId: ctx.world.other.id, first: 1 }, 'a cursor of another conversation');
      expectRefused(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, before: foreign.endCursor }, ctx.world.a), 'messages', ['BAD_USER_INPUT'], 'BAD_USER_INPUT for a cursor of another conversation');
    },
  },
  {
    id: 'errors.around.format',
    section: '7',
    specRef: '7 row 5',
    level: 'MUST',
    title: 'BAD_USER_INPUT when aroundMessageId of messages is not a valid id format',
    async run(ctx) {
      expectRefused(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, aroundMessageId: 'latest' }, ctx.world.a), 'messages', ['BAD_USER_INPUT'], 'BAD_USER_INPUT for an aroundMessageId that is not a UUID');
    },
  },
  {
    id: 'errors.after-sequence.negative',
    section: '7',
    specRef: '7 row 6',
    level: 'MUST',
    title: 'BAD_USER_INPUT when afterSequence of messagesSince is negative',
    async run(ctx) {
      expectRefused(await ctx.graphql(SINCE, { conversationId: ctx.world.main.id, afterSequence: -1 }, ctx.world.a), 'messagesSince', ['BAD_USER_INPUT'], 'BAD_USER_INPUT for afterSequence -1');
    },
  },
  {
    id: 'errors.forbidden.workspace-member',
    section: '7',
    specRef: '7 row 7',
    level: 'MUST',
    title: 'FORBIDDEN for a member of the workspace who is not in the conversation, private or public, however it asks (both queries)',
    needs: ['B'],
    async run(ctx) {
      const b = ctx.world.b!;
      const main = ctx.world.main;
      const cursor = (await messagesPage(ctx, { conversationId: main.id, first: 5 }, 'a cursor of the conversation')).endCursor;
      await expectEach(
        [
          ['messages', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id }, b)],
          ['messagesSince', 'messagesSince', ctx.graphql(SINCE, { conversationId: main.id, afterSequence: 0 }, b)],
          ['messages with aroundMessageId', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id, aroundMessageId: main.messages[50]!.id }, b)],
          ['messages with before', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id, before: cursor }, b)],
          ['messages of a public channel', 'messages', ctx.graphql(MESSAGES, { conversationId: ctx.world.publicChannelId }, b)],
          ['messagesSince of a public channel', 'messagesSince', ctx.graphql(SINCE, { conversationId: ctx.world.publicChannelId, afterSequence: 0 }, b)],
        ],
        ['FORBIDDEN'],
        'FORBIDDEN: membership of the workspace alone is not enough',
      );
    },
  },
  {
    id: 'errors.forbidden.outsider',
    section: '7',
    specRef: '7 row 7',
    level: 'MUST',
    title: 'FORBIDDEN for a user outside the workspace (both queries)',
    needs: ['C'],
    async run(ctx) {
      const c = ctx.world.c!;
      await expectEach(
        [
          ['messages', 'messages', ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id }, c)],
          ['messagesSince', 'messagesSince', ctx.graphql(SINCE, { conversationId: ctx.world.main.id, afterSequence: 0 }, c)],
        ],
        ['FORBIDDEN'],
        'FORBIDDEN for a caller who is not a member',
      );
    },
  },
  {
    id: 'errors.around.not-found',
    section: '7',
    specRef: '7 row 8',
    level: 'MUST',
    title: 'NOT_FOUND when aroundMessageId does not exist, is deleted, or belongs to another conversation',
    async run(ctx) {
      const id = ctx.world.main.id;
      await expectEach(
        [
          ['does not exist', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: NOBODY }, ctx.world.a)],
          ['deleted', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: ctx.world.main.deletedIds[1] }, ctx.world.a)],
          ['another conversation', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: ctx.world.other.messages[0]!.id }, ctx.world.a)],
        ],
        ['NOT_FOUND'],
        'NOT_FOUND for an anchor that does not exist, is deleted, or is in another conversation',
      );
    },
  },
  {
    id: 'errors.unknown-conversation',
    section: '7',
    specRef: '7 (open: a conversation that does not exist)',
    level: 'SHOULD',
    title: 'a well-formed id of a conversation that does not exist is refused with FORBIDDEN or NOT_FOUND',
    async run(ctx) {
      await expectEach(
        [
          ['messages', 'messages', ctx.graphql(MESSAGES, { conversationId: NOBODY }, ctx.world.a)],
          ['messagesSince', 'messagesSince', ctx.graphql(SINCE, { conversationId: NOBODY, afterSequence: 0 }, ctx.world.a)],
        ],
        ['FORBIDDEN', 'NOT_FOUND'],
        'FORBIDDEN or NOT_FOUND',
      );
    },
  },
];
