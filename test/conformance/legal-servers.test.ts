import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/report-output.js';
import { catalogue } from '../../src/conformance/catalogue.js';
import { runConformance } from '../../src/conformance/run.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { readyAccounts } from './support/accounts.js';
import { startProxy } from './support/proxy.js';
import { limiter, notPassed, QUEUED_RUN_TIMEOUT, RUNS_AT_ONCE } from './support/runs.js';
import { legalErrorShapes } from './variants/legal-errors.js';
import { legalButFailed as regressions } from './variants/legal-more.js';

/**
 * Servers that differ only where SPEC.md is open, each difference on its own (variants/legal-more.ts,
 * variants/legal-errors.ts): the suite must never fail them. (variants/legal.ts combines the common
 * ones in one server.)
 */

const legalButFailed = [...regressions, ...legalErrorShapes];

let upstream: RunningMockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, empty: true });
});
afterAll(async () => {
  await upstream.close();
});

it('the entries name only checks of the catalogue', () => {
  const ids = new Set(catalogue.map((check) => check.id));
  const named = legalButFailed.map((variant) => [variant.name, 'failing' in variant.outcome ? variant.outcome.failing : []] as const);
  expect(named.flatMap(([name, checks]) => checks.filter((id) => !ids.has(id)).map((id) => `${name}: ${id}`))).toEqual([]);
});

const inTurn = limiter(RUNS_AT_ONCE);

describe.concurrent('legal servers the suite passes', () => {
  it.each(legalButFailed.map((variant) => [variant.name, variant] as const))('%s', (_name, variant) => inTurn(async () => {
    const proxy = await startProxy({ upstream: upstream.origin, hooks: variant.hooks });
    try {
      const credentials = variant.withAccounts ? await readyAccounts(upstream.origin, 3) : undefined;
      const report = await runConformance({ baseUrl: proxy.origin, ...variant.runOptions, ...(credentials ? { credentials } : {}) });
      expect(proxy.failures, 'the proxy itself failed').toEqual([]);
      expect(report.summary.failed, `${variant.name} (${variant.difference}) failed checks:\n${notPassed(report)}`).toBe(0);
      const couldNotRun = report.skips.filter((cause) => cause.kind === 'could-not-run' && cause.must > 0);
      if (variant.couldNotRun === undefined) expect(couldNotRun, notPassed(report)).toEqual([]);
      else expect(couldNotRun.map((cause) => cause.cause).join('\n')).toContain(variant.couldNotRun);
      expect(exitCodeOf(report, 'must')).toBe(variant.couldNotRun === undefined ? 0 : 2);
    } finally {
      await proxy.close();
    }
  }), QUEUED_RUN_TIMEOUT);
});
