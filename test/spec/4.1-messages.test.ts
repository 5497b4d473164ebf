import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { expectCode, gql, ok } from '../support/client.js';
import { MESSAGES, MESSAGES_DEFAULT, type Page } from '../support/queries.js';
import { buildWorld, createChannel, send, sendMany, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

async function page(conversationId: string, args: Record<string, unknown> = {}, token = world.a.token): Promise<Page> {
  return ok(await gql<{ messages: Page }>(mock.url, MESSAGES, { conversationId, ...args }, token)).messages;
}

async function channelWith(count: number): Promise<{ id: string; sent: Awaited<ReturnType<typeof sendMany>> }> {
  const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
  return { id, sent: await sendMany(mock.url, world.a, id, count) };
}

const seqs = (p: Page) => p.nodes.map((n) => n.sequence);

describe('4.1 messages: arguments', () => {
  it('4.1 conversationId: a value that is not a UUID is BAD_USER_INPUT', async () => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: 'not-a-uuid' }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.1 conversationId: required, no default (omitting it fails validation)', async () => {
    const response = await gql(mock.url, '{ messages { endCursor } }', {}, world.a.token);
    expect(response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(response.data).toBeUndefined();
  });

  it('4.1 first: defaults to 30', async () => {
    const { id, sent } = await channelWith(35);
    const result = ok(await gql<{ messages: Page }>(mock.url, MESSAGES_DEFAULT, { conversationId: id }, world.a.token)).messages;
    expect(seqs(result)).toEqual(sent.slice(5).map((m) => m.sequence));
    expect(result.hasNextPage).toBe(true);
  });

  it('4.1 first: 1 and 100 are accepted and bound the page size', async () => {
    const { id, sent } = await channelWith(101);
    expect(seqs(await page(id, { first: 1 }))).toEqual([sent[100]!.sequence]);
    const hundred = await page(id, { first: 100 });
    expect(hundred.nodes).toHaveLength(100);
    expect(hundred.hasNextPage).toBe(true);
  });

  it.each([0, -1, 101, 1000])('4.1 first: %i is outside 1 to 100 and is BAD_USER_INPUT', async (first) => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId, first }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.1 first: null is not accepted (as a variable)', async () => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId, first: null }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.1 first: null is not accepted (as a literal)', async () => {
    const query = `{ messages(conversationId: "${world.privateChannelId}", first: null) { endCursor } }`;
    const response = await gql(mock.url, query, {}, world.a.token);
    expect(response.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('4.1 before: null or omitted starts at the newest message', async () => {
    const { id, sent } = await channelWith(5);
    const newest = sent.at(-1)!.sequence;
    expect((await page(id, { first: 2 })).nodes.at(-1)!.sequence).toBe(newest);
    expect((await page(id, { first: 2, before: null })).nodes.at(-1)!.sequence).toBe(newest);
  });

  it('4.1 before: returns messages with a smaller sequence than the cursor', async () => {
    const { id, sent } = await channelWith(10);
    const first = await page(id, { first: 4 });
    const second = await page(id, { first: 4, before: first.endCursor });
    expect(seqs(second)).toEqual(sent.slice(2, 6).map((m) => m.sequence));
    expect(Math.max(...seqs(second))).toBeLessThan(Math.min(...seqs(first)));
  });

  it('4.1 before: a malformed cursor is BAD_USER_INPUT', async () => {
    for (const before of ['garbage', '', '%%%', 'bTE6bm90LWEtdXVpZDo1', 'x'.repeat(500)]) {
      expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId, before }, world.a.token), 'BAD_USER_INPUT');
    }
  });

  it('4.1 before: a cursor is valid only for the conversation that produced it (BAD_USER_INPUT)', async () => {
    const one = await channelWith(3);
    const two = await channelWith(3);
    const cursor = (await page(one.id, { first: 1 })).endCursor;
    expectCode(await gql(mock.url, MESSAGES, { conversationId: two.id, before: cursor }, world.a.token), 'BAD_USER_INPUT');
  });

  it('4.1 aroundMessageId: the page ends at the anchor, holds it and older messages, none newer', async () => {
    const { id, sent } = await channelWith(20);
    const anchor = sent[9]!;
    const result = await page(id, { aroundMessageId: anchor.id, first: 5 });
    expect(seqs(result)).toEqual(sent.slice(5, 10).map((m) => m.sequence));
    expect(result.nodes.at(-1)!.id).toBe(anchor.id);
    expect(result.hasNextPage).toBe(true);
  });

  it('4.1 aroundMessageId: anchor at the oldest message gives just the anchor and hasNextPage false', async () => {
    const { id, sent } = await channelWith(5);
    const result = await page(id, { aroundMessageId: sent[0]!.id });
    expect(result.nodes.map((n) => n.id)).toEqual([sent[0]!.id]);
    expect(result.hasNextPage).toBe(false);
  });

  it('4.1 aroundMessageId: null or omitted means not applied', async () => {
    const { id, sent } = await channelWith(4);
    expect((await page(id, { aroundMessageId: null })).nodes.at(-1)!.id).toBe(sent.at(-1)!.id);
  });

  it('4.1 aroundMessageId: an anchor in another conversation is NOT_FOUND', async () => {
    const one = await channelWith(2);
    const two = await channelWith(2);
    expectCode(await gql(mock.url, MESSAGES, { conversationId: two.id, aroundMessageId: one.sent[0]!.id }, world.a.token), 'NOT_FOUND');
  });

  it('4.1 aroundMessageId: a deleted anchor is NOT_FOUND', async () => {
    const { id, sent } = await channelWith(3);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent[1]!.id }, world.a.token));
    expectCode(await gql(mock.url, MESSAGES, { conversationId: id, aroundMessageId: sent[1]!.id }, world.a.token), 'NOT_FOUND');
  });

  it('4.1 aroundMessageId: an anchor that does not exist is NOT_FOUND', async () => {
    const { id } = await channelWith(1);
    expectCode(await gql(mock.url, MESSAGES, { conversationId: id, aroundMessageId: '00000000-0000-4000-8000-000000000000' }, world.a.token), 'NOT_FOUND');
  });

  it('4.1 aroundMessageId: a value that is not a UUID is BAD_USER_INPUT', async () => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId, aroundMessageId: 'nope' }, world.a.token), 'BAD_USER_INPUT');
  });
});

describe('4.1 messages: rules', () => {
  it('4.1 rule 1: the caller must be a member of the conversation; workspace membership is not enough (FORBIDDEN)', async () => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId }, world.b.token), 'FORBIDDEN');
  });

  it('4.1 rule 1: a caller outside the workspace is FORBIDDEN', async () => {
    expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId }, world.c.token), 'FORBIDDEN');
  });

  it('4.1 rule 2: when both before and aroundMessageId are given, before takes precedence', async () => {
    const { id, sent } = await channelWith(12);
    const cursor = (await page(id, { first: 3 })).endCursor; // oldest of the newest three: sequence of sent[9]
    const result = await page(id, { first: 3, before: cursor, aroundMessageId: sent[2]!.id });
    expect(seqs(result)).toEqual(sent.slice(6, 9).map((m) => m.sequence));
  });

  it('4.1 rule 2: before wins even over an anchor that would be NOT_FOUND', async () => {
    const one = await channelWith(4);
    const other = await channelWith(1);
    const cursor = (await page(one.id, { first: 1 })).endCursor;
    const result = await page(one.id, { first: 2, before: cursor, aroundMessageId: other.sent[0]!.id });
    expect(seqs(result)).toEqual(one.sent.slice(1, 3).map((m) => m.sequence));
  });

  it('4.1 rule 3: without before and aroundMessageId the page holds the newest messages', async () => {
    const { id, sent } = await channelWith(8);
    expect(seqs(await page(id, { first: 3 }))).toEqual(sent.slice(5).map((m) => m.sequence));
  });

  it('4.1 rule 4: nodes are in ascending sequence order within each page, pages go newest to oldest', async () => {
    const { id } = await channelWith(25);
    let cursor: string | null = null;
    let previousOldest = Number.POSITIVE_INFINITY;
    do {
      const current: Page = await page(id, { first: 7, before: cursor });
      const s = seqs(current);
      expect(s).toEqual([...s].sort((x, y) => x - y));
      expect(new Set(s).size).toBe(s.length);
      expect(Math.max(...s)).toBeLessThan(previousOldest);
      previousOldest = Math.min(...s);
      cursor = current.hasNextPage ? current.endCursor : null;
    } while (cursor);
  });

  it('4.1 rule 4: the result is never null, even for an empty conversation', async () => {
    const { id } = await channelWith(0);
    expect(await page(id)).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('4.1 rule 5: endCursor is the cursor at the oldest message of the page', async () => {
    const { id, sent } = await channelWith(6);
    const result = await page(id, { first: 3 });
    const next = await page(id, { first: 1, before: result.endCursor });
    // The message right before the cursor is the one right before the page's oldest node.
    expect(next.nodes[0]!.sequence).toBe(sent[2]!.sequence);
    expect(result.nodes[0]!.sequence).toBe(sent[3]!.sequence);
  });

  it('4.1 rule 5: endCursor is null when the page is empty', async () => {
    const { id } = await channelWith(2);
    const all = await page(id, { first: 2 });
    const beyond = await page(id, { before: all.endCursor });
    expect(beyond).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('4.1 rule 6: hasNextPage is true when older messages exist; continue with before = endCursor', async () => {
    const { id, sent } = await channelWith(7);
    const first = await page(id, { first: 4 });
    expect(first.hasNextPage).toBe(true);
    const second = await page(id, { first: 4, before: first.endCursor });
    expect(second.hasNextPage).toBe(false);
    expect([...seqs(second), ...seqs(first)]).toEqual(sent.map((m) => m.sequence));
  });

  it('4.1 rule 6: with exactly `first` messages left, hasNextPage is false', async () => {
    const { id } = await channelWith(10);
    const first = await page(id, { first: 5 });
    expect(first.hasNextPage).toBe(true);
    const rest = await page(id, { first: 5, before: first.endCursor });
    expect(rest.nodes).toHaveLength(5);
    expect(rest.hasNextPage).toBe(false);
    expect((await page(id, { first: 10 })).hasNextPage).toBe(false);
  });

  it('4.1 rule 7: soft-deleted messages remain without content or attachments, with deletedAt set', async () => {
    const { id, sent } = await channelWith(3);
    const deleted = ok(
      await gql<{ deleteMessage: { id: string; sequence: number } }>(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id sequence } }', { id: sent[1]!.id }, world.a.token),
    ).deleteMessage;
    expect(deleted.sequence).toBe(sent[1]!.sequence);
    const result = await page(id);
    expect(result.nodes.map((n) => n.id)).toEqual(sent.map((m) => m.id));
    const node = result.nodes[1]!;
    expect(node.content).toBeNull();
    expect(node.attachments).toEqual([]);
    expect(Date.parse(node.deletedAt!)).not.toBeNaN();
    expect(result.nodes[0]!.deletedAt).toBeNull();
  });

  it('4.1 rule 7: a reply to a deleted message shows replyTo with content null and deletedAt set', async () => {
    const { id, sent } = await channelWith(1);
    const reply = await send(mock.url, world.a, id, 'a reply', { replyToMessageId: sent[0]!.id });
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent[0]!.id }, world.a.token));
    const node = (await page(id)).nodes.find((n) => n.id === reply.id)!;
    expect(node.replyToMessageId).toBe(sent[0]!.id);
    expect(node.replyTo).toMatchObject({ id: sent[0]!.id, senderId: world.a.id, content: null });
    expect(node.replyTo!.deletedAt).not.toBeNull();
    expect(node.content).toBe('a reply');
  });

  it('4.1 rule 8: the query does not update the read marker; markConversationAsRead does', async () => {
    const { id, sent } = await channelWith(4);
    const marker = async () =>
      ok(await gql<{ conversation: { members: { userId: string; lastReadSequence: number }[] } }>(mock.url, 'query($id: ID!) { conversation(id: $id) { members { userId lastReadSequence } } }', { id }, world.a.token))
        .conversation.members.find((m) => m.userId === world.a.id)!.lastReadSequence;
    const before = await marker();
    await page(id);
    await page(id, { first: 1, aroundMessageId: sent[3]!.id });
    expect(await marker()).toBe(before);
    ok(await gql(mock.url, 'mutation($id: ID!, $s: Int!) { markConversationAsRead(conversationId: $id, sequence: $s) { id } }', { id, s: sent[3]!.sequence }, world.a.token));
    expect(await marker()).toBe(sent[3]!.sequence);
  });
});
