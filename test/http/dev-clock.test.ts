import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ControllableClock } from '../../src/mock-server/state/clock.js';
import type { MockConversation } from '../../src/mock-server/facade/mock-data.js';
import { gql, ok } from '../support/client.js';
import { SseClient } from '../support/event-stream.js';
import { startCli } from '../support/cli-process.js';

// GET and POST /dev/clock over a ControllableClock whose real time the test holds still: moving
// it forward fires the timers it passes (typing expiry here) and expires tokens, with no waiting.

/** The "real time" the clock runs on: held still, so every reading is exact. */
const REAL = Date.parse('2030-01-01T00:00:00.000Z');
const clock = new ControllableClock(() => REAL);
let mock: RunningMockServer;
let channel: MockConversation;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  await mock.data.createUser({ username: 'ada' });
  await mock.data.createWorkspace({ name: 'Acme', owner: 'ada', slug: 'acme' });
  channel = await mock.data.createChannel({ workspace: 'acme', name: 'ops', by: 'ada' });
});
afterAll(() => mock.close());

const post = (body: unknown) => fetch(`${mock.origin}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function refusedField(body: unknown, field: string): Promise<void> {
  const response = await post(body);
  const answer = (await response.json()) as { errors: { message: string; extensions: unknown }[] };
  expect(response.status, JSON.stringify(answer)).toBe(400);
  expect(answer.errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field });
}

describe('/dev/clock', () => {
  it('reads the clock: now, controllable, and the offset from real time', async () => {
    const response = await fetch(`${mock.origin}/dev/clock`);
    expect(await response.json()).toEqual({ now: '2030-01-01T00:00:00.000Z', controllable: true, offsetMs: 0 });
  });

  it('moves forward by advanceMs, firing the timers it passes (typing expires)', async () => {
    const { accessToken } = await mock.data.signIn('ada');
    const events = await SseClient.open(`${mock.origin}/dev/events?types=domain`);
    ok(await gql(mock.url, 'mutation($c: ID!) { setTyping(conversationId: $c, active: true) }', { c: channel.id }, accessToken));
    expect((await events.json<{ kind: string; payload: { active: boolean } }>('domain')).payload.active).toBe(true);

    const response = await post({ advanceMs: 5_000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ now: '2030-01-01T00:00:05.000Z', controllable: true, offsetMs: 5_000 });
    // The typing timer fired as the clock passed it.
    const expired = await events.json<{ kind: string; at: string; payload: { active: boolean } }>('domain');
    expect(expired).toMatchObject({ kind: 'typingChanged', at: '2030-01-01T00:00:05.000Z', payload: { active: false } });
    await events.close();
  });

  it('moves to an ISO time, and tokens expire on the moved clock', async () => {
    const { accessToken } = await mock.data.signIn('ada');
    ok(await gql(mock.url, '{ me { id } }', {}, accessToken));
    const response = await post({ to: '2030-01-01T01:00:05.000Z' });
    expect(await response.json()).toEqual({ now: '2030-01-01T01:00:05.000Z', controllable: true, offsetMs: 3_605_000 });
    const expired = await gql(mock.url, '{ me { id } }', {}, accessToken);
    expect(expired.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses going back, a step out of range, and a body with neither or both fields', async () => {
    await refusedField({ to: '2029-12-31T00:00:00Z' }, 'to');
    await refusedField({ to: 'tomorrow' }, 'to');
    await refusedField({ advanceMs: 0 }, 'advanceMs');
    await refusedField({ advanceMs: -5 }, 'advanceMs');
    await refusedField({ advanceMs: 366 * 86_400_000 + 1 }, 'advanceMs');
    await refusedField({ advanceMs: '5' }, 'advanceMs');
    await refusedField({}, 'advanceMs');
    await refusedField({ advanceMs: 1, to: '2031-01-01T00:00:00Z' }, 'to');
    // Nothing moved.
    expect(((await (await fetch(`${mock.origin}/dev/clock`)).json()) as { offsetMs: number }).offsetMs).toBe(3_605_000);
  });
});

describe('ControllableClock', () => {
  it('only moves forward, and fires the timers it passes in time order', () => {
    const own = new ControllableClock(() => 1_000);
    const fired: string[] = [];
    own.setTimer(3_000, () => fired.push(`b@${own.now()}`));
    own.setTimer(2_000, () => fired.push(`a@${own.now()}`));
    const cancelled = own.setTimer(2_500, () => fired.push('never'));
    cancelled.cancel();
    own.advance(5_000);
    expect(fired).toEqual(['a@2000', 'b@3000']);
    expect(own.now()).toBe(6_000);
    expect(own.offsetMs).toBe(5_000);
    expect(own.pendingTimers).toBe(0);
    expect(() => own.set(5_999)).toThrow(RangeError);
    expect(() => own.advance(-1)).toThrow(RangeError);
    expect(own.now()).toBe(6_000);
  });

  it('advance(ms) adds exactly ms to the offset while real time moves on under it (each read a millisecond later)', () => {
    let real = 1_000;
    const ticking = new ControllableClock(() => real++);
    const fired: number[] = [];
    ticking.setTimer(ticking.now() + 10, () => fired.push(ticking.offsetMs));
    ticking.advance(3_600_000);
    expect(ticking.offsetMs).toBe(3_600_000);
    expect(fired).toHaveLength(1);
    expect(fired[0]!).toBeLessThanOrEqual(3_600_000);
    ticking.advance(1);
    expect(ticking.offsetMs).toBe(3_600_001);
  });
});

describe('parley mock serve --clock', () => {
  it('controllable: POST /dev/clock moves the served mock\'s time (the demo data, whose state reads the clock through its own)', async () => {
    const { stdout } = await startCli(['mock', 'serve', '--port', '0', '--clock', 'controllable'], (out) => out.includes('listening on'));
    const origin = /listening on (\S+)\/graphql/.exec(stdout)![1]!;
    const moved = (await (await fetch(`${origin}/dev/clock`, { method: 'POST', body: '{"advanceMs":86400000}' })).json()) as { controllable: boolean; offsetMs: number };
    expect(moved).toMatchObject({ controllable: true, offsetMs: 86_400_000 });
  });

  it('anything but system or controllable is a usage error: exit 2', async () => {
    const { status, stderr } = await startCli(['mock', 'serve', '--port', '0', '--empty', '--clock', 'manual'], () => false);
    expect(status).toBe(2);
    expect(stderr).toContain('--clock');
  });
});
