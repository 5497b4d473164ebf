import type { Check } from '../check.js';
import type { Exchange } from '../types.js';
import { expectRefused } from './assert.js';
import { inCase } from './cases.js';
import { messagesPage } from './context.js';
import { MESSAGES, SINCE } from './operations.js';

/** A well-formed UUID that names nothing on any server. */
const NOBODY = '0f4c8a5e-7d1b-4b6a-9c3e-5a2f1d8e6b70';

type Field = 'messages' | 'messagesSince';

/** One request of a check that sends several: the case in words, the field it asks for, its exchange. */
type Case = readonly [label: string, field: Field, exchange: Promise<Exchange>];

/** Each case refused with one of `codes`; a failure names its case and its own exchange. */
async function expectEach(cases: readonly Case[], codes: readonly string[], expected: string): Promise<void> {
  // Every request is answered before any is judged, so none is still in flight (and being
  // recorded) when the check fails; the verdicts then go in the order the cases are written.
  const answered = await Promise.all(cases.map(([, , exchange]) => exchange));
  for (const [i, [label, field]] of cases.entries()) await inCase(label, () => expectRefused(answered[i]!, field, codes, expected));
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
      const tokens = [
        ['no Authorization header', null],
        ['a token this server never issued', 'Bearer not-a-token-of-this-server'],
        ['Bearer with no token', 'Bearer'],
        ['Basic credentials instead of a token', 'Basic dXNlcjpwYXNz'],
      ] as const;
      for (const [token, authorization] of tokens) {
        const as = authorization === null ? null : { authorization };
        await expectEach([[`messages with ${token}`, 'messages', ctx.graphql(MESSAGES, m, as)], [`messagesSince with ${token}`, 'messagesSince', ctx.graphql(SINCE, s, as)]], ['UNAUTHENTICATED'], expected);
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
          ['messages with conversationId "not-a-uuid"', 'messages', ctx.graphql(MESSAGES, { conversationId: 'not-a-uuid' }, ctx.world.a)],
          ['messagesSince with conversationId "12345"', 'messagesSince', ctx.graphql(SINCE, { conversationId: '12345', afterSequence: 0 }, ctx.world.a)],
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
          ['messages with first 0', 'messages', ctx.graphql(MESSAGES, { conversationId: id, first: 0 }, ctx.world.a)],
          ['messages with first 101', 'messages', ctx.graphql(MESSAGES, { conversationId: id, first: 101 }, ctx.world.a)],
          ['messagesSince with first 0', 'messagesSince', ctx.graphql(SINCE, { conversationId: id, afterSequence: 0, first: 0 }, ctx.world.a)],
          ['messagesSince with first 101', 'messagesSince', ctx.graphql(SINCE, { conversationId: id, afterSequence: 0, first: 101 }, ctx.world.a)],
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
          ['B reads messages of a private channel', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id }, b)],
          ['B reads messagesSince of a private channel', 'messagesSince', ctx.graphql(SINCE, { conversationId: main.id, afterSequence: 0 }, b)],
          ['B reads messages of a private channel around one of its messages', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id, aroundMessageId: main.messages[50]!.id }, b)],
          ['B reads messages of a private channel before a cursor of it', 'messages', ctx.graphql(MESSAGES, { conversationId: main.id, before: cursor }, b)],
          ['B reads messages of a public channel B has not joined', 'messages', ctx.graphql(MESSAGES, { conversationId: ctx.world.publicChannelId }, b)],
          ['B reads messagesSince of a public channel B has not joined', 'messagesSince', ctx.graphql(SINCE, { conversationId: ctx.world.publicChannelId, afterSequence: 0 }, b)],
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
          ['C reads messages', 'messages', ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id }, c)],
          ['C reads messagesSince', 'messagesSince', ctx.graphql(SINCE, { conversationId: ctx.world.main.id, afterSequence: 0 }, c)],
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
          ['an anchor that does not exist', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: NOBODY }, ctx.world.a)],
          ['the deleted anchor', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: ctx.world.main.deletedIds[1] }, ctx.world.a)],
          ['an anchor from another conversation', 'messages', ctx.graphql(MESSAGES, { conversationId: id, aroundMessageId: ctx.world.other.messages[0]!.id }, ctx.world.a)],
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
          ['messages of a conversation that does not exist', 'messages', ctx.graphql(MESSAGES, { conversationId: NOBODY }, ctx.world.a)],
          ['messagesSince of a conversation that does not exist', 'messagesSince', ctx.graphql(SINCE, { conversationId: NOBODY, afterSequence: 0 }, ctx.world.a)],
        ],
        ['FORBIDDEN', 'NOT_FOUND'],
        'FORBIDDEN or NOT_FOUND',
      );
    },
  },
];
