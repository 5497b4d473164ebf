import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { gql, ok } from '../support/client.js';
import { Sockets } from '../support/realtime.js';
import { acknowledged, Results } from '../support/socket.js';
import { buildWorld, login, type World } from '../support/world.js';

/** Socket authentication: the token forms of connection_init, 4401 refusals, expiry and revocation. */

const clock = new ManualClock(Date.parse('2026-01-05T09:00:00Z'));
let mock: RunningMockServer;
let world: World;
const sockets = new Sockets(() => mock);
const open = sockets.raw.bind(sockets);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  world = await buildWorld(mock.url);
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

const ME = '{ me { id } }';

describe('the access token in connection_init', () => {
  const forms: [string, (token: string) => Record<string, unknown>][] = [
    ['{ Authorization: "Bearer T" }', (token) => ({ Authorization: `Bearer ${token}` })],
    ['{ authorization: "Bearer T" }', (token) => ({ authorization: `Bearer ${token}` })],
    ['{ headers: { Authorization: "Bearer T" } }', (token) => ({ headers: { Authorization: `Bearer ${token}` } })],
    ['{ headers: { authorization: "Bearer T" } }', (token) => ({ headers: { authorization: `Bearer ${token}` } })],
    ['{ token: "T" }', (token) => ({ token })],
  ];
  for (const [name, params] of forms) {
    it(`accepts ${name} and runs operations as that user`, async () => {
      const socket = open(params(world.b.token));
      await acknowledged(socket);
      const me = await new Results<{ me: { id: string } }>(socket, ME).data();
      expect(me.me.id).toBe(world.b.id);
    });
  }

  it('accepts the Authorization header of the upgrade request when the payload has none', async () => {
    const socket = open(undefined, { authorization: `Bearer ${world.a.token}` });
    await acknowledged(socket);
    expect((await new Results<{ me: { id: string } }>(socket, ME).data()).me.id).toBe(world.a.id);
  });

  it('prefers the payload over the upgrade header', async () => {
    const socket = open({ Authorization: `Bearer ${world.b.token}` }, { authorization: `Bearer ${world.a.token}` });
    await acknowledged(socket);
    expect((await new Results<{ me: { id: string } }>(socket, ME).data()).me.id).toBe(world.b.id);
  });
});

describe('refusals close the socket with 4401', () => {
  const cases: [string, Record<string, unknown> | undefined, RegExp][] = [
    ['no payload', undefined, /send the access token in connection_init/],
    ['a payload without a token', { locale: 'en' }, /send the access token/],
    ['an unknown token', { Authorization: 'Bearer pa_not-a-token' }, /not valid/],
    ['a token of the wrong type', { token: 42 }, /send the access token/],
  ];
  for (const [name, params, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const socket = open(params);
      const closed = await socket.closed;
      expect(closed.code).toBe(4401);
      expect(closed.reason).toMatch(reason);
    });
  }

  it('ends a socket when its access token expires, with 4401', async () => {
    const fresh = await login(mock.url, world.c.email, world.c.password);
    const socket = open({ Authorization: `Bearer ${fresh.token}` });
    await acknowledged(socket);
    clock.advance(14 * 60_000);
    // Still open a minute before expiry: an operation runs.
    expect((await new Results<{ me: { id: string } }>(socket, ME).data()).me.id).toBe(world.c.id);
    clock.advance(60_000);
    const closed = await socket.closed;
    expect(closed).toEqual({ code: 4401, reason: 'Unauthorized: the access token has expired; refresh it and reconnect' });
  });

  it('ends a socket when its session is logged out, with 4401', async () => {
    const fresh = await login(mock.url, world.b.email, world.b.password);
    const socket = open({ Authorization: `Bearer ${fresh.token}` });
    await acknowledged(socket);
    const other = await login(mock.url, world.b.email, world.b.password);
    const otherSocket = open({ Authorization: `Bearer ${other.token}` });
    await acknowledged(otherSocket);
    ok(await gql(mock.url, 'mutation($r: String!) { logout(refreshToken: $r) }', { r: fresh.refreshToken }));
    expect((await socket.closed).code).toBe(4401);
    // The same user's other session keeps its socket.
    expect((await new Results<{ me: { id: string } }>(otherSocket, ME).data()).me.id).toBe(world.b.id);
  });
});

describe('the WebSocket endpoint', () => {
  it('is /graphql only: another path is answered 404 without an upgrade', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(mock.wsUrl.replace('/graphql', '/subscriptions'), 'graphql-transport-ws');
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('upgraded')));
      socket.on('error', () => {});
    });
    expect(status).toBe(404);
  });

  it('speaks graphql-transport-ws only: a socket without that subprotocol is closed with 4406', async () => {
    const code = await new Promise<number>((resolve) => {
      const socket = new WebSocket(mock.wsUrl);
      socket.on('close', (closeCode) => resolve(closeCode));
      socket.on('error', () => {});
    });
    expect(code).toBe(4406);
  });

  it('closes a socket that sends a frame over the body limit with 1009', async () => {
    const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(mock.runtime.limits.maxBodyBytes) } }));
    expect(await closed).toBe(1009);
  });

  it('refuses a subscription sent over HTTP with a coded error', async () => {
    const response = await gql(mock.url, 'subscription { notificationReceived { id } }', {}, world.a.token);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.errors?.[0]?.extensions?.code).toBeTypeOf('string');
  });
});
