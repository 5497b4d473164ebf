import { connect, type Socket } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/mock-server/engine/limits.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createParleyHandlers } from '../../src/msw/index.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { MESSAGES } from '../support/queries.js';
import { acknowledged, connectSocket, until, type SocketClient } from '../support/socket.js';
import { createChannel, createWorkspace, login, registerActor, send, type Actor } from '../support/world.js';

/**
 * Amplified answers (docs/mock-behaviour.md, "Limits before work"): a query of a few hundred
 * bytes, within every document limit, that selects large strings many times (aliases, pages,
 * reply previews) would answer megabytes, and a client that sends it and never reads would make
 * the server hold them. Every answer is held to `--max-response-bytes` (8 MiB by default) and a
 * larger one is refused with RESPONSE_TOO_LARGE, through every door and on both execution paths;
 * a connection that does not read holds at most one answer.
 */

const MAX = defaultLimits.maxResponseBytes;
const CONTENT_MAX = 40_000;
const REPLIES = 15;

let mock: RunningMockServer;
let owner: Actor;
/** A private channel of `owner`'s: a 40,000-character ASCII message and 15 replies to it. */
let asciiChannel: string;
/** A channel like it, whose long message is 40,000 CJK characters (3 bytes each in UTF-8). */
let cjkChannel: string;
const sockets: SocketClient[] = [];

/** Posts a long message and `REPLIES` short replies to it: each reply's preview repeats the long one. */
async function longMessageAndReplies(url: string, actor: Actor, channel: string, content: string): Promise<void> {
  const long = await send(url, actor, channel, content);
  for (let i = 0; i < REPLIES; i++) await send(url, actor, channel, `re ${i}`, { replyToMessageId: long.id });
}

/**
 * `pages` pages of a channel's messages, each selecting every reply's preview twice: a few hundred
 * bytes, 3 aliases per page (within the 30 allowed), that select 2 x 15 x 40,000 characters per page.
 */
function amplified(pages: number, name = 'Amplified'): string {
  const selections = Array.from({ length: pages }, (_, i) => `p${i}:messages(conversationId:$c){...P}`).join(' ');
  return `query ${name}($c:ID!){${selections}} fragment P on MessagePage{nodes{replyTo{a:content b:content}}}`;
}

beforeAll(async () => {
  // graphql-jit on every use here; the MSW door below runs graphql-js.
  mock = await startMockServer({ port: 0, execution: 'compiled' });
  owner = await registerActor(mock.url, 'a');
  const workspaceId = await createWorkspace(mock.url, owner);
  asciiChannel = await createChannel(mock.url, owner, workspaceId, 'PRIVATE');
  cjkChannel = await createChannel(mock.url, owner, workspaceId, 'PRIVATE');
  await longMessageAndReplies(mock.url, owner, asciiChannel, 'x'.repeat(CONTENT_MAX));
  await longMessageAndReplies(mock.url, owner, cjkChannel, '語'.repeat(CONTENT_MAX));
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
});
afterAll(() => mock.close());

function expectTooLarge(answer: GraphQLResponse<unknown>): void {
  expect(answer.status, JSON.stringify(answer.errors)).toBe(200);
  expect(answer.data).toBeNull();
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
  expect(answer.errors?.[0]?.message).toContain('--max-response-bytes');
}

describe('over HTTP', () => {
  it('a 383-byte query selecting 8 pages of 2 x 15 previews of a 40,000-character message (9.6 MB) is RESPONSE_TOO_LARGE', async () => {
    const query = amplified(8);
    expect(query.length).toBeLessThan(400);
    expectTooLarge(await gql(mock.url, query, { c: asciiChannel }, owner.token));
    // The refusal is in the request journal with its code.
    const [entry] = mock.runtime.journal.list(1);
    expect(entry?.errorCodes).toEqual(['RESPONSE_TOO_LARGE']);
  });

  it('the exact size counts UTF-8 bytes: 3 pages of CJK previews (3.6 million characters, 10.8 MB) are refused', async () => {
    expectTooLarge(await gql(mock.url, amplified(3), { c: cjkChannel }, owner.token));
  });

  it('the same query within the limit answers in full: 2 pages of ASCII previews (2.4 MB), 2 of CJK (7.2 MB)', async () => {
    type Pages = Record<string, { nodes: { replyTo: { a: string; b: string } | null }[] }>;
    const ascii = ok(await gql<Pages>(mock.url, amplified(2), { c: asciiChannel }, owner.token));
    expect(Object.values(ascii).flatMap((page) => page.nodes.flatMap((node) => (node.replyTo ? [node.replyTo.a.length, node.replyTo.b.length] : [])))).toEqual(
      Array(2 * 2 * REPLIES).fill(CONTENT_MAX),
    );
    const cjk = ok(await gql<Pages>(mock.url, amplified(2), { c: cjkChannel }, owner.token));
    expect(Object.values(cjk)).toHaveLength(2);
  });

  it("a demo screen still answers: 100 messages of the demo's busiest conversation, every field", async () => {
    const alice = await login(mock.url, 'alice@acme.test', 'parley-demo');
    const [workspace] = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, alice.token)).workspaces;
    const conversations = ok(
      await gql<{ conversations: { nodes: { id: string; lastMessageSequence: number | null }[] } }>(
        mock.url,
        'query($w: ID!) { conversations(workspaceId: $w, first: 100) { nodes { id lastMessageSequence } } }',
        { w: workspace!.id },
        alice.token,
      ),
    ).conversations.nodes;
    const busiest = conversations.reduce((a, b) => ((b.lastMessageSequence ?? 0) > (a.lastMessageSequence ?? 0) ? b : a));
    const page = ok(await gql<{ messages: { nodes: unknown[] } }>(mock.url, MESSAGES, { conversationId: busiest.id, first: 100 }, alice.token));
    expect(page.messages.nodes.length).toBe(Math.min(100, busiest.lastMessageSequence ?? 0));
  });
});

describe('over WebSocket', () => {
  it('the same query over graphql-ws is a next with RESPONSE_TOO_LARGE and no data; the socket stays open', async () => {
    const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${owner.token}` });
    sockets.push(socket);
    await acknowledged(socket);
    const run = (query: string, c: string) =>
      new Promise<{ data?: unknown; errors?: readonly { message: string; extensions?: { code?: string } }[] }>((resolve, reject) => {
        socket.client.subscribe({ query, variables: { c } }, { next: resolve, error: reject, complete: () => {} });
      });
    for (const [query, channel] of [
      [amplified(8), asciiChannel],
      [amplified(3), cjkChannel],
    ] as const) {
      const answer = await run(query, channel);
      expect(answer.data).toBeNull();
      expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['RESPONSE_TOO_LARGE']);
    }
    expect(await run('{ health }', asciiChannel)).toMatchObject({ data: { health: expect.anything() } });
  });
});

describe('a client that never reads', () => {
  it('holds at most one answer per connection: its pipelined requests wait, unexecuted', async () => {
    // Six pages of previews: 7.2 MB, under the limit, and more than loopback's socket buffers take.
    const body = JSON.stringify({ query: amplified(6, 'NeverRead'), variables: { c: asciiChannel } });
    const request = [
      'POST /graphql HTTP/1.1',
      `Host: 127.0.0.1:${mock.port}`,
      'Content-Type: application/json',
      `Authorization: Bearer ${owner.token}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
    const held: Socket[] = [];
    const onConnection = (socket: Socket) => held.push(socket);
    mock.server.on('connection', onConnection);
    const client = connect(mock.port, '127.0.0.1');
    client.pause();
    try {
      await new Promise<void>((resolve) => client.once('connect', resolve));
      client.write(request.repeat(5));
      const answered = () => mock.runtime.journal.list().filter((entry) => entry.operationName === 'NeverRead').length;
      await until(() => answered() >= 1, 'the first answer', 5_000);
      // Another connection's request is answered meanwhile; by then the others would have run too.
      ok(await gql(mock.url, '{ health }'));
      expect(answered()).toBeLessThanOrEqual(2);
      const unsent = held.reduce((sum, socket) => sum + socket.writableLength, 0);
      expect(unsent).toBeLessThanOrEqual(MAX + 1024);
    } finally {
      mock.server.off('connection', onConnection);
      client.destroy();
    }
  });
});

describe('the MSW door (graphql-js)', () => {
  /** No server listens here: MSW answers every request to it. */
  const ENDPOINT = 'http://parley-amplified.test/graphql';
  const msw = setupServer();
  let mswOwner: Actor;
  let mswChannel: string;
  beforeAll(async () => {
    // A small limit, so a few previews of one long message are over it.
    const parley = await createParleyHandlers({ endpoint: ENDPOINT, empty: true, limits: { maxResponseBytes: 256 * 1024 } });
    msw.use(...parley.handlers);
    msw.listen({ onUnhandledRequest: 'bypass' });
    mswOwner = await registerActor(ENDPOINT, 'a');
    mswChannel = await createChannel(ENDPOINT, mswOwner, await createWorkspace(ENDPOINT, mswOwner), 'PRIVATE');
    const long = await send(ENDPOINT, mswOwner, mswChannel, 'x'.repeat(CONTENT_MAX));
    for (let i = 0; i < 4; i++) await send(ENDPOINT, mswOwner, mswChannel, `re ${i}`, { replyToMessageId: long.id });
  });
  afterAll(() => msw.close());

  it('answers over its limit are RESPONSE_TOO_LARGE; under it, in full', async () => {
    // 2 pages of 5 messages: 4 previews and the long one itself, selected twice (440 KB).
    const query = 'query($c:ID!){a:messages(conversationId:$c){...P} b:messages(conversationId:$c){...P}} fragment P on MessagePage{nodes{content replyTo{content}}}';
    expectTooLarge(await gql(ENDPOINT, query, { c: mswChannel }, mswOwner.token));
    ok(await gql(ENDPOINT, 'query($c:ID!){messages(conversationId:$c){...P}} fragment P on MessagePage{nodes{content}}', { c: mswChannel }, mswOwner.token));
  });
});
