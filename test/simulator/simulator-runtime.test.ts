import { afterEach, describe, expect, it } from 'vitest';
import { simulatorOf } from '../../src/mock-server/simulator/index.js';
import type { Mock } from '../../src/mock-server/mock.js';
import { generalId, record, subscriber, teamMock } from './team.js';

/**
 * The simulator on a runtime, under a manual clock: the same seed and scenario give the same
 * events; the rate asked for is the rate played; each built-in scenario does what it says; it
 * stops, and follows a state swap.
 */
const mocks: Mock[] = [];
async function fresh() {
  const made = await teamMock();
  mocks.push(made.mock);
  return { ...made, simulator: simulatorOf(made.mock.runtime) };
}

afterEach(async () => {
  for (const mock of mocks.splice(0)) {
    simulatorOf(mock.runtime).stop();
    await mock.close();
  }
});

/** Plays `scenario` for `ms` of clock time in a fresh mock; the events `general` saw. */
async function play(scenario: string, ms: number, options: { seed?: number; ratePerMinute?: number } = {}) {
  const { mock, clock, simulator } = await fresh();
  const lines = record(mock.runtime.state, generalId(mock.runtime.state));
  await simulator.start(scenario, options);
  for (let at = 0; at < ms; at += 1000) {
    clock.advance(1000);
    await simulator.idle();
  }
  return { lines, status: simulator.status(), mock, clock, simulator };
}

describe('determinism', () => {
  it('gives the same events for the same seed and scenario', async () => {
    const first = await play('busy-channel', 10_000, { seed: 7 });
    const second = await play('busy-channel', 10_000, { seed: 7 });
    expect(first.lines.length).toBeGreaterThan(40);
    expect(second.lines).toEqual(first.lines);
    const kinds = new Set(first.lines.map((line) => line.split(' ')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['messageCreated', 'messageUpdated', 'presenceChanged']));
  });

  it('a GraphQL subscriber receives the same messages, in the same order, twice', async () => {
    const received: string[][] = [];
    for (let run = 0; run < 2; run++) {
      const { mock, clock, simulator } = await fresh();
      const lines = await subscriber(mock, 'carol', generalId(mock.runtime.state));
      await simulator.start('busy-channel', { seed: 11 });
      for (let second = 0; second < 10; second++) {
        clock.advance(1000);
        await simulator.idle();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
      received.push(lines);
    }
    expect(received[0]!.length).toBeGreaterThan(30);
    expect(received[1]).toEqual(received[0]);
  });

  it('gives other events for another seed', async () => {
    const first = await play('quiet-team', 60_000, { seed: 1 });
    const other = await play('quiet-team', 60_000, { seed: 2 });
    expect(first.lines.length).toBeGreaterThan(5);
    expect(other.lines).not.toEqual(first.lines);
  });
});

describe('rate', () => {
  for (const ratePerMinute of [6, 300, 1200]) {
    it(`runs ${ratePerMinute} actions a minute: within 10% over 10 s`, async () => {
      const { status } = await play('busy-channel', 10_000, { ratePerMinute });
      const asked = (ratePerMinute / 60) * 10;
      expect(status.failures).toBe(0);
      expect(Math.abs(status.actions - asked)).toBeLessThanOrEqual(asked * 0.1);
    });
  }
});

describe('the built-in scenarios', () => {
  it('burst: 1,000 messages', async () => {
    const { lines, status } = await play('burst', 1000);
    expect(lines.filter((line) => line.startsWith('messageCreated'))).toHaveLength(1000);
    expect(status.actions).toBe(1000);
    expect(status.failures).toBe(0);
  });

  it('long-typing: typing stays up for 10 minutes, then stops', async () => {
    const { lines, status, clock, simulator } = await play('long-typing', 9 * 60_000);
    const typing = lines.filter((line) => line.startsWith('typingChanged'));
    expect(typing).toHaveLength(1);
    expect(typing[0]).toMatch(/ true$/);
    for (let second = 0; second < 61; second++) {
      clock.advance(1000);
      await simulator.idle();
    }
    expect(lines.filter((line) => line.startsWith('typingChanged'))).toEqual([typing[0], typing[0]!.replace(/true$/, 'false')]);
    expect(status.failures).toBe(0);
  });

  it('member-removed: carol is removed after 10 s and her subscriptions end', async () => {
    const { lines, status } = await play('member-removed', 12_000);
    expect(lines).toContain('membershipEnded carol');
    expect(status.failures).toBe(0);
  });

  it('quiet-team: people come and go, type, send and react', async () => {
    const { lines } = await play('quiet-team', 5 * 60_000);
    const kinds = new Set(lines.map((line) => line.split(' ')[0]));
    expect([...kinds]).toEqual(expect.arrayContaining(['messageCreated', 'typingChanged', 'presenceChanged', 'messageUpdated']));
  });
});

describe('start and stop', () => {
  it('stops without a restart: no more actions, the actors go away, no timer left', async () => {
    const { mock, clock, simulator } = await fresh();
    await simulator.start('busy-channel');
    clock.advance(2000);
    await simulator.idle();
    const { actions } = simulator.status();
    expect(actions).toBe(10);
    const stopped = simulator.stop();
    expect(stopped).toMatchObject({ running: false, stoppedReason: 'stopped' });
    clock.advance(10_000);
    await simulator.idle();
    expect(simulator.status().actions).toBe(actions);
    expect(clock.pendingTimers).toBe(0);
    const state = mock.runtime.state;
    expect([...state.workspaces.all()][0]!.members.size).toBeGreaterThan(0);
    expect(stopped.actors.map((username) => state.presence.isPresent(state.users.idByUsername(username)!))).not.toContain(true);
  });

  it('follows a reset: the actors sign in again in the new state and go on', async () => {
    const { mock, clock, simulator } = await fresh();
    await simulator.start('busy-channel');
    clock.advance(2000);
    await simulator.idle();
    mock.controls!.reset();
    const lines = record(mock.runtime.state, generalId(mock.runtime.state));
    clock.advance(2000);
    await simulator.idle();
    expect(simulator.status()).toMatchObject({ running: true, failures: 0 });
    expect(lines.filter((line) => line.startsWith('messageCreated')).length).toBeGreaterThan(0);
  });

  it('stops, saying why, when the new state has no place for its people', async () => {
    const { mock, clock, simulator } = await fresh();
    await simulator.start({ name: 'frank-only', ratePerMinute: 60, actors: { users: ['frank'] } });
    clock.advance(1000);
    await simulator.idle();
    const loaded = await mock.controls!.loadFixtures({ users: [{ username: 'zed' }], workspaces: [{ name: 'Zed', owner: 'zed' }] });
    expect(loaded.ok).toBe(true);
    expect(simulator.status()).toMatchObject({ running: false, stoppedReason: expect.stringContaining('no user "frank"') });
    clock.advance(5000);
    await simulator.idle();
    expect(simulator.status().actions).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('refuses an unknown scenario and a bad rate, naming the field', async () => {
    const { simulator } = await fresh();
    await expect(simulator.start('nope')).rejects.toThrow(expect.objectContaining({ field: 'scenario', code: 'BAD_USER_INPUT' }));
    await expect(simulator.start('quiet-team', { ratePerMinute: -1 })).rejects.toThrow(expect.objectContaining({ field: 'ratePerMinute' }));
    await expect(simulator.start('quiet-team', { conversation: 'nowhere' })).rejects.toThrow(expect.objectContaining({ field: 'conversation' }));
    expect(simulator.status().running).toBe(false);
  });

  it('a refused start leaves the scenario playing alone; a good one replaces it', async () => {
    const { simulator } = await fresh();
    await simulator.start('quiet-team');
    await expect(simulator.start('quiet-team', { conversation: 'nowhere' })).rejects.toThrow(/no conversation "nowhere"/);
    expect(simulator.status()).toMatchObject({ running: true, scenario: 'quiet-team' });
    await simulator.start('busy-channel');
    expect(simulator.status()).toMatchObject({ running: true, scenario: 'busy-channel' });
  });
});
