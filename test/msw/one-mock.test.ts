import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChaosSettings } from '../../src/mock-server/runtime/chaos/chaos-settings.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { createParleyHandlers, type ParleyHandlers } from '../../src/msw/index.js';
import { expectCode, gql, ok } from '../support/client.js';
import { registerActor } from '../support/world.js';

/**
 * Both doors are built by `createMock` from one options type, and their dev controls are the same
 * engine operations: a reset means the same over `POST /dev/reset` as through `parley.reset()`,
 * and the MSW door takes a clock as the HTTP door does.
 */

const ENDPOINT = 'http://one-mock.test/graphql';
const STARTING_CHAOS: ChaosSettings = { seed: 7, operations: { Health: { failureRate: 0, errorCode: 'INTERNAL_SERVER_ERROR' } } };
const CHANGED_CHAOS: ChaosSettings = { seed: 9, latency: { minMs: 0, maxMs: 0 } };

let http: RunningMockServer;
let parley: ParleyHandlers;
const msw = setupServer();

beforeAll(async () => {
  http = await startMockServer({ port: 0, empty: true, chaos: STARTING_CHAOS });
  parley = await createParleyHandlers({ endpoint: ENDPOINT, empty: true, chaos: STARTING_CHAOS });
  msw.use(...parley.handlers);
  msw.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await http.close();
});

/** One door as the tests below drive it: its endpoint, and its dev controls by HTTP or by function. */
interface Door {
  readonly url: string;
  readonly digest: () => string;
  setChaos(settings: ChaosSettings): Promise<void>;
  chaos(): Promise<unknown>;
  journalSize(): Promise<number>;
  reset(): Promise<void>;
}

const doors: Record<'HTTP (/dev)' | 'MSW (functions)', () => Door> = {
  'HTTP (/dev)': () => ({
    url: http.url,
    digest: () => digestTables(http.state.tables),
    setChaos: async (settings) => void expect((await fetch(`${http.origin}/dev/chaos`, { method: 'POST', body: JSON.stringify(settings), headers: { 'content-type': 'application/json' } })).status).toBe(200),
    chaos: async () => (await fetch(`${http.origin}/dev/chaos`)).json(),
    journalSize: async () => ((await (await fetch(`${http.origin}/dev/journal`)).json()) as { entries: unknown[] }).entries.length,
    reset: async () => void expect((await fetch(`${http.origin}/dev/reset`, { method: 'POST' })).status).toBe(200),
  }),
  'MSW (functions)': () => ({
    url: ENDPOINT,
    digest: () => digestTables(parley.state.tables),
    setChaos: async (settings) => void parley.chaos.set(settings),
    chaos: async () => parley.chaos.settings,
    journalSize: async () => parley.journal.list(parley.journal.capacity).length,
    reset: () => parley.reset(),
  }),
};

describe.each(Object.keys(doors) as (keyof typeof doors)[])('a reset through %s', (name) => {
  it('goes back to the starting state, the starting chaos and an empty journal', async () => {
    const door = doors[name]();
    const start = door.digest();
    const startingChaos = await door.chaos();
    await registerActor(door.url, 'resetme');
    await door.setChaos(CHANGED_CHAOS);
    expect(door.digest()).not.toBe(start);
    expect(await door.chaos()).not.toEqual(startingChaos);
    expect(await door.journalSize()).toBeGreaterThan(0);

    await door.reset();
    expect(door.digest()).toBe(start);
    expect(await door.chaos()).toEqual(startingChaos);
    expect(await door.journalSize()).toBe(0);
  });
});

describe('the MSW door', () => {
  it('takes a clock: an access token expires when a ManualClock passes its lifetime (15 minutes)', async () => {
    const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
    const timed = await createParleyHandlers({ endpoint: 'http://clock.test/graphql', empty: true, clock });
    msw.use(...timed.handlers);
    try {
      const actor = await registerActor('http://clock.test/graphql', 'timed');
      ok(await gql('http://clock.test/graphql', '{ me { id } }', {}, actor.token));
      clock.advance(15 * 60_000 + 1); // past the access token's default lifetime
      expectCode(await gql('http://clock.test/graphql', '{ me { id } }', {}, actor.token), 'UNAUTHENTICATED');
    } finally {
      msw.resetHandlers(...parley.handlers);
    }
  });

  it('snapshots and restores as GET and PUT /dev/snapshot do, and refuses a bad snapshot without a change', async () => {
    await parley.reset();
    await registerActor(ENDPOINT, 'kept');
    const saved = parley.snapshot();
    const digest = digestTables(parley.state.tables);
    await parley.reset();
    expect(digestTables(parley.state.tables)).not.toBe(digest);
    await parley.restore(JSON.stringify(saved));
    expect(digestTables(parley.state.tables)).toBe(digest);
    await expect(parley.restore({ format: 'something else' })).rejects.toThrow(/not a Parley state snapshot/);
    expect(digestTables(parley.state.tables)).toBe(digest);
    await parley.reset();
  });

  it('loads a fixtures file as POST /dev/fixtures does, and lists the problems of a bad one without a change', async () => {
    await parley.reset();
    const before = digestTables(parley.state.tables);
    const bad = await parley.loadFixtures({ users: 'nobody' });
    expect(bad.ok).toBe(false);
    expect(digestTables(parley.state.tables)).toBe(before);
    const good = await parley.loadFixtures({ version: 1, users: [{ username: 'ann', displayName: 'Ann' }] });
    expect(good.ok ? [] : good.problems).toEqual([]);
    expect(good.ok).toBe(true);
    expect(parley.state.tables.users.size).toBe(1);
    await parley.reset();
    expect(digestTables(parley.state.tables)).toBe(before);
  });
});
