import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { expectCode, gql, ok } from '../support/client.js';
import { MESSAGES, SINCE, SINCE_DEFAULT, type Page } from '../support/queries.js';
import { buildWorld, createChannel, send, sendMany, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

async function since(conversationId: string, afterSequence: number, args: Record<string, unknown> = {}, token = world.a.token): Promise<Page> {
  return ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { conversationId, afterSequence, ...args }, token)).messagesSince;
}

async function channelWith(count: number) {
  const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
  return { id, sent: await sendMany(mock.url, world.a, id, count) };
}

const seqs = (p: Page) => p.nodes.map((n) => n.sequence);

describe('4.2 messagesSince: arguments', () => {
  it('4.2 afterSequence: required, no default (omitting it fails validation)', async () => {
    const response = await gql(mock.url, `{ messagesSince(conversationId: "${world.privateChannelId}") { endCursor } }`, {}, world.a.token);
    expect(response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('4.2 afterSequence: 0 is valid and reads from the start of the conversation', async () => {
    const { id, sent } = await channelWith(5);
    expect(seqs(await since(id, 0))).toEqual(sent.map((m) => m.sequence));
  });

  it('4.2 afterSequence: only messages with a larger sequence are returned', async () => {
    const { id, sent } = await channelWith(6);
    const after = sent[2]!.sequence;
    const result = await since(id, after);
    expect(seqs(result)).toEqual(sent.slice(3).map((m) => m.sequence));
    expect(result.nodes.every((n) => n.sequence > after)).toBe(true);
  });

  it.each([-1, -1000])('4.2 afterSequence: %i is negative and is BAD_USER_INPUT', async (afterSequence) => {
    expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.2 conversationId: a value that is not a UUID is BAD_USER_INPUT', async () => {
    expectCode(await gql(mock.url, SINCE, { conversationId: '123', afterSequence: 0 }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.2 first: defaults to 50', async () => {
    const { id, sent } = await channelWith(55);
    const result = ok(await gql<{ messagesSince: Page }>(mock.url, SINCE_DEFAULT, { conversationId: id, afterSequence: 0 }, world.a.token)).messagesSince;
    expect(seqs(result)).toEqual(sent.slice(0, 50).map((m) => m.sequence));
    expect(result.hasNextPage).toBe(true);
  });

  it('4.2 first: 1 and 100 are accepted and bound the page size', async () => {
    const { id, sent } = await channelWith(101);
    expect(seqs(await since(id, 0, { first: 1 }))).toEqual([sent[0]!.sequence]);
    const hundred = await since(id, 0, { first: 100 });
    expect(hundred.nodes).toHaveLength(100);
    expect(hundred.hasNextPage).toBe(true);
  });

  it.each([0, -5, 101])('4.2 first: %i is outside 1 to 100 and is BAD_USER_INPUT', async (first) => {
    expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0, first }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.2 first: null is not accepted', async () => {
    expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0, first: null }, world.a.token), 'BAD_USER_INPUT');
  });
});

describe('4.2 messagesSince: rules', () => {
  it('4.2 rule 1: the caller must be a member of the conversation (FORBIDDEN for a workspace member outside it)', async () => {
    expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0 }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0 }, world.c.token), 'FORBIDDEN');
  });

  it('4.2 rule 2: nodes ascend by sequence, all greater than afterSequence; the result is never null', async () => {
    const { id, sent } = await channelWith(9);
    const result = await since(id, sent[3]!.sequence, { first: 4 });
    const s = seqs(result);
    expect(s).toEqual([...s].sort((x, y) => x - y));
    expect(s).toEqual(sent.slice(4, 8).map((m) => m.sequence));
    const empty = await channelWith(0);
    expect(await since(empty.id, 0)).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('4.2 rule 3: hasNextPage is true when newer messages remain; continue from the last node sequence', async () => {
    const { id, sent } = await channelWith(7);
    const first = await since(id, 0, { first: 4 });
    expect(first.hasNextPage).toBe(true);
    const second = await since(id, first.nodes.at(-1)!.sequence, { first: 4 });
    expect(second.hasNextPage).toBe(false);
    expect([...seqs(first), ...seqs(second)]).toEqual(sent.map((m) => m.sequence));
  });

  it('4.2 rule 3: with exactly `first` messages left, hasNextPage is false', async () => {
    const { id } = await channelWith(8);
    const first = await since(id, 0, { first: 4 });
    const rest = await since(id, first.nodes.at(-1)!.sequence, { first: 4 });
    expect(rest.nodes).toHaveLength(4);
    expect(rest.hasNextPage).toBe(false);
  });

  it('4.2 rule 3: afterSequence at or beyond the newest message gives an empty page', async () => {
    const { id, sent } = await channelWith(3);
    expect(await since(id, sent.at(-1)!.sequence)).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
    expect(await since(id, sent.at(-1)!.sequence + 1000)).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('4.2 rule 4: endCursor encodes the conversation and the newest sequence in the page; null when empty', async () => {
    const { id, sent } = await channelWith(6);
    const result = await since(id, 0, { first: 4 });
    expect(result.endCursor).toEqual(expect.any(String));
    // Used as `messages.before`, it points just past the page's newest node, in this conversation only.
    const older = ok(await gql<{ messages: Page }>(mock.url, MESSAGES, { conversationId: id, before: result.endCursor, first: 100 }, world.a.token)).messages;
    expect(seqs(older)).toEqual(sent.slice(0, 3).map((m) => m.sequence));
    const other = await channelWith(1);
    expectCode(await gql(mock.url, MESSAGES, { conversationId: other.id, before: result.endCursor }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.2 rule 5: soft-deleted messages stay in the stream with content null and no attachments', async () => {
    const { id, sent } = await channelWith(3);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent[1]!.id }, world.a.token));
    const result = await since(id, 0);
    expect(seqs(result)).toEqual(sent.map((m) => m.sequence));
    expect(result.nodes[1]).toMatchObject({ id: sent[1]!.id, content: null, attachments: [] });
    expect(result.nodes[1]!.deletedAt).not.toBeNull();
  });

  it('4.2 rule 6: the query does not update the read marker', async () => {
    const { id } = await channelWith(4);
    const reply = await send(mock.url, world.a, id, 'newest');
    const marker = async () =>
      ok(await gql<{ conversation: { members: { userId: string; lastReadSequence: number }[] } }>(mock.url, 'query($id: ID!) { conversation(id: $id) { members { userId lastReadSequence } } }', { id }, world.a.token))
        .conversation.members.find((m) => m.userId === world.a.id)!.lastReadSequence;
    const before = await marker();
    await since(id, 0);
    await since(id, 2, { first: 1 });
    expect(await marker()).toBe(before);
    expect(before).toBeLessThan(reply.sequence);
  });
});
