import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { expectCode, gql, ok, type GraphQLResponse } from '../support/client.js';
import { MESSAGES, SINCE, type Page } from '../support/queries.js';
import { buildWorld, createChannel, sendMany, type SentMessage, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;
let channel: string;
let other: string;
let sent: SentMessage[];
let otherSent: SentMessage[];
let cursor: string;
let otherCursor: string;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
  channel = world.privateChannelId;
  other = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
  sent = await sendMany(mock.url, world.a, channel, 5);
  otherSent = await sendMany(mock.url, world.a, other, 2);
  ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent[2]!.id }, world.a.token));
  const page = async (id: string) => ok(await gql<{ messages: Page }>(mock.url, MESSAGES, { conversationId: id, first: 1 }, world.a.token)).messages.endCursor!;
  cursor = await page(channel);
  otherCursor = await page(other);
});
afterAll(() => mock.close());

type Call = () => Promise<GraphQLResponse<unknown>>;
/** `token: null` sends no Authorization header at all. */
const messages = (vars: Record<string, unknown>, token: string | null = world.a.token): Call => () => gql(mock.url, MESSAGES, { conversationId: channel, ...vars }, token ?? undefined);
const since = (vars: Record<string, unknown>, token: string | null = world.a.token): Call => () => gql(mock.url, SINCE, { conversationId: channel, afterSequence: 0, ...vars }, token ?? undefined);

/** SPEC.md section 7, one entry per row; each case names the query and the condition. */
const rows: { row: string; code: string; cases: () => Record<string, Call> }[] = [
  {
    row: 'UNAUTHENTICATED: access token missing or invalid (both queries)',
    code: 'UNAUTHENTICATED',
    cases: () => ({
      'messages, no token': messages({}, null),
      'messages, invalid token': messages({}, 'pa_forged'),
      'messagesSince, no token': since({}, null),
      'messagesSince, invalid token': since({}, 'pa_forged'),
    }),
  },
  {
    row: 'BAD_USER_INPUT: conversationId is not a valid id format (both queries)',
    code: 'BAD_USER_INPUT',
    cases: () => ({
      'messages': messages({ conversationId: 'general' }),
      'messagesSince': since({ conversationId: '12345' }),
      'messages, a UUID with a stray character': messages({ conversationId: `${channel}x` }),
    }),
  },
  {
    row: 'BAD_USER_INPUT: first is outside 1 to 100 (both queries)',
    code: 'BAD_USER_INPUT',
    cases: () => ({ 'messages, 0': messages({ first: 0 }), 'messages, 101': messages({ first: 101 }), 'messagesSince, 0': since({ first: 0 }), 'messagesSince, 101': since({ first: 101 }) }),
  },
  {
    row: 'BAD_USER_INPUT: messages before cursor is malformed, or belongs to another conversation',
    code: 'BAD_USER_INPUT',
    cases: () => ({ malformed: messages({ before: 'not a cursor' }), 'from another conversation': messages({ before: otherCursor }) }),
  },
  {
    row: 'BAD_USER_INPUT: messages aroundMessageId is not a valid id format',
    code: 'BAD_USER_INPUT',
    cases: () => ({ 'not a UUID': messages({ aroundMessageId: 'latest' }) }),
  },
  {
    row: 'BAD_USER_INPUT: messagesSince afterSequence is negative',
    code: 'BAD_USER_INPUT',
    cases: () => ({ '-1': since({ afterSequence: -1 }) }),
  },
  {
    row: 'FORBIDDEN: caller is not a member of the conversation (both queries)',
    code: 'FORBIDDEN',
    cases: () => ({
      'messages, workspace member': messages({}, world.b.token),
      'messagesSince, workspace member': since({}, world.b.token),
      'messages, outsider': messages({}, world.c.token),
      'messagesSince, outsider': since({}, world.c.token),
    }),
  },
  {
    row: 'NOT_FOUND: messages aroundMessageId refers to a message that does not exist, is deleted, or belongs to another conversation',
    code: 'NOT_FOUND',
    cases: () => ({
      'does not exist': messages({ aroundMessageId: '7f1c2a34-0000-4000-8000-000000000001' }),
      deleted: messages({ aroundMessageId: sent[2]!.id }),
      'another conversation': messages({ aroundMessageId: otherSent[0]!.id }),
    }),
  },
];

describe('7 errors', () => {
  for (const { row, code, cases } of rows) {
    it(`7 row ${row}`, async () => {
      for (const [name, call] of Object.entries(cases())) {
        const response = await call();
        expect(response.errors, name).toBeDefined();
        expectCode(response, code);
      }
    });
  }

  it('7: a well-formed id of a conversation that does not exist is NOT_FOUND (the spec also allows FORBIDDEN)', async () => {
    const missing = '5b0e4f9a-1111-4222-8333-944455566677';
    expectCode(await messages({ conversationId: missing })(), 'NOT_FOUND');
    expectCode(await since({ conversationId: missing })(), 'NOT_FOUND');
  });

  it('7: an error carries its code in errors[].extensions.code, a message and the path, and no stack trace', async () => {
    const response = await messages({ first: 0 })();
    const error = response.errors![0]!;
    expect(error).toMatchObject({ path: ['messages'], extensions: { code: 'BAD_USER_INPUT' } });
    expect(error.message).toMatch(/first must be between 1 and 100/);
    // Nothing but the code and the argument at fault (docs/mock-behaviour.md, "Errors").
    expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first' });
  });
});
