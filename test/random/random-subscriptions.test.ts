import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { isUuid } from '../../src/schema/ids.js';
import { acknowledged, connectSocket, Results, until, type SocketClient } from '../support/socket.js';
import { SAMPLE_ID } from './shapes.js';

const INTERVAL = 3_000;
const CREATED = 'subscription($c: ID!) { messageCreated(conversationId: $c) { id conversationId sequence content createdAt } }';

type Created = { messageCreated: { id: string; conversationId: string; sequence: number; content: string | null; createdAt: string } };

describe('random mode subscriptions: a random event every 3 s on the server clock', () => {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 30));
  let mock: RunningMockServer;
  const sockets: SocketClient[] = [];
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, random: { eventIntervalMs: INTERVAL }, clock, seed: 3 });
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
  });
  afterAll(() => mock.close());

  async function subscribed(): Promise<Results<Created>> {
    const socket = connectSocket(mock.wsUrl, undefined); // no token: random mode has no sessions
    sockets.push(socket);
    await acknowledged(socket);
    const before = clock.pendingTimers;
    const results = new Results<Created>(socket, CREATED, { c: SAMPLE_ID });
    await until(() => clock.pendingTimers > before, 'the subscription to start its timer');
    return results;
  }

  it('accepts a socket without a token; each interval brings one new random message in the conversation subscribed to', async () => {
    const results = await subscribed();
    expect(results.pending).toBe(0);
    clock.advance(INTERVAL - 1);
    expect(results.pending).toBe(0);
    clock.advance(1);
    const first = (await results.data()).messageCreated;
    clock.advance(INTERVAL);
    const second = (await results.data()).messageCreated;
    for (const message of [first, second]) {
      expect(message.conversationId).toBe(SAMPLE_ID);
      expect(isUuid(message.id)).toBe(true);
    }
    expect(second.id).not.toBe(first.id);
  });

  it('the same subscription (text and variables) sees the same events, numbered from its start', async () => {
    const one = await subscribed();
    clock.advance(INTERVAL);
    const oneFirst = await one.data();
    const two = await subscribed();
    clock.advance(INTERVAL);
    const [oneSecond, twoFirst] = [await one.data(), await two.data()];
    expect(twoFirst).toEqual(oneFirst);
    expect(oneSecond).not.toEqual(oneFirst);
  });

  it('queries over the socket answer random data too', async () => {
    const socket = connectSocket(mock.wsUrl, { Authorization: 'Bearer anything' });
    sockets.push(socket);
    await acknowledged(socket);
    const results = new Results<{ me: { id: string } }>(socket, '{ me { id } }');
    expect(isUuid((await results.data()).me.id)).toBe(true);
  });
});
