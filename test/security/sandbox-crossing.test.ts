import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../support/client.js';
import { connectSocket, type SocketClient } from '../support/socket.js';
import { newSandbox, type SandboxAddress } from '../sandboxes/sandbox-client.js';

/**
 * Attack class: crossing sandboxes. Sandboxes share one server, one port and one engine, so what
 * one sandbox hands out (an access token, an upload URL) must act nowhere else: not in another
 * sandbox, not at the root. And a sandbox is reached by its id alone, so ids must not be guessable
 * from one another, and the server must list none.
 */

let mock: RunningMockServer;
let a: SandboxAddress;
let b: SandboxAddress;
let tokenOfA: string;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  [a, b] = await Promise.all([newSandbox(mock.origin), newSandbox(mock.origin)]);
  const inA = mock.sandboxes.get(a.id)!.data;
  const user = await inA.createUser({ username: 'alice' });
  tokenOfA = (await inA.signIn(user.id)).accessToken;
  // People in B and at the root too: a token names a session of its own state only.
  await mock.sandboxes.get(b.id)!.data.createUser({ username: 'bob' });
  await mock.data.createUser({ username: 'alice' });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
});
afterAll(() => mock.close());

describe('a sandbox\'s token acts in that sandbox only', () => {
  it('works in its own sandbox (the control)', async () => {
    ok(await gql(a.url, 'query { me { username } }', {}, tokenOfA));
  });

  it('is UNAUTHENTICATED in another sandbox and at the root, over HTTP', async () => {
    for (const url of [b.url, mock.url]) {
      expectCode(await gql(url, 'query { me { username } }', {}, tokenOfA), 'UNAUTHENTICATED');
      expectCode(await gql(url, 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', { i: { name: 'X', slug: 'x-crossing' } }, tokenOfA), 'UNAUTHENTICATED');
    }
  });

  it('is refused (4401) on another sandbox\'s WebSocket and the root\'s', async () => {
    for (const wsUrl of [b.wsUrl, mock.wsUrl]) {
      const socket = connectSocket(wsUrl, { Authorization: `Bearer ${tokenOfA}` });
      sockets.push(socket);
      expect((await socket.closed).code).toBe(4401);
    }
  });

  it('an upload URL of A takes no bytes in B nor at the root', async () => {
    const created = ok(
      await gql<{ createUploadUrl: { uploadUrl: string } }>(
        a.url,
        'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { uploadUrl } }',
        { i: { contentType: 'image/png', scope: 'PRIVATE', fileName: 'p.png' } },
        tokenOfA,
      ),
    );
    const path = created.createUploadUrl.uploadUrl.slice(a.origin.length);
    for (const origin of [b.origin, mock.origin]) {
      const put = await fetch(`${origin}${path}`, { method: 'PUT', body: 'x', headers: { 'content-type': 'image/png', authorization: `Bearer ${tokenOfA}` } });
      expect(put.status).toBeGreaterThanOrEqual(400);
      expect(put.status).toBeLessThan(500);
    }
  });
});

describe('sandbox ids are not guessable', () => {
  it('are 128 random bits, sharing no prefix or order with one another', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, async () => (await mock.sandboxes.create()).id));
    for (const id of ids) expect(id).toMatch(/^sb_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Neighbours made one after the other share no more than chance: no counter, no clock.
    const hex = ids.map((id) => id.slice(3));
    const shared = (x: string, y: string) => [...x].filter((char, index) => y[index] === char).length;
    for (let i = 1; i < hex.length; i++) expect(shared(hex[i - 1]!, hex[i]!)).toBeLessThan(12);
    expect(ids.map((id) => id.slice(0, 10)).sort()).not.toEqual(ids.map((id) => id.slice(0, 10)));
  });

  it('an id one character off a real one is a 404', async () => {
    const last = a.id.at(-1) === '0' ? '1' : '0';
    const near = `${a.id.slice(0, -1)}${last}`;
    expect((await fetch(`${mock.origin}/sandboxes/${near}/ready`)).status).toBe(404);
  });
});
