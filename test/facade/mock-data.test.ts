import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { acknowledged, connectSocket, Results, type SocketClient } from '../support/socket.js';

/**
 * `mock.data`, the facade tests arrange and read through (no MockState): what it writes is what a
 * client's GraphQL reads, over real HTTP; a subscribed client sees its messages live; the domain's
 * rules hold; and it follows the state across a reset.
 */
let mock: RunningMockServer;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
});
afterAll(async () => {
  await mock.close();
});

const MESSAGES = `query($c: ID!) { messages(conversationId: $c, first: 10) { nodes { id content senderId } } }`;

describe('arranged data', () => {
  it('is what a client reads over GraphQL', async () => {
    const ann = await mock.data.createUser({ username: 'ann' });
    const ben = await mock.data.createUser({ username: 'ben', displayName: 'Ben B' });
    expect(ann).toEqual({ id: expect.any(String), username: 'ann', displayName: 'ann', email: 'ann@example.test', emailVerified: true });
    const team = await mock.data.createWorkspace({ name: 'Team', owner: 'ann' });
    expect(team).toMatchObject({ name: 'Team', slug: 'team', members: [{ userId: ann.id, role: 'OWNER' }] });
    await mock.data.addToWorkspace({ workspace: 'team', user: ben.id });
    const design = await mock.data.createChannel({ workspace: team.id, name: 'design', by: 'ann', members: ['ben'] });
    expect(design.memberIds).toEqual([ann.id, ben.id]);
    const sent = await mock.data.sendMessage({ conversation: design.id, by: 'ben', content: 'hello from the facade' });

    const { accessToken } = await mock.data.signIn('ann');
    const page = ok(await gql<{ messages: { nodes: { id: string; content: string; senderId: string }[] } }>(mock.url, MESSAGES, { c: design.id }, accessToken));
    expect(page.messages.nodes).toEqual([{ id: sent.id, content: 'hello from the facade', senderId: ben.id }]);
    expect(mock.data.messages(design.id)).toEqual([sent]);
    expect(mock.data.workspace(team.id)?.generalId).toBe(mock.data.workspacesOf('ben')[0]?.generalId);
  });

  it('keeps the rules: a non-member cannot post, and the error says why', async () => {
    const owner = await mock.data.createUser({ username: 'olga' });
    const stranger = await mock.data.createUser({ username: 'sam' });
    const workspace = await mock.data.createWorkspace({ name: 'Private', owner: owner.id });
    await expect(mock.data.sendMessage({ conversation: workspace.generalId, by: stranger.id, content: 'let me in' })).rejects.toMatchObject({ code: expect.any(String) });
    expect(mock.data.messages(workspace.generalId)).toEqual([]);
    await expect(mock.data.signIn('nobody-here')).rejects.toThrow(/no user "nobody-here"/);
  });

  it('reaches a subscribed client live', async () => {
    const owner = await mock.data.createUser({ username: 'lena' });
    const workspace = await mock.data.createWorkspace({ name: 'Live', owner: 'lena' });
    const { accessToken } = await mock.data.signIn(owner.id);
    const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${accessToken}` });
    sockets.push(socket);
    await acknowledged(socket);
    const created = new Results<{ messageCreated: { content: string } }>(socket, 'subscription($c: ID!) { messageCreated(conversationId: $c) { content } }', { c: workspace.generalId });
    await expect.poll(() => mock.data.subscribers(workspace.generalId)).toBe(1);
    await mock.data.sendMessage({ conversation: workspace.generalId, by: 'lena', content: 'live' });
    expect((await created.data()).messageCreated.content).toBe('live');
  });
});

describe('across a reset', () => {
  it('works on the state being served now', async () => {
    await mock.data.createUser({ username: 'gone' });
    const reset = await fetch(`${mock.origin}/dev/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(mock.data.user('gone')).toBeUndefined();
    const again = await mock.data.createUser({ username: 'gone' });
    expect(mock.data.user('gone')).toEqual(again);
  });
});

describe('with --persist', () => {
  it('writes what it arranged to the file, as a mutation would', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'parley-data-'));
    try {
      const file = join(folder, 'state.jsonl');
      const first = await startMockServer({ port: 0, empty: true, persist: { file, debounceMs: 0 } });
      const kept = await first.data.createUser({ username: 'kept' });
      const workspace = await first.data.createWorkspace({ name: 'Kept', owner: kept.id });
      const message = await first.data.sendMessage({ conversation: workspace.generalId, by: kept.id, content: 'still here' });
      // On disk without a close (a kill -9 from now on loses nothing): the change signal was given.
      await expect.poll(() => readFileSync(file, 'utf8').includes('still here')).toBe(true);
      await first.close();
      const second = await startMockServer({ port: 0, empty: true, persist: file });
      try {
        expect(second.data.user('kept')).toEqual(kept);
        expect(second.data.messages(workspace.generalId)).toEqual([message]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
