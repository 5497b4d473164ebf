import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { makeEdgeFaults, MODEL_CHECKS } from '../faults/edges/index.js';
import { notPassed, ran, runBehindProxy } from './runs.js';

/**
 * Runs in flight at once per file. A run with the model checks is several times the work of one
 * without (hundreds of generated requests, and a failing history is shrunk); vitest's five
 * concurrent tests per file, two files on two cores, left the server answering past the suite's
 * 10 s request timeout, and such a run aborts before it shows anything.
 */
const RUNS_AT_ONCE = 2;

/**
 * A test's time includes its wait for a turn: a run takes about 5 to 40 s (a failing model check
 * shrinks its history, for up to a minute), and each file queues eight turns of two.
 */
export const POWER_RUN_TIMEOUT = 600_000;

/** At most `limit` tasks at once; the others wait their turn, first come first served. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finished task hands its place to the next in line (see finally), so `active` never overshoots.
    if (active < limit) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

/**
 * Shrinking a failure replays the server many times (up to a minute by default); the test needs
 * the catch, not the shortest history, so it shrinks for a few seconds only.
 */
const SHRINK_MS = 3_000;

/** Whether a check is one of the model checks (`model.*`), which the edge faults are for. */
export const isModelCheck = (id: string): boolean => id.startsWith('model.');

/**
 * The model checks' seed: random, as a user's run draws it, unless MODEL_POWER_SEED replays the
 * one a failure message printed (`MODEL_POWER_SEED=123 npx vitest run --project conformance
 * test/conformance/model-power-a.test.ts -t <fault>`).
 */
function seedOption(): { seed?: number } {
  const given = process.env['MODEL_POWER_SEED'];
  return given === undefined || given === '' ? {} : { seed: Number(given) };
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
    }, POWER_RUN_TIMEOUT);
  });
}
