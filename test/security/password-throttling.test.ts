import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { defaultLoginThrottleRules, LoginThrottle } from '../../src/mock-server/state/accounts/login-throttle.js';
import type { PasswordHasher } from '../../src/mock-server/state/accounts/passwords.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { MockState } from '../../src/mock-server/state/mock-state.js';
import { expectCode, gql, ok, type GraphQLResponse } from '../support/client.js';

/**
 * Online password guessing (OWASP, "Authentication": account lockout): `login` must not try
 * password after password for one account. After 10 failures in a row within 15 minutes, every
 * login for that address, the right password too, is refused with RATE_LIMITED until a time the
 * message names; a success starts the count again. Per address (its normalized form), for an
 * unknown address exactly as for an account, so a lock tells nobody which addresses are accounts.
 *
 * The password hash here is a fast stand-in in the stored format (counted, so the test sees
 * which attempts were checked); `login-timing.test.ts` holds the real scrypt to equal work.
 */

const MINUTE = 60_000;
const clock = new ManualClock(Date.parse('2026-05-04T08:30:00Z'));
let checked = 0;
const fastHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16);
    return { salt: salt.toString('base64'), hash: digest(salt, password).toString('base64') };
  },
  async verify(password, stored) {
    checked += 1;
    const key = Buffer.from(stored.hash, 'base64');
    const computed = digest(Buffer.from(stored.salt, 'base64'), password);
    return key.length === computed.length && timingSafeEqual(key, computed);
  },
};
const digest = (salt: Buffer, password: string): Buffer => createHash('sha256').update(salt).update(password).digest();

const RIGHT = 'right password';
const LOGIN = 'mutation($email: String!, $password: String!) { login(input: { email: $email, password: $password }) { accessToken } }';
let mock: RunningMockServer;
let next = 0;

beforeAll(async () => {
  const state = new MockState({ clock, passwords: fastHasher });
  // Before the server starts, so /dev/reset goes back to a state that has these accounts.
  for (const name of ['kim', 'lee', 'max', 'noa', 'ola', 'pat', 'quinn']) {
    state.users.insert({ username: name, displayName: name, email: `${name}@example.test` }, await fastHasher.hash(RIGHT));
  }
  mock = await startMockServer({ port: 0, state });
});
afterAll(() => mock.close());
beforeEach(() => {
  // Every test starts after the last one's locks and windows are over.
  clock.advance(60 * MINUTE);
});

const login = (email: string, password: string) => gql<{ login: { accessToken: string } }>(mock.url, LOGIN, { email, password });
async function fail(email: string, times: number): Promise<void> {
  for (let index = 0; index < times; index += 1) expectCode(await login(email, `wrong password ${next++}`), 'UNAUTHENTICATED');
}
const messageOf = (response: GraphQLResponse<unknown>) => response.errors![0]!.message;

describe('login after repeated wrong passwords', () => {
  it('refuses the 11th attempt after 10 failures, the right password too, with RATE_LIMITED and when to retry; no password is checked', async () => {
    await fail('kim@example.test', 10);
    checked = 0;
    const locked = await login('kim@example.test', RIGHT);
    expectCode(locked, 'RATE_LIMITED');
    const until = new Date(clock.now() + 15 * MINUTE).toISOString();
    expect(messageOf(locked)).toContain(until);
    expect(messageOf(locked)).toContain('15 minutes');
    expect(checked).toBe(0);
    clock.advance(15 * MINUTE - 1);
    expectCode(await login('kim@example.test', RIGHT), 'RATE_LIMITED');
    clock.advance(1);
    ok(await login('kim@example.test', RIGHT));
  });

  it('a handful of wrong passwords, as a test suite sends, never locks; nor do 9 in a row', async () => {
    await fail('lee@example.test', 9);
    ok(await login('lee@example.test', RIGHT));
  });

  it('a successful login starts the count again', async () => {
    await fail('max@example.test', 9);
    ok(await login('max@example.test', RIGHT));
    await fail('max@example.test', 9);
    ok(await login('max@example.test', RIGHT));
  });

  it('failures older than 15 minutes no longer count', async () => {
    await fail('noa@example.test', 9);
    clock.advance(15 * MINUTE);
    await fail('noa@example.test', 9);
    ok(await login('noa@example.test', RIGHT));
  });

  it('counts by the normalized address (case, spaces, full-width letters) and locks that account only', async () => {
    const spellings = ['ola@example.test', 'OLA@example.test', ' ola@Example.Test ', 'ｏｌａ@example.test'];
    for (let index = 0; index < 10; index += 1) expectCode(await login(spellings[index % spellings.length]!, `wrong ${index}`), 'UNAUTHENTICATED');
    expectCode(await login('ola@example.test', RIGHT), 'RATE_LIMITED');
    ok(await login('pat@example.test', RIGHT));
  });

  it('an unknown address is locked alike: the same codes after the same work, the same sentence', async () => {
    checked = 0;
    await fail('pat@example.test', 10);
    const knownChecks = checked;
    checked = 0;
    await fail('nobody@example.test', 10);
    expect(checked).toBe(knownChecks);
    checked = 0;
    const known = await login('pat@example.test', 'wrong again');
    const unknown = await login('nobody@example.test', 'wrong again');
    expectCode(known, 'RATE_LIMITED');
    expectCode(unknown, 'RATE_LIMITED');
    expect(messageOf(unknown)).toBe(messageOf(known));
    expect(checked).toBe(0);
  });

  it('guesses sent at once check at most 10 passwords', async () => {
    checked = 0;
    const answers = await Promise.all(Array.from({ length: 25 }, (_, index) => login('quinn@example.test', `parallel ${index}`)));
    const codes = answers.map((answer) => answer.errors?.[0]?.extensions?.code);
    expect(checked).toBe(10);
    expect(codes.filter((code) => code === 'UNAUTHENTICATED')).toHaveLength(10);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(15);
  });

  it('POST /dev/reset forgets every lock', async () => {
    await fail('kim@example.test', 10);
    expectCode(await login('kim@example.test', RIGHT), 'RATE_LIMITED');
    expect((await fetch(`${mock.origin}/dev/reset`, { method: 'POST' })).status).toBe(200);
    ok(await login('kim@example.test', RIGHT));
  });
});

describe('what the throttle holds is bounded', () => {
  it('follows at most maxTracked addresses, forgetting an unlocked one before a locked one', () => {
    const own = new ManualClock(0);
    const throttle = new LoginThrottle(own, { ...defaultLoginThrottleRules, maxFailures: 2, maxTracked: 3 });
    throttle.begin('locked@example.test');
    throttle.begin('locked@example.test');
    for (let index = 0; index < 50; index += 1) throttle.begin(`spray${index}@example.test`);
    expect(throttle.size).toBe(3);
    expect(() => throttle.begin('locked@example.test')).toThrow(/refused until/);
    // An address longer than any account's is not followed at all.
    throttle.begin(`${'a'.repeat(300)}@example.test`);
    expect(throttle.size).toBe(3);
  });
});
