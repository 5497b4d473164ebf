import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { exportSnapshot, SNAPSHOT_FORMAT } from '../../../src/mock-server/state/snapshot/index.js';
import { gql, ok } from '../../support/client.js';
import { acknowledged, connectSocket } from '../../support/socket.js';
import { createWorkspace, registerActor, type Actor } from '../../support/world.js';

/** /dev/reset and /dev/snapshot over the real HTTP door, on a server that started empty. */
describe('dev routes: reset and snapshot', () => {
  let mock: RunningMockServer;
  let alice: Actor;
  const dev = (path: string, init?: RequestInit) => fetch(`${mock.origin}${path}`, init);
  const workspaceCount = () => mock.state.tables.workspaces.size;

  beforeAll(async () => {
    mock = await startMockServer({ port: 0, empty: true });
  });
  afterAll(() => mock.close());

  it('GET /dev/snapshot downloads the whole state as JSON; PUT restores it, and its tokens work', async () => {
    alice = await registerActor(mock.url, 'alice');
    await createWorkspace(mock.url, alice);
    const response = await dev('/dev/snapshot');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="parley-state.json"');
    const saved = await response.text();
    expect(JSON.parse(saved)).toMatchObject({ format: SNAPSHOT_FORMAT, version: 1 });
    const digest = digestTables(mock.state.tables);

    await createWorkspace(mock.url, alice);
    expect(workspaceCount()).toBe(2);
    const put = await dev('/dev/snapshot', { method: 'PUT', body: saved });
    expect(put.status).toBe(200);
    expect(workspaceCount()).toBe(1);
    expect(digestTables(mock.state.tables)).toBe(digest);
    const me = ok(await gql<{ me: { id: string } }>(mock.url, '{ me { id } }', {}, alice.token));
    expect(me.me.id).toBe(alice.id);
  });

  it.each([
    ['garbage', 'the snapshot is not JSON (truncated or corrupt).'],
    ['{"format":"parley-state","version":1,"tables"', 'the snapshot is not JSON (truncated or corrupt).'],
    ['{"format":"something-else","version":1}', `this is not a Parley state snapshot: a snapshot is a JSON object with "format": "${SNAPSHOT_FORMAT}".`],
    ['[1,2]', `this is not a Parley state snapshot: a snapshot is a JSON object with "format": "${SNAPSHOT_FORMAT}".`],
    ['{"format":"parley-state","version":2}', 'snapshot version 2 is not supported: this Parley reads version 1.'],
  ])('PUT /dev/snapshot refuses %s with 400, one sentence, and changes nothing', async (body, message) => {
    const digest = digestTables(mock.state.tables);
    const put = await dev('/dev/snapshot', { method: 'PUT', body });
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(digestTables(mock.state.tables)).toBe(digest);
  });

  it('PUT /dev/snapshot names the table and field that is not valid', async () => {
    const document = exportSnapshot(mock.state);
    (document.tables.users[0]![1] as { email: unknown }).email = 5;
    const digest = digestTables(mock.state.tables);
    const put = await dev('/dev/snapshot', { method: 'PUT', body: JSON.stringify(document) });
    expect(put.status).toBe(400);
    const { errors } = (await put.json()) as { errors: { message: string }[] };
    expect(errors[0]!.message).toBe('the snapshot\'s table "users", entry 0, field email is not valid: Invalid type: Expected string but received 5.');
    expect(digestTables(mock.state.tables)).toBe(digest);
  });

  it('PUT /dev/snapshot refuses messages of a conversation the snapshot does not hold', async () => {
    const document = exportSnapshot(mock.state);
    document.tables.messages.push(['m1', { id: 'm1', conversationId: 'nowhere', senderId: alice.id, clientMessageId: 'c', sequence: 1, type: 'TEXT', content: 'hi', replyToMessageId: null, createdAt: 0, updatedAt: 0, deletedAt: null, attachments: [], reactions: null }]);
    const put = await dev('/dev/snapshot', { method: 'PUT', body: JSON.stringify(document) });
    expect(put.status).toBe(400);
    expect(((await put.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'the snapshot\'s table "messages" is not valid: message m1 is in conversation nowhere, which the snapshot does not hold.',
    );
  });

  it('POST /dev/reset goes back to the state the server started with (empty here), and other methods are refused', async () => {
    expect(workspaceCount()).toBe(1);
    expect((await dev('/dev/reset')).status).toBe(405);
    const reset = await dev('/dev/reset', { method: 'POST' });
    expect(await reset.json()).toEqual({ status: 'reset' });
    expect(workspaceCount()).toBe(0);
    expect(mock.state.tables.users.size).toBe(0);
    expect((await dev('/dev/snapshot', { method: 'DELETE' })).status).toBe(405);
  });

  it('a reset closes open WebSocket connections with 1012 (their subscriptions belonged to the old state)', async () => {
    alice = await registerActor(mock.url, 'alice');
    const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${alice.token}` });
    await acknowledged(socket);
    await dev('/dev/reset', { method: 'POST' });
    const closed = await socket.closed;
    expect(closed.code).toBe(1012);
    expect(closed.reason).toMatch(/state was replaced/);
    await socket.dispose();
  });
});

describe('dev routes off', () => {
  it('--no-dev-routes serves no /dev/reset', async () => {
    const mock = await startMockServer({ port: 0, empty: true, devRoutes: false });
    try {
      expect((await fetch(`${mock.origin}/dev/reset`, { method: 'POST' })).status).toBe(404);
    } finally {
      await mock.close();
    }
  });
});
