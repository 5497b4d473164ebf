import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { simulatorOf } from '../../src/mock-server/simulator/index.js';
import { MAX_SCENARIO_BYTES, scenarioFromText } from '../../src/mock-server/simulator/validate.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { NOW, team } from '../simulator/team.js';

/**
 * Attack class: resource exhaustion through the simulator. A scenario (a POSTed object or a
 * file) asks for work in proportion to its numbers: every number is bounded (rate, people, burst,
 * script steps, times, file size), and a rate the engine cannot take cannot pile up actions in
 * memory: at most 1,000 wait, the ticks past that are dropped and counted.
 */

let mock: RunningMockServer;
const clock = new ManualClock(NOW);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, fixtures: team, clock });
});
afterAll(async () => {
  await mock.close();
});

const post = (body: unknown) => fetch(`${mock.origin}/dev/simulator`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the simulator is bounded', () => {
  it.each([
    [{ scenario: 'busy-channel', ratePerMinute: 60_001 }, 'ratePerMinute'],
    [{ scenario: { name: 'x', ratePerMinute: 60_001 } }, 'scenario.ratePerMinute'],
    [{ scenario: { name: 'x', ratePerMinute: 1, actors: { count: 51 } } }, 'scenario.actors.count'],
    [{ scenario: { name: 'x', ratePerMinute: 0, script: [{ action: 'burst', messages: 10_001 }] } }, 'scenario.script[0].messages'],
    [{ scenario: { name: 'x', ratePerMinute: 0, script: Array.from({ length: 101 }, () => ({ action: 'reconnectStorm' })) } }, 'scenario.script'],
    [{ scenario: { name: 'x', ratePerMinute: 0, script: [{ action: 'reconnectStorm', every: 1 }] } }, 'scenario.script[0].every'],
    [{ scenario: { name: 'x', ratePerMinute: 0, durationMs: 1e12 } }, 'scenario.durationMs'],
  ])('POST %j: 400 naming %s, nothing started', async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    expect(simulatorOf(mock.runtime).status().running).toBe(false);
  });

  it('a scenario file over 64 KiB is refused before it is parsed', () => {
    expect(() => scenarioFromText(' '.repeat(MAX_SCENARIO_BYTES + 1))).toThrow(/larger than 65536 bytes/);
  });

  it('at 60,000 actions a minute, a clock jump of 2 s queues 1,000 actions at most: the other 1,000 ticks are dropped, counted', async () => {
    const response = await post({ scenario: { name: 'flood', ratePerMinute: 60_000, mix: { typing: 1 } } });
    expect(response.status).toBe(200);
    clock.advance(2000);
    const simulator = simulatorOf(mock.runtime);
    await simulator.idle();
    expect(simulator.status()).toMatchObject({ actions: 1000, dropped: 1000, failures: 0 });
    simulator.stop();
  });
});
