import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { simulatorOf } from '../../src/mock-server/simulator/index.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { acknowledged, connectSocket, Results, until, type SocketClient } from '../support/socket.js';
import { generalId, NOW, team } from './team.js';

/**
 * `GET`, `POST`, `DELETE /dev/simulator` through the real server, with graphql-ws subscribers:
 * a subscribed client sees the simulated people's messages; a removed member's subscription ends;
 * a reconnect storm closes the members' sockets with 1012; bad input is a 400 naming the field;
 * a sandbox runs its own simulator, stopped when the sandbox is dropped.
 */
const CREATED = 'subscription($c: ID!) { messageCreated(conversationId: $c) { sequence content senderId } }';

let mock: RunningMockServer;
const clock = new ManualClock(NOW);
const sockets: SocketClient[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, fixtures: team, clock });
});
afterEach(async () => {
  await fetch(`${mock.origin}/dev/simulator`, { method: 'DELETE' });
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
  mock.reset();
});
afterAll(async () => {
  await mock.close();
});

const post = (path: string, body: unknown) => fetch(`${mock.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A subscriber of `general` as `username`, once the server holds the subscription. */
async function subscriber(username: string): Promise<{ socket: SocketClient; results: Results<{ messageCreated: { sequence: number; content: string } }> }> {
  const { accessToken } = await mock.data.signIn(username);
  const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${accessToken}` });
  sockets.push(socket);
  await acknowledged(socket);
  const general = generalId(mock.state);
  const before = mock.state.events.listenerCount('messageCreated', general);
  const results = new Results<{ messageCreated: { sequence: number; content: string } }>(socket, CREATED, { c: general });
  await until(() => mock.state.events.listenerCount('messageCreated', general) > before, 'the subscription');
  return { socket, results };
}

/** Moves the clock `ms` forward a second at a time, letting the simulator's actions run. */
async function advance(ms: number): Promise<void> {
  for (let at = 0; at < ms; at += 1000) {
    clock.advance(1000);
    await simulatorOf(mock.runtime).idle();
  }
}

describe('/dev/simulator', () => {
  it('GET lists the built-in scenarios; POST starts one a subscribed client sees; DELETE stops it', async () => {
    const idle = await (await fetch(`${mock.origin}/dev/simulator`)).json();
    expect(idle).toMatchObject({ running: false, scenario: null, actions: 0 });
    expect(idle.scenarios.map((scenario: { name: string }) => scenario.name)).toEqual(['quiet-team', 'busy-channel', 'burst', 'long-typing', 'member-removed', 'reconnect-storm']);

    const { results } = await subscriber('carol');
    const started = await post('/dev/simulator', { scenario: 'busy-channel', seed: 3, ratePerMinute: 600, conversation: 'general' });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ running: true, scenario: 'busy-channel', seed: 3, ratePerMinute: 600, startedAt: new Date(NOW).toISOString(), conversationId: generalId(mock.state) });
    await advance(2000);
    const status = await (await fetch(`${mock.origin}/dev/simulator`)).json();
    expect(status).toMatchObject({ actions: 20, failures: 0 });
    const first = await results.data();
    expect(first.messageCreated.content.length).toBeGreaterThan(0);

    const stopped = await (await fetch(`${mock.origin}/dev/simulator`, { method: 'DELETE' })).json();
    expect(stopped).toMatchObject({ running: false, stoppedReason: 'stopped', actions: 20 });
    await advance(2000);
    expect((await (await fetch(`${mock.origin}/dev/simulator`)).json()).actions).toBe(20);
  });

  it('a scenario object: the owner removes the watching member, whose subscription ends', async () => {
    const { results } = await subscriber('carol');
    const response = await post('/dev/simulator', { scenario: { name: 'kick', ratePerMinute: 0, script: [{ action: 'removeMember', at: 1000, user: 'carol' }] } });
    expect(response.status).toBe(200);
    await advance(1000);
    await results.ended();
    expect((await (await fetch(`${mock.origin}/dev/simulator`)).json()).failures).toBe(0);
  });

  it('reconnect-storm closes the members\' sockets with 1012 while messages keep coming', async () => {
    const { socket } = await subscriber('carol');
    await post('/dev/simulator', { scenario: 'reconnect-storm' });
    await advance(5000);
    expect(await socket.closed).toEqual({ code: 1012, reason: expect.stringContaining('messagesSince') });
    const before = mock.data.messages(generalId(mock.state)).length;
    await advance(2000);
    expect(mock.data.messages(generalId(mock.state)).length).toBeGreaterThan(before);
  });

  it.each([
    [{ scenario: 'nope' }, 'scenario'],
    [{ scenario: 'quiet-team', ratePerMinute: -5 }, 'ratePerMinute'],
    [{ scenario: 'quiet-team', seed: 1.5 }, 'seed'],
    [{ scenario: 'quiet-team', conversation: 'nowhere' }, 'conversation'],
    [{ scenario: 'quiet-team', speed: 2 }, 'speed'],
    [{ scenario: { name: 'x', ratePerMinute: 'fast' } }, 'scenario.ratePerMinute'],
    [{ scenario: { name: 'x', ratePerMinute: 1, script: [{ action: 'burst', messages: 0 }] } }, 'scenario.script[0].messages'],
    [[1], 'scenario'],
  ])('POST %j is a 400 naming %s', async (body, field) => {
    const response = await post('/dev/simulator', body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect((await (await fetch(`${mock.origin}/dev/simulator`)).json()).running).toBe(false);
  });

  it('its starts and stops go to GET /dev/events as `event: simulator`', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${mock.origin}/dev/events?types=simulator`, { signal: controller.signal });
    const reader = stream.body!.getReader();
    let text = '';
    const read = async (count: number) => {
      while ((text.match(/event: simulator/g) ?? []).length < count) text += new TextDecoder().decode((await reader.read()).value);
    };
    await post('/dev/simulator', { scenario: 'quiet-team', seed: 4 });
    await read(1);
    await fetch(`${mock.origin}/dev/simulator`, { method: 'DELETE' });
    await read(2);
    controller.abort();
    const statuses = [...text.matchAll(/event: simulator\ndata: (.*)\n/g)].map((match) => JSON.parse(match[1]!));
    expect(statuses).toMatchObject([{ running: true, scenario: 'quiet-team', seed: 4 }, { running: false, stoppedReason: 'stopped' }]);
  });

  it('a sandbox runs its own simulator, which stops when the sandbox is dropped', async () => {
    const sandbox = await mock.sandboxes.create();
    const timersBefore = clock.pendingTimers;
    const started = await (await fetch(`${sandbox.origin}/dev/simulator`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ scenario: 'quiet-team' }) })).json();
    expect(started).toMatchObject({ running: true, scenario: 'quiet-team' });
    expect((await (await fetch(`${mock.origin}/dev/simulator`)).json()).running).toBe(false);
    expect(clock.pendingTimers).toBeGreaterThan(timersBefore);
    sandbox.close();
    expect(clock.pendingTimers).toBe(timersBefore);
  });
});
