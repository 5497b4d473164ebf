import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { makeEdgeFaults, MODEL_CHECKS } from '../faults/edges/index.js';
import { limiter, notPassed, QUEUED_RUN_TIMEOUT, ran, runBehindProxy, RUNS_AT_ONCE } from './runs.js';

/**
 * Shrinking a failure replays the server many times (up to a minute by default). These tests need
 * the catch, not the shortest history, so they do not shrink: the first failing history is the
 * evidence, played once more. Shrinking has its own tests (model/replay.test.ts).
 */
const SHRINK_MS = 0;

/** Whether a check is one of the model checks (`model.*`), which the edge faults are for. */
export const isModelCheck = (id: string): boolean => id.startsWith('model.');

/**
 * The model checks' seed. Fixed by default, so that CI draws the same histories each time (a
 * test that may fail by chance would keep main red now and then); `MODEL_POWER_SEED=random` draws
 * one as a user's run does, and `MODEL_POWER_SEED=123` replays the one a failure message printed
 * (`MODEL_POWER_SEED=123 npx vitest run --project conformance test/conformance/model-power-a.test.ts
 * -t <fault>`). docs/conformance.md gives what random seeds catch.
 */
const SEED = 36;

function seedOption(): { seed?: number } {
  const given = process.env['MODEL_POWER_SEED'];
  if (given === 'random') return {};
  return { seed: given === undefined || given === '' ? SEED : Number(given) };
}

/**
 * The power of the model checks: each edge fault (faults/edges/) in one full run of the suite (of
 * the model checks, those its `breaks` names), which must fail at least one check its `breaks`
 * names, and no check outside `model.*`: the scripted checks, which this proves miss the fault. The faults are split over two files (`part`
 * 0 and 1 take every other fault) that vitest runs side by side, one upstream mock each.
 */
export function describeModelPower(part: 0 | 1): void {
  let upstream: RunningMockServer;
  beforeAll(async () => {
    upstream = await startMockServer({ port: 0, empty: true });
  });
  afterAll(() => upstream.close());

  const mine = makeEdgeFaults().filter((_fault, index) => index % 2 === part);
  const inTurn = limiter(RUNS_AT_ONCE);
  describe.concurrent('the model checks catch each edge fault the scripted checks miss', () => {
    it.each(mine.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
      const { report, failed } = await inTurn(() => runBehindProxy(upstream.origin, fault.hooks, { ...seedOption(), shrinkMs: SHRINK_MS, skip: MODEL_CHECKS.filter((id) => !fault.breaks.includes(id)) }));
      const seeds = [...new Set(report.results.flatMap((result) => (result.history ? [result.history.seed] : [])))];
      const message = `${fault.name} breaks "${fault.rule}" (seed ${seeds.join(', ') || 'none'}); the results that did not pass:\n${notPassed(report)}`;
      // (b) first: a scripted check that does not pass (fails, or finds nothing to test) means the fault is no edge, whatever the model does.
      const scripted = ran(report).filter((result) => !isModelCheck(result.id) && result.outcome !== 'passed');
      expect(scripted.map((result) => `${result.outcome} ${result.id}`), `the scripted checks catch ${message}`).toEqual([]);
      // (a) a model check named in `breaks` catches it.
      expect(fault.breaks.filter((id) => failed.has(id)), `no check of ${fault.breaks.join(', ')} caught ${message}`).not.toEqual([]);
    }, QUEUED_RUN_TIMEOUT);
  });
}
