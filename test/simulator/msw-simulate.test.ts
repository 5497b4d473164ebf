import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createParleyHandlers, type ParleyHandlers } from '../../src/msw/index.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { acknowledged, connectSocket, Results, until } from '../support/socket.js';
import { generalId, NOW, team } from './team.js';

/**
 * `parley.simulate(...)` on the MSW handler set: the simulated people's messages reach a
 * graphql-ws client through MSW's WebSocket interception; the handle stops it; a scenario with
 * problems throws naming the field.
 */

// Node 20 has no global WebSocket for MSW to intercept.
globalThis.WebSocket ??= WebSocket as unknown as typeof globalThis.WebSocket;

const ENDPOINT = 'http://parley-simulator.test/graphql';
const CREATED = 'subscription($c: ID!) { messageCreated(conversationId: $c) { sequence content } }';
const clock = new ManualClock(NOW);
const server = setupServer();
let parley: ParleyHandlers;

beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint: ENDPOINT, fixtures: team, clock });
  server.use(...parley.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

describe('parley.simulate', () => {
  it('drives a subscribed client through MSW; stop() ends it', async () => {
    const { accessToken } = await parley.data.signIn('carol');
    const socket = connectSocket(parley.webSocketUrl, { Authorization: `Bearer ${accessToken}` }, {}, globalThis.WebSocket);
    await acknowledged(socket);
    const general = generalId(parley.state);
    const results = new Results<{ messageCreated: { sequence: number; content: string } }>(socket, CREATED, { c: general });
    await until(() => parley.state.events.listenerCount('messageCreated', general) > 0, 'the subscription');

    const simulation = await parley.simulate('busy-channel', { seed: 5, ratePerMinute: 60 });
    for (let second = 0; second < 5; second++) {
      clock.advance(1000);
      await simulation.idle();
    }
    expect(simulation.status()).toMatchObject({ running: true, scenario: 'busy-channel', seed: 5, actions: 5, failures: 0 });
    const sent = parley.data.messages(general).filter((message) => message.sequence > 0).length;
    expect(sent).toBeGreaterThan(0);
    expect((await results.data()).messageCreated.content.length).toBeGreaterThan(0);

    expect(simulation.stop()).toMatchObject({ running: false, stoppedReason: 'stopped' });
    clock.advance(5000);
    await simulation.idle();
    expect(simulation.status().actions).toBe(5);
    await socket.dispose();
  });

  it('refuses a scenario with problems, naming each field', async () => {
    await expect(parley.simulate({ name: 'Bad Name', ratePerMinute: 10, actors: { count: 0 } })).rejects.toThrow(
      expect.objectContaining({ problems: [expect.objectContaining({ path: 'name' }), expect.objectContaining({ path: 'actors.count' })] }),
    );
  });
});
