import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../support/client.js';
import { seedStoredFile, uploadBytes } from '../support/files.js';
import { acknowledged, connectSocket, Results, until, type SocketClient } from '../support/socket.js';
import type { MockState } from '../../src/mock-server/state/mock-state.js';
import { createChannel, createWorkspace, registerActor, send, type Actor } from '../support/world.js';
import { errorOf, newSandbox, type SandboxAddress } from './sandbox-client.js';

/**
 * Sandboxes on one server: each has its own data, events, uploads, files and dev routes under
 * `/sandboxes/<id>`, and nothing done in one is seen in another or at the root.
 */

let mock: RunningMockServer;
let a: SandboxAddress;
let b: SandboxAddress;
/** One person with a workspace and a private channel: all a sandbox needs here. */
interface World {
  readonly a: Actor;
  readonly workspaceId: string;
  readonly privateChannelId: string;
}
let worldA: World;
let worldB: World;

async function buildWorld(url: string): Promise<World> {
  const a = await registerActor(url, 'a');
  const workspaceId = await createWorkspace(url, a);
  return { a, workspaceId, privateChannelId: await createChannel(url, a, workspaceId, 'PRIVATE') };
}
const sockets: SocketClient[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  a = await newSandbox(mock.origin);
  worldA = await buildWorld(a.url);
  // B is a copy of A (its snapshot): the same ids and the same tokens name data of its own.
  b = await newSandbox(mock.origin, { snapshot: await (await fetch(`${a.devUrl}/snapshot`)).json() });
  worldB = worldA;
}, 30_000);
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
});
afterAll(() => mock.close());

async function socketAs(wsUrl: string, token: string): Promise<SocketClient> {
  const socket = connectSocket(wsUrl, { Authorization: `Bearer ${token}` });
  sockets.push(socket);
  await acknowledged(socket);
  return socket;
}

/** The state a sandbox runs on now, read through the server's registry as a test may (internal). */
function stateOf(sandbox: SandboxAddress): MockState {
  return mock.sandboxes.get(sandbox.id)!.state;
}

const MESSAGES = 'subscription($c: ID!) { messageCreated(conversationId: $c) { id content } }';

describe('POST /sandboxes', () => {
  it('answers 201 with the URLs of a sandbox of its own', () => {
    expect(a.id).toMatch(/^sb_[0-9a-f]{32}$/);
    expect(a.origin).toBe(`${mock.origin}/sandboxes/${a.id}`);
    expect(a).toMatchObject({ url: `${a.origin}/graphql`, wsUrl: `${a.origin.replace('http://', 'ws://')}/graphql`, devUrl: `${a.origin}/dev`, idleTimeoutMs: 600_000 });
    expect(b.id).not.toBe(a.id);
  });

  it('starts a sandbox from a snapshot: the copy knows A\'s people', async () => {
    const me = ok(await gql<{ me: { id: string } }>(b.url, 'query { me { id } }', {}, worldB.a.token));
    expect(me.me.id).toBe(worldA.a.id);
  });
});

describe('isolation', () => {
  it('a user registered in one sandbox cannot log in at another or at the root', async () => {
    const late = await registerActor(a.url, 'late');
    const query = 'mutation($input: LoginInput!) { login(input: $input) { accessToken } }';
    for (const url of [b.url, mock.url]) {
      const refused = await gql(url, query, { input: { email: late.email, password: late.password } });
      expect(refused.errors?.length).toBeGreaterThan(0);
    }
  });

  it('a subscription in A gets nothing from a message in B to the same conversation id, and A\'s own message arrives', async () => {
    const channel = worldA.privateChannelId;
    const socket = await socketAs(a.wsUrl, worldA.a.token);
    const sandboxOfA = mock.runtime; // the root: its state must hold no listener either
    const results = new Results<{ messageCreated: { content: string } }>(socket, MESSAGES, { c: channel });
    await until(() => stateOf(a).events.listenerCount('messageCreated', channel) === 1, 'the subscription held in A');
    expect(stateOf(b).events.listenerCount('messageCreated', channel)).toBe(0);
    expect(sandboxOfA.state.events.listenerCount('messageCreated', channel)).toBe(0);
    await send(b.url, worldB.a, channel, 'from B');
    await send(a.url, worldA.a, channel, 'from A');
    expect((await results.data()).messageCreated.content).toBe('from A');
    expect(results.pending).toBe(0);
  });

  it('a message sent in A is not in B\'s channel nor at the root', async () => {
    const channel = worldA.privateChannelId;
    await send(a.url, worldA.a, channel, 'only in A');
    const page = 'query($c: ID!) { messages(conversationId: $c, first: 50) { nodes { content } } }';
    const inA = await gql<{ messages: { nodes: { content: string }[] } }>(a.url, page, { c: channel }, worldA.a.token);
    expect(JSON.stringify(inA)).toContain('only in A');
    const inB = await gql<{ messages: { nodes: { content: string }[] } }>(b.url, page, { c: channel }, worldB.a.token);
    expect(JSON.stringify(inB)).toContain('"nodes"');
    expect(JSON.stringify(inB)).not.toContain('only in A');
    expectCode(await gql(mock.url, page, { c: channel }, worldA.a.token), 'UNAUTHENTICATED');
  });
});

describe('handed-out URLs', () => {
  it('upload URLs carry the sandbox prefix, work there, and name nothing in another sandbox', async () => {
    const key = await uploadBytes(a.url, worldA.a, { fileName: 'a.txt', contentType: 'text/plain', scope: 'PUBLIC' }, 'bytes of A');
    const created = ok(
      await gql<{ createUploadUrl: { uploadUrl: string; publicUrl: string } }>(
        a.url,
        'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { uploadUrl publicUrl } }',
        { i: { contentType: 'image/png', scope: 'PUBLIC', fileName: 'p.png' } },
        worldA.a.token,
      ),
    );
    expect(created.createUploadUrl.uploadUrl.startsWith(`${a.origin}/uploads/`)).toBe(true);
    expect(created.createUploadUrl.publicUrl.startsWith(`${a.origin}/uploads/`)).toBe(true);
    expect(key).toBeTruthy();
    const other = created.createUploadUrl.uploadUrl.replace(a.origin, b.origin);
    const put = await fetch(other, { method: 'PUT', body: 'x', headers: { 'content-type': 'image/png', authorization: `Bearer ${worldB.a.token}` } });
    expect(put.status).toBeGreaterThanOrEqual(400);
  });

  it('file links carry the prefix and download there, and only there', async () => {
    const id = await seedStoredFile(a.url, { workspaceId: worldA.workspaceId, uploader: worldA.a, fileName: 'notes.txt', contentType: 'text/plain', body: new TextEncoder().encode('notes of A') });
    const link = ok(await gql<{ storedFileDownloadUrl: string }>(a.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id }, worldA.a.token)).storedFileDownloadUrl;
    expect(link.startsWith(`${a.origin}/files/`)).toBe(true);
    const got = await fetch(link);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('notes of A');
    expect([403, 404]).toContain((await fetch(link.replace(a.origin, b.origin))).status);
    expect([403, 404]).toContain((await fetch(link.replace(a.origin, mock.origin))).status);
  });
});

describe('the OAuth page', () => {
  it('is handed out under the prefix, and its form posts back there', async () => {
    const query = 'query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }';
    const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
    const url = ok(await gql<{ oauthAuthorizationUrl: string }>(a.url, query, { i: { provider: 'IDP_TWO', codeChallenge: challenge, state: 's1' } })).oauthAuthorizationUrl;
    expect(url.startsWith(`${a.origin}/oauth/authorize?`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1]?.replace(/&amp;/g, '&');
    expect(new URL(action!, url).pathname).toBe(`/sandboxes/${a.id}/oauth/authorize`);
    expect((await fetch(url.replace(a.origin, b.origin))).status).toBe(404);
  });
});

describe('its /dev', () => {
  it('has a console page whose assets stay in the sandbox, and a journal of its own requests only', async () => {
    const html = await (await fetch(a.devUrl, { headers: { accept: 'text/html' } })).text();
    const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!).filter((link) => !link.startsWith('data:'));
    expect(links).toEqual([`/sandboxes/${a.id}/dev/console/console.css`, `/sandboxes/${a.id}/dev/console/console.js`]);
    for (const link of links) expect((await fetch(`${mock.origin}${link}`)).status, link).toBe(200);
    // The route index (JSON) lists the routes the console calls, relative to the sandbox's /dev.
    expect((await (await fetch(a.devUrl)).json()) as { routes: unknown[] }).toMatchObject({ routes: expect.arrayContaining([expect.objectContaining({ path: '/dev/journal' })]) });
    await gql(b.url, 'query OnlyInB { __typename }');
    const journalOfA = await (await fetch(`${a.devUrl}/journal`)).text();
    expect(journalOfA).not.toContain('OnlyInB');
    expect(await (await fetch(`${b.devUrl}/journal`)).text()).toContain('OnlyInB');
  });
});

describe('each sandbox is reset and dropped on its own', () => {
  it('its /dev/reset empties it and leaves the other and the root', async () => {
    const c = await newSandbox(mock.origin);
    const d = await newSandbox(mock.origin);
    const [inC, inD, root] = await Promise.all([registerActor(c.url, 'c'), registerActor(d.url, 'd'), registerActor(mock.url, 'r')]);
    expect((await fetch(`${c.devUrl}/reset`, { method: 'POST' })).status).toBe(200);
    expectCode(await gql(c.url, 'query { me { id } }', {}, inC.token), 'UNAUTHENTICATED');
    ok(await gql(d.url, 'query { me { id } }', {}, inD.token));
    ok(await gql(mock.url, 'query { me { id } }', {}, root.token));
  });

  it('DELETE drops it: its URLs answer 404, its sockets close with 1001, the other sandbox goes on', async () => {
    const c = await newSandbox(mock.origin);
    const inC = await registerActor(c.url, 'c');
    const socket = await socketAs(c.wsUrl, inC.token);
    expect((await fetch(c.origin, { method: 'DELETE' })).status).toBe(204);
    expect(await socket.closed).toMatchObject({ code: 1001 });
    const gone = await fetch(c.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('POST /sandboxes makes a new one') });
    expect((await fetch(c.origin, { method: 'DELETE' })).status).toBe(404);
    ok(await gql(b.url, 'query { me { id } }', {}, worldB.a.token));
  });

  it('answers 404 with a clear message for an id that never existed, over HTTP and WebSocket', async () => {
    const unknown = `${mock.origin}/sandboxes/sb_${'0'.repeat(32)}`;
    const response = await fetch(`${unknown}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe('NOT_FOUND');
    const socket = connectSocket(`${unknown.replace('http://', 'ws://')}/graphql`, {});
    sockets.push(socket);
    await expect(acknowledged(socket)).rejects.toThrow(/closed before acknowledgement/);
  });
});

describe('starting data', () => {
  it('a sandbox made from a snapshot starts with it; a bad snapshot is a 400 naming the problem', async () => {
    const snapshot = (await (await fetch(`${a.devUrl}/snapshot`)).json()) as unknown;
    const copy = await newSandbox(mock.origin, { snapshot });
    ok(await gql(copy.url, 'query { me { id } }', {}, worldA.a.token));
    const bad = await fetch(`${mock.origin}/sandboxes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ snapshot: { format: 'nope' } }) });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).message).toMatch(/^snapshot: /);
    const notJson = await fetch(`${mock.origin}/sandboxes`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect((await errorOf(notJson)).code).toBe('BAD_REQUEST');
  });

  it('startMockServer: sandboxes.create gives URLs, data, reset and close; reset() resets the root', async () => {
    const sandbox = await mock.sandboxes.create();
    expect(sandbox.url).toBe(`${mock.origin}/sandboxes/${sandbox.id}/graphql`);
    expect(sandbox.wsUrl).toBe(`${sandbox.origin.replace('http://', 'ws://')}/graphql`);
    const [inS, root] = await Promise.all([registerActor(sandbox.url, 's'), registerActor(mock.url, 'r')]);
    expect(sandbox.data).not.toBe(mock.data);
    sandbox.reset();
    expectCode(await gql(sandbox.url, 'query { me { id } }', {}, inS.token), 'UNAUTHENTICATED');
    sandbox.close();
    expect((await fetch(`${sandbox.origin}/ready`)).status).toBe(404);
    mock.reset();
    expectCode(await gql(mock.url, 'query { me { id } }', {}, root.token), 'UNAUTHENTICATED');
    ok(await gql(b.url, 'query { me { id } }', {}, worldB.a.token));
  });
});
