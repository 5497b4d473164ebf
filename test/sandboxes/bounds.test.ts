import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { acknowledged, connectSocket, until, type SocketClient } from '../support/socket.js';
import { errorOf, newSandbox, postSandbox } from './sandbox-client.js';

/**
 * Sandboxes are bounded: at most `maxSandboxes` exist (one more is a 429 naming the flag), and one
 * with no request and no open socket for the idle timeout, read on the mock's clock, is reclaimed.
 */

const IDLE_MS = 60_000;
const MAX = 2;
const clock = new ManualClock(Date.parse('2026-05-04T08:30:00Z'));
let mock: RunningMockServer;
const sockets: SocketClient[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock, sandboxIdleTimeoutMs: IDLE_MS, maxSandboxes: MAX });
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
  // Every test starts with no sandbox: all reclaimed.
  clock.advance(IDLE_MS);
  await fetch(`${mock.origin}/sandboxes`);
});
afterAll(() => mock.close());

const count = async (): Promise<number> => ((await (await fetch(`${mock.origin}/sandboxes`)).json()) as { count: number }).count;
const alive = async (origin: string): Promise<boolean> => (await fetch(`${origin}/ready`)).status === 200;

describe('the cap', () => {
  it('refuses one sandbox more than --max-sandboxes with 429 QUOTA_EXCEEDED naming the flag, and frees a place on DELETE', async () => {
    const first = await newSandbox(mock.origin);
    await newSandbox(mock.origin);
    const refused = await postSandbox(mock.origin);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatchObject({ code: 'QUOTA_EXCEEDED', message: expect.stringContaining('--max-sandboxes') });
    expect((await fetch(first.origin, { method: 'DELETE' })).status).toBe(204);
    await newSandbox(mock.origin);
  });

  it('holds the count at the cap under a loop that keeps creating them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX * 5; i++) statuses.push((await postSandbox(mock.origin)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX * 5 - MAX);
    expect(await count()).toBe(MAX);
  });

  it('the in-process API is capped alike', async () => {
    await mock.sandboxes.create();
    await mock.sandboxes.create();
    await expect(mock.sandboxes.create()).rejects.toThrow(/--max-sandboxes/);
  });
});

describe('idle reclaim on the mock\'s clock', () => {
  it('drops a sandbox unused for the idle timeout, keeps one used since, and answers 404 for the one dropped', async () => {
    const used = await newSandbox(mock.origin);
    const unused = await newSandbox(mock.origin);
    expect(used.idleTimeoutMs).toBe(IDLE_MS);
    clock.advance(IDLE_MS / 2);
    expect(await alive(used.origin)).toBe(true);
    clock.advance(IDLE_MS / 2 + 1);
    expect(await alive(used.origin)).toBe(true);
    const gone = await fetch(`${unused.origin}/ready`);
    expect(gone.status).toBe(404);
    expect((await errorOf(gone)).message).toContain('reclaimed');
    expect(await count()).toBe(1);
  });

  it('an idle sandbox makes room for a new one at the cap', async () => {
    await newSandbox(mock.origin);
    await newSandbox(mock.origin);
    expect((await postSandbox(mock.origin)).status).toBe(429);
    clock.advance(IDLE_MS);
    expect((await postSandbox(mock.origin)).status).toBe(201);
    expect(await count()).toBe(1);
  });

  it('an open socket keeps a sandbox from being reclaimed; once it closes, the idle time runs', async () => {
    const address = await newSandbox(mock.origin);
    const sandbox = mock.sandboxes.get(address.id)!;
    const user = await sandbox.data.createUser({ username: 'idle' });
    const { accessToken } = await sandbox.data.signIn(user.id);
    const socket = connectSocket(address.wsUrl, { Authorization: `Bearer ${accessToken}` });
    sockets.push(socket);
    await acknowledged(socket);
    clock.advance(IDLE_MS * 3);
    expect(await count()).toBe(1);
    await socket.dispose();
    await until(() => !sandbox.held, 'the server to see the socket closed');
    // The socket was open until now: it was in use until now.
    clock.advance(IDLE_MS - 1);
    expect(await count()).toBe(1);
    clock.advance(1);
    expect(await count()).toBe(0);
  });
});
