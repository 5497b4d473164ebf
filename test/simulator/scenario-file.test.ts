import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/mock-server/mock.js';
import { builtInScenarios, simulatorOf } from '../../src/mock-server/simulator/index.js';
import { scenarioFromText, validateScenario } from '../../src/mock-server/simulator/validate.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { NOW } from './team.js';

/** The scenario format: the documented example loads and plays; a scenario with problems is refused, each problem with its path. */
const example = readFileSync(new URL('../../examples/scenarios/my-team.json', import.meta.url), 'utf8');
const fixtures = JSON.parse(readFileSync(new URL('../../fixtures/example.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('scenario files', () => {
  it('the example (examples/scenarios/my-team.json) loads, and plays over fixtures/example.json without a refusal', async () => {
    const scenario = scenarioFromText(example);
    expect(scenario).toMatchObject({ name: 'my-team', seed: 42, ratePerMinute: 20 });
    const clock = new ManualClock(NOW);
    const mock = await createMock({ fixtures, clock });
    const simulator = simulatorOf(mock.runtime);
    expect((await simulator.start(scenario)).actors).toEqual(['alice', 'bob', 'carol', 'erin']);
    for (let second = 0; second < 130; second++) {
      clock.advance(1000);
      await simulator.idle();
    }
    const status = simulator.status();
    expect(status.actions).toBeGreaterThan(240);
    expect(status.failures).toBe(0);
    simulator.stop();
    await mock.close();
  });

  it('every built-in scenario is a valid scenario', () => {
    for (const scenario of builtInScenarios) expect(validateScenario(scenario)).toEqual(scenario);
  });

  it.each([
    ['not JSON', '{', [''], /is not JSON/],
    ['a list', '[]', [''], /expected an object/],
    ['no name, no rate', '{}', ['name', 'ratePerMinute'], /required/],
    ['an unknown field', '{"name":"a","ratePerMinute":1,"speed":3}', ['speed'], /unknown field/],
    ['a bad step', '{"name":"a","ratePerMinute":1,"script":[{"action":"typeFor","durationMs":-1}]}', ['script[0].durationMs'], /at least 1/],
    ['an unknown action', '{"name":"a","ratePerMinute":1,"script":[{"action":"sing"}]}', ['script[0].action'], /"burst"/],
    ['too many actors', '{"name":"a","ratePerMinute":1,"actors":{"count":51}}', ['actors.count'], /at most 50/],
    ['a mix of zeros', '{"name":"a","ratePerMinute":1,"mix":{"send":0}}', ['mix'], /weight of 0/],
  ])('refuses %s, naming the field', (_what, text, paths, message) => {
    let problems: readonly { path: string; message: string }[] = [];
    try {
      scenarioFromText(text);
    } catch (error) {
      problems = (error as { problems: typeof problems }).problems;
    }
    expect(problems.map((problem) => problem.path)).toEqual(paths);
    expect(problems[0]!.message).toMatch(message);
  });
});
