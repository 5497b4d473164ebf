import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../../src/conformance/catalogue.js';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { faults } from '../faults/index.js';
import { limiter, notPassed, QUEUED_RUN_TIMEOUT, runBehindProxy, RUNS_AT_ONCE } from './runs.js';

/**
 * The suite fails each faulty server on the rule it breaks. The faults are many runs, so they
 * are split over two test files (`part` 0 and 1 take every other fault) that vitest runs side by
 * side; each file has one upstream mock, and each run provisions a workspace of its own.
 */
export function describeFaultyServers(part: 0 | 1): void {
  let upstream: RunningMockServer;
  beforeAll(async () => {
    upstream = await startMockServer({ port: 0, empty: true });
  });
  afterAll(() => upstream.close());

  const mine = faults.filter((_fault, index) => index % 2 === part);
  // A few runs at a time: all of them at once finish no sooner (one process, one core), and each
  // then takes as long as the whole file, its requests queued behind everyone else's.
  const inTurn = limiter(RUNS_AT_ONCE);
  describe.concurrent('the suite fails each faulty server on the rule it breaks', () => {
    it.each(mine.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
      // Only the checks the fault breaks, which is all the test asserts on, run: the other checks'
      // results were never looked at. A full run against a faulty server is cli.test.ts's (and the
      // full runs against correct and legal servers are self-test's, legal-servers' and the
      // framework matrix's). These faults are the scripted checks' (the model checks' own are in
      // model-power-*.test.ts).
      const { report, failed } = await inTurn(() => runBehindProxy(upstream.origin, fault.hooks, { only: [...fault.breaks] }));
      const message = `${fault.name} breaks "${fault.rule}"; the results that did not pass:\n${notPassed(report)}`;
      // A fault that breaks only SHOULD checks (where the spec is open) must still be reported, as a warning.
      const onlyShould = fault.breaks.every((id) => catalogue.find((check) => check.id === id)?.level === 'SHOULD');
      expect(onlyShould ? report.summary.shouldFailed : report.summary.mustFailed, message).toBeGreaterThan(0);
      expect(fault.breaks.filter((id) => !failed.has(id)), message).toEqual([]);
    }, QUEUED_RUN_TIMEOUT);
  });
}
