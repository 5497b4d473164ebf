import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { defaultTokenLifetimes } from '../../src/mock-server/state/accounts/sessions.js';
import { expectCode, gql, ok } from '../support/client.js';
import { MESSAGES, SINCE } from '../support/queries.js';
import { buildWorld, login, registerActor, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;
const clock = new ManualClock(Date.UTC(2026, 5, 1));

beforeAll(async () => {
  mock = await startTestMock({ clock });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

/** After the clock jumps, every actor needs a fresh token. */
async function reloginEveryone(): Promise<void> {
  const [a, b, c] = await Promise.all([world.a, world.b, world.c].map((actor) => login(mock.url, actor.email, actor.password)));
  world = { ...world, a: a!, b: b!, c: c! };
}

const REFRESH = 'mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken user { id } } }';
const LOGOUT = 'mutation($t: String!) { logout(refreshToken: $t) }';

/** Sends both queries with a raw Authorization header (or none). */
async function bothQueries(authorization: string | undefined) {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  return [
    await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId }, undefined, headers),
    await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0 }, undefined, headers),
  ];
}

describe('5 authentication', () => {
  it('5 rule 1: a valid Bearer access token in the Authorization header is accepted by both queries', async () => {
    for (const response of await bothQueries(`Bearer ${world.a.token}`)) expect(response.errors).toBeUndefined();
    // The scheme is case-insensitive (RFC 9110 11.1).
    for (const response of await bothQueries(`bearer ${world.a.token}`)) expect(response.errors).toBeUndefined();
  });

  it('5 rule 2: a missing access token is UNAUTHENTICATED on both queries', async () => {
    for (const response of await bothQueries(undefined)) expectCode(response, 'UNAUTHENTICATED');
  });

  it.each(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc', 'abc'])(
    '5 rule 2: a malformed Authorization header (%j) is UNAUTHENTICATED on both queries',
    async (header) => {
      for (const response of await bothQueries(header)) expectCode(response, 'UNAUTHENTICATED');
    },
  );

  it('5 rule 1: a valid access token under another scheme, or bare, is UNAUTHENTICATED', async () => {
    for (const header of [`Basic ${world.a.token}`, `Token ${world.a.token}`, world.a.token, `Bearer ${world.a.token} extra`]) {
      for (const response of await bothQueries(header)) expectCode(response, 'UNAUTHENTICATED');
    }
  });

  it('5 rule 2: an unknown access token is UNAUTHENTICATED on both queries', async () => {
    for (const response of await bothQueries('Bearer pa_not-a-token-this-server-issued')) expectCode(response, 'UNAUTHENTICATED');
  });

  it('5 rule 2: an expired access token is UNAUTHENTICATED on both queries', async () => {
    const actor = await login(mock.url, world.a.email, world.a.password);
    for (const response of await bothQueries(`Bearer ${actor.token}`)) expect(response.errors).toBeUndefined();
    clock.advance(defaultTokenLifetimes.accessTokenMs + 1);
    for (const response of await bothQueries(`Bearer ${actor.token}`)) expectCode(response, 'UNAUTHENTICATED');
    await reloginEveryone();
  });

  it('5 rule 3: a non-member is FORBIDDEN, even as a member of the workspace', async () => {
    for (const token of [world.b.token, world.c.token]) {
      expectCode(await gql(mock.url, MESSAGES, { conversationId: world.privateChannelId }, token), 'FORBIDDEN');
      expectCode(await gql(mock.url, SINCE, { conversationId: world.privateChannelId, afterSequence: 0 }, token), 'FORBIDDEN');
    }
  });

  it('5 rule 4: login issues an AuthPayload; a wrong password or unknown email is UNAUTHENTICATED', async () => {
    const actor = await registerActor(mock.url, 'login');
    expect(actor.token).not.toBe(actor.refreshToken);
    const wrong = await gql(mock.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: actor.email, password: 'wrong password' } });
    expectCode(wrong, 'UNAUTHENTICATED');
    const unknown = await gql(mock.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'nobody@example.test', password: 'whatever1' } });
    expectCode(unknown, 'UNAUTHENTICATED');
    expect(wrong.errors![0]!.message).toBe(unknown.errors![0]!.message);
  });

  it('5 rule 4: refreshToken returns a new AuthPayload and the used refresh token stops working', async () => {
    const actor = await login(mock.url, world.a.email, world.a.password);
    const refreshed = ok(await gql<{ refreshToken: { accessToken: string; refreshToken: string; user: { id: string } } }>(mock.url, REFRESH, { t: actor.refreshToken })).refreshToken;
    expect(refreshed.user.id).toBe(actor.id);
    expect(refreshed.refreshToken).not.toBe(actor.refreshToken);
    for (const response of await bothQueries(`Bearer ${refreshed.accessToken}`)) expect(response.errors).toBeUndefined();
    expectCode(await gql(mock.url, REFRESH, { t: actor.refreshToken }), 'UNAUTHENTICATED');
  });

  it('5 rule 4: reusing a rotated refresh token revokes the whole session', async () => {
    const actor = await login(mock.url, world.a.email, world.a.password);
    const refreshed = ok(await gql<{ refreshToken: { accessToken: string; refreshToken: string } }>(mock.url, REFRESH, { t: actor.refreshToken })).refreshToken;
    expectCode(await gql(mock.url, REFRESH, { t: actor.refreshToken }), 'UNAUTHENTICATED');
    expectCode(await gql(mock.url, REFRESH, { t: refreshed.refreshToken }), 'UNAUTHENTICATED');
    for (const response of await bothQueries(`Bearer ${refreshed.accessToken}`)) expectCode(response, 'UNAUTHENTICATED');
  });

  it('5 rule 4: an expired refresh token is UNAUTHENTICATED', async () => {
    const actor = await login(mock.url, world.a.email, world.a.password);
    clock.advance(defaultTokenLifetimes.refreshTokenMs + 1);
    expectCode(await gql(mock.url, REFRESH, { t: actor.refreshToken }), 'UNAUTHENTICATED');
    await reloginEveryone();
  });

  it('5 rule 4: logout revokes the session: its refresh token and access tokens stop working', async () => {
    const actor = await login(mock.url, world.a.email, world.a.password);
    expect(ok(await gql<{ logout: boolean }>(mock.url, LOGOUT, { t: actor.refreshToken })).logout).toBe(true);
    expect(ok(await gql<{ logout: boolean }>(mock.url, LOGOUT, { t: actor.refreshToken })).logout).toBe(false);
    expectCode(await gql(mock.url, REFRESH, { t: actor.refreshToken }), 'UNAUTHENTICATED');
    for (const response of await bothQueries(`Bearer ${actor.token}`)) expectCode(response, 'UNAUTHENTICATED');
    // Other sessions of the same user live on.
    for (const response of await bothQueries(`Bearer ${world.a.token}`)) expect(response.errors).toBeUndefined();
  });

  it('5: health needs no token', async () => {
    expect(ok(await gql<{ health: string }>(mock.url, '{ health }')).health).toBe('ok');
  });
});
