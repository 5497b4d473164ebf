import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { SINCE, type MessageNode, type Page } from '../../support/queries.js';
import { buildWorld, createChannel, send, SEND, type World } from '../../support/world.js';

let mock: RunningMockServer;
let world: World;
let channel: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
});
afterAll(() => mock.close());

const FULL = 'id clientMessageId conversationId senderId sequence type content replyToMessageId replyTo { id content deletedAt } createdAt updatedAt deletedAt attachments { id fileName contentType size } reactions { emoji userIds }';

async function read(id: string): Promise<MessageNode> {
  const page = ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { conversationId: channel, afterSequence: 0, first: 100 }, world.a.token)).messagesSince;
  let node = page.nodes.find((n) => n.id === id);
  let after = page.nodes.at(-1)?.sequence ?? 0;
  let more = page.hasNextPage;
  while (!node && more) {
    const next = ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { conversationId: channel, afterSequence: after, first: 100 }, world.a.token)).messagesSince;
    node = next.nodes.find((n) => n.id === id);
    after = next.nodes.at(-1)?.sequence ?? after;
    more = next.hasNextPage;
  }
  return node!;
}

async function upload(token: string, body = 'hello file'): Promise<string> {
  const { createUploadUrl } = ok(
    await gql<{ createUploadUrl: { key: string; uploadUrl: string; expiresAt: string } }>(
      mock.url,
      'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl expiresAt } }',
      { i: { contentType: 'text/plain', scope: 'PRIVATE', fileName: 'notes.txt' } },
      token,
    ),
  );
  const put = await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body, headers: { 'content-type': 'text/plain' } });
  expect(put.status).toBe(200);
  return createUploadUrl.key;
}

describe('sendMessage', () => {
  it('returns the stored message: TEXT, the sender, the conversation, equal createdAt and updatedAt', async () => {
    const clientMessageId = randomUUID();
    const { sendMessage } = ok(
      await gql<{ sendMessage: MessageNode }>(mock.url, `mutation($input: SendMessageInput!) { sendMessage(input: $input) { ${FULL} } }`, { input: { conversationId: channel, clientMessageId, content: 'hello' } }, world.a.token),
    );
    expect(sendMessage).toMatchObject({ clientMessageId, conversationId: channel, senderId: world.a.id, type: 'TEXT', content: 'hello', deletedAt: null, replyTo: null, attachments: [], reactions: [] });
    expect(sendMessage.createdAt).toBe(sendMessage.updatedAt);
    expect(sendMessage.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await read(sendMessage.id)).toEqual(sendMessage);
  });

  it('a retry with the same clientMessageId returns the first message instead of a duplicate', async () => {
    const input = { conversationId: channel, clientMessageId: randomUUID(), content: 'only once' };
    const first = ok(await gql<{ sendMessage: MessageNode }>(mock.url, SEND, { input }, world.a.token)).sendMessage;
    const again = ok(await gql<{ sendMessage: MessageNode }>(mock.url, SEND, { input }, world.a.token)).sendMessage;
    expect(again).toEqual(first);
    // Another sender may use the same client id: ids are the client's, per sender.
    const other = ok(await gql<{ sendMessage: MessageNode }>(mock.url, SEND, { input }, world.b.token)).sendMessage;
    expect(other.id).not.toBe(first.id);
  });

  it('keeps clientMessageId exactly as sent, so optimistic messages match', async () => {
    const padded = ` tmp-${randomUUID()} `;
    const first = ok(await gql<{ sendMessage: MessageNode }>(mock.url, SEND, { input: { conversationId: channel, clientMessageId: padded, content: 'one' } }, world.a.token)).sendMessage;
    expect(first.clientMessageId).toBe(padded);
    const trimmed = ok(await gql<{ sendMessage: MessageNode }>(mock.url, SEND, { input: { conversationId: channel, clientMessageId: padded.trim(), content: 'two' } }, world.a.token)).sendMessage;
    expect(trimmed.id).not.toBe(first.id);
    for (const clientMessageId of ['', 'x'.repeat(129), 'line\nbreak']) {
      expectCode(await gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId, content: 'x' } }, world.a.token), 'BAD_USER_INPUT');
    }
  });

  it('refuses empty content without files, control characters and content over 40,000 characters', async () => {
    for (const content of ['', '   ', 'bell\u0007', 'x'.repeat(40_001)]) {
      expectCode(await gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId: randomUUID(), content } }, world.a.token), 'BAD_USER_INPUT');
    }
    expect((await send(mock.url, world.a, channel, 'x'.repeat(40_000))).sequence).toBeGreaterThan(0);
  });

  it('a non-member cannot send (FORBIDDEN)', async () => {
    expectCode(await gql(mock.url, SEND, { input: { conversationId: world.privateChannelId, clientMessageId: randomUUID(), content: 'hi' } }, world.b.token), 'FORBIDDEN');
  });

  it('replyToMessageId must name a live message of the same conversation (NOT_FOUND otherwise)', async () => {
    const elsewhere = await send(mock.url, world.a, world.privateChannelId, 'elsewhere');
    expectCode(await gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId: randomUUID(), content: 'r', replyToMessageId: elsewhere.id } }, world.a.token), 'NOT_FOUND');
    expectCode(await gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId: randomUUID(), content: 'r', replyToMessageId: 'x' } }, world.a.token), 'BAD_USER_INPUT');
    const target = await send(mock.url, world.b, channel, 'target');
    const reply = await send(mock.url, world.a, channel, 'reply', { replyToMessageId: target.id });
    expect((await read(reply.id)).replyTo).toEqual({ id: target.id, senderId: world.b.id, content: 'target', deletedAt: null });
  });

  it('attachments whose keys come from createUploadUrl are stored as sent, and their file can be read back', async () => {
    const key = await upload(world.a.token, 'file body');
    const message = await send(mock.url, world.a, channel, '', { attachments: [{ key, fileName: 'notes.txt', contentType: 'text/plain', size: 9 }] });
    const node = await read(message.id);
    expect(node.content).toBe('');
    expect(node.attachments).toEqual([{ id: expect.any(String), fileName: 'notes.txt', contentType: 'text/plain', size: 9 }]);
    // A PRIVATE upload is read through a signed link, never at its upload URL.
    expect((await fetch(`${mock.origin}/uploads/${key}`)).status).toBe(403);
    const { attachmentDownloadUrl } = ok(await gql<{ attachmentDownloadUrl: string }>(mock.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id: node.attachments[0]!.id }, world.b.token));
    expect(await (await fetch(attachmentDownloadUrl)).text()).toBe('file body');
    // A key is attached once.
    expectCode(await gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId: randomUUID(), content: 'again', attachments: [{ key, fileName: 'n.txt', contentType: 'text/plain', size: 9 }] } }, world.a.token), 'BAD_USER_INPUT');
  });

  it('refuses attachment keys that were never uploaded or belong to someone else', async () => {
    const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string } }>(mock.url, 'mutation { createUploadUrl(input: { contentType: "image/png", scope: PRIVATE }) { key } }', {}, world.a.token));
    const attach = (key: string, token: string) =>
      gql(mock.url, SEND, { input: { conversationId: channel, clientMessageId: randomUUID(), content: 'f', attachments: [{ key, fileName: 'a.png', contentType: 'image/png', size: 1 }] } }, token);
    expectCode(await attach(createUploadUrl.key, world.a.token), 'BAD_USER_INPUT');
    expectCode(await attach(await upload(world.b.token), world.a.token), 'NOT_FOUND');
    expectCode(await attach('up_made_up', world.a.token), 'NOT_FOUND');
  });
});

describe('editMessage and deleteMessage', () => {
  it('the sender edits: content and updatedAt change, sequence and createdAt stay', async () => {
    const sent = await send(mock.url, world.a, channel, 'before');
    const original = await read(sent.id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { editMessage } = ok(await gql<{ editMessage: MessageNode }>(mock.url, `mutation($id: ID!) { editMessage(id: $id, content: "after") { ${FULL} } }`, { id: sent.id }, world.a.token));
    expect(editMessage).toMatchObject({ id: sent.id, sequence: original.sequence, createdAt: original.createdAt, content: 'after' });
    expect(Date.parse(editMessage.updatedAt)).toBeGreaterThan(Date.parse(original.updatedAt));
    expect(await read(sent.id)).toEqual(editMessage);
  });

  it('only the sender may edit or delete (FORBIDDEN); a deleted message cannot be edited (NOT_FOUND)', async () => {
    const sent = await send(mock.url, world.a, channel, 'mine');
    expectCode(await gql(mock.url, 'mutation($id: ID!) { editMessage(id: $id, content: "hijack") { id } }', { id: sent.id }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.id }, world.b.token), 'FORBIDDEN');
    expect((await read(sent.id)).content).toBe('mine');
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.id }, world.a.token));
    expectCode(await gql(mock.url, 'mutation($id: ID!) { editMessage(id: $id, content: "zombie") { id } }', { id: sent.id }, world.a.token), 'NOT_FOUND');
  });

  it('deleting is a soft delete that keeps the sequence and clears content and attachments; deleting again changes nothing', async () => {
    const key = await upload(world.a.token);
    const sent = await send(mock.url, world.a, channel, 'with file', { attachments: [{ key, fileName: 'f.txt', contentType: 'text/plain', size: 10 }] });
    const { deleteMessage } = ok(await gql<{ deleteMessage: MessageNode }>(mock.url, `mutation($id: ID!) { deleteMessage(id: $id) { ${FULL} } }`, { id: sent.id }, world.a.token));
    expect(deleteMessage).toMatchObject({ id: sent.id, sequence: sent.sequence, content: null, attachments: [] });
    expect(deleteMessage.deletedAt).not.toBeNull();
    const again = ok(await gql<{ deleteMessage: MessageNode }>(mock.url, `mutation($id: ID!) { deleteMessage(id: $id) { ${FULL} } }`, { id: sent.id }, world.a.token)).deleteMessage;
    expect(again).toEqual(deleteMessage);
  });
});

describe('reactions', () => {
  it('are grouped by emoji, with the user ids of everyone who used it, in first-use order', async () => {
    const sent = await send(mock.url, world.a, channel, 'react to me');
    const react = (emoji: string, token: string, op = 'addReaction') =>
      gql<Record<string, MessageNode>>(mock.url, `mutation($m: ID!, $e: String!) { ${op}(messageId: $m, emoji: $e) { reactions { emoji userIds } } }`, { m: sent.id, e: emoji }, token);
    ok(await react('👍', world.a.token));
    ok(await react('🎉', world.b.token));
    ok(await react('👍', world.b.token));
    ok(await react('👍', world.b.token)); // twice counts once
    expect((await read(sent.id)).reactions).toEqual([
      { emoji: '👍', userIds: [world.a.id, world.b.id] },
      { emoji: '🎉', userIds: [world.b.id] },
    ]);
    ok(await react('👍', world.a.token, 'removeReaction'));
    ok(await react('🎉', world.b.token, 'removeReaction'));
    expect((await read(sent.id)).reactions).toEqual([{ emoji: '👍', userIds: [world.b.id] }]);
    expectCode(await react('', world.a.token), 'BAD_USER_INPUT');
    expectCode(await react('two words', world.a.token), 'BAD_USER_INPUT');
    expectCode(await react('👍', world.c.token), 'FORBIDDEN');
  });
});
