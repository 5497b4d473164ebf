import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSharedParleyHandlers, type SharedParleyHandlers } from '../../src/msw/index.js';
import { hostParley, type SharedWorkerScope } from '../../src/msw/shared-worker.js';
import type { Port } from '../../src/msw/shared-worker/protocol.js';
import { expectCode, gql, ok } from '../support/client.js';

/**
 * The SharedWorker relay without a browser: `hostParley` on a stand-in worker scope, two "tabs"
 * connected over MessageChannels, each with its own endpoint under one `setupServer`. The browser
 * example (test/consumers/browser/browser-example.test.ts) runs the same code in Chromium, WebSockets included.
 */
type Connect = (event: { readonly ports: readonly Port[] }) => void;

function workerScope(): SharedWorkerScope & { connect(): Port; close(): void } {
  let connect: Connect | undefined;
  const channels: MessageChannel[] = [];
  return {
    addEventListener: (_type, listener) => void (connect = listener),
    connect() {
      const channel = new MessageChannel();
      channels.push(channel);
      connect!({ ports: [channel.port1 as unknown as Port] });
      return channel.port2 as unknown as Port;
    },
    close: () => channels.forEach((channel) => (channel.port1.close(), channel.port2.close())),
  };
}

const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }';
const TAB_A = 'http://tab-a.test/graphql';
const TAB_B = 'http://tab-b.test/graphql';
const scope = workerScope();
const broken = workerScope();
const server = setupServer();
let tabA: SharedParleyHandlers;
let tabB: SharedParleyHandlers;

const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});

beforeAll(() => {
  hostParley({ seed: 1 }, scope);
  // A worker whose state cannot be built: its tabs get a coded 500, not a hang.
  hostParley({ fixtures: { users: 'nobody' } }, broken);
  tabA = createSharedParleyHandlers({ worker: { port: scope.connect() }, endpoint: TAB_A });
  tabB = createSharedParleyHandlers({ worker: { port: scope.connect() }, endpoint: TAB_B });
  const orphan = createSharedParleyHandlers({ worker: { port: broken.connect() }, endpoint: 'http://broken.test/graphql' });
  server.use(...tabA.handlers, ...tabB.handlers, ...orphan.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  scope.close();
  broken.close();
  consoleError.mockRestore();
});

async function login(url: string): Promise<string> {
  return ok(await gql<{ login: { accessToken: string } }>(url, LOGIN, { input: { email: 'alice@acme.test', password: 'parley-demo' } })).login.accessToken;
}

async function generalOf(url: string, token: string): Promise<string> {
  const { conversations } = ok(
    await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', {
      w: ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, token)).workspaces[0]!.id,
    }, token),
  );
  return conversations.nodes.find((node) => node.title === 'general')!.id;
}

const newest = async (url: string, token: string, conversationId: string): Promise<string | null | undefined> =>
  ok(await gql<{ messages: { nodes: { content: string | null }[] } }>(url, 'query($c: ID!) { messages(conversationId: $c, first: 1) { nodes { content } } }', { c: conversationId }, token)).messages.nodes[0]?.content;

describe('parley/msw: one state for every tab, in a SharedWorker', () => {
  it("a message one tab sends is what the other tab reads, with the first tab's token", async () => {
    const token = await login(TAB_A);
    const general = await generalOf(TAB_A, token);
    const input = { conversationId: general, clientMessageId: crypto.randomUUID(), content: 'from tab A' };
    ok(await gql(TAB_A, 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input }, token));
    // One backend: tab B knows tab A's session and sees its message.
    expect(await newest(TAB_B, token, general)).toBe('from tab A');
  });

  it('answers as the HTTP door does, refusals included (the bytes cross the port as they are)', async () => {
    const refused = await gql(TAB_B, '{ workspaces { id } }', {}, 'not-a-token');
    expect(refused.status).toBe(200);
    expectCode(refused, 'UNAUTHENTICATED');
    const response = await fetch(TAB_B, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(response.status).toBe(415);
  });

  it('relays every route with binary bodies: a PUT to the upload URL one tab got, the avatar read back from the other tab', async () => {
    const token = await login(TAB_A);
    const bytes = new Uint8Array(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    const upload = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }';
    const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(TAB_A, upload, { i: { contentType: 'image/png', scope: 'PUBLIC', fileName: 'me.png' } }, token));
    expect(createUploadUrl.uploadUrl.startsWith('http://tab-a.test/uploads/')).toBe(true);
    expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body: bytes })).status).toBe(200);
    const avatar = 'mutation($key: String) { updateAvatar(key: $key) { avatarUrl } }';
    const { updateAvatar } = ok(await gql<{ updateAvatar: { avatarUrl: string } }>(TAB_B, avatar, { key: createUploadUrl.key }, token));
    // Tab B's request names tab B's origin; the worker serves the bytes whichever tab asks.
    const served = await fetch(updateAvatar.avatarUrl);
    expect([updateAvatar.avatarUrl.startsWith('http://tab-b.test/uploads/'), served.status, served.headers.get('content-type')]).toEqual([true, 200, 'image/png']);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    const missing = await fetch('http://tab-a.test/uploads/no-such-key');
    expect([missing.status, ((await missing.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('reset() from any tab takes every tab back to the seed (tokens issued since are gone)', async () => {
    const token = await login(TAB_A);
    const general = await generalOf(TAB_A, token);
    const input = { conversationId: general, clientMessageId: crypto.randomUUID(), content: 'before the reset' };
    ok(await gql(TAB_A, 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input }, token));
    await tabB.reset();
    expectCode(await gql(TAB_A, '{ workspaces { id } }', {}, token), 'UNAUTHENTICATED');
    const again = await login(TAB_B);
    expect(await newest(TAB_A, again, general)).not.toBe('before the reset');
  });

  it('a worker that cannot build its state answers 500 INTERNAL_SERVER_ERROR with the reason', async () => {
    const answer = await gql('http://broken.test/graphql', '{ workspaces { id } }', {});
    expect(answer.status).toBe(500);
    expectCode(answer, 'INTERNAL_SERVER_ERROR');
    expect(answer.errors?.[0]?.message).toMatch(/the Parley worker could not answer: .*fixtures/);
    // ...and the worker's console says it once.
    expect(consoleError).toHaveBeenCalledWith('[parley] the shared worker could not build its state:', expect.stringContaining('users: expected a list'));
  });
});
