import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/conformance/catalogue.js';
import { runConformance } from '../../src/conformance/run.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { knownGaps } from './faults/known-gaps.js';
import { readyAccounts } from './support/accounts.js';
import { startProxy } from './support/proxy.js';
import { notPassed, RUN_TIMEOUT, runBehindProxy } from './support/runs.js';
import { legalButFailed } from './variants/legal-but-failed.js';

/**
 * What the suite gets wrong today, pinned so that a change of the suite shows here: faulty
 * servers it passes (faults/known-gaps.ts) and legal servers it fails (variants/legal-but-failed.ts).
 * Each entry says why, and what would fix it. When a test here fails, the suite was fixed: move
 * the entry to faults/ or into variants/legal.ts.
 */

let upstream: RunningMockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, empty: true });
});
afterAll(async () => {
  await upstream.close();
});

it('the entries name only checks of the catalogue', () => {
  const ids = new Set(catalogue.map((check) => check.id));
  const named = [...knownGaps.map((gap) => [gap.name, gap.breaks] as const), ...legalButFailed.map((variant) => [variant.name, 'failing' in variant.outcome ? variant.outcome.failing : []] as const)];
  expect(named.flatMap(([name, checks]) => checks.filter((id) => !ids.has(id)).map((id) => `${name}: ${id}`))).toEqual([]);
});

describe.concurrent('faulty servers the suite passes', () => {
  it.each(knownGaps.map((gap) => [gap.name, gap] as const))('%s', async (_name, gap) => {
    const { report } = await runBehindProxy(upstream.origin, gap.hooks);
    expect(report.summary.mustFailed, `the suite now fails ${gap.name} (it breaks "${gap.rule}"): move it from known-gaps.ts to the faults. Not passed:\n${notPassed(report)}`).toBe(0);
  }, RUN_TIMEOUT);
});

describe.concurrent('legal servers the suite fails', () => {
  it.each(legalButFailed.map((variant) => [variant.name, variant] as const))('%s', async (_name, variant) => {
    const fixed = `the suite changed on ${variant.name}: update legal-but-failed.ts, or move the difference into variants/legal.ts`;
    if ('failing' in variant.outcome) {
      const { report, failed } = await runBehindProxy(upstream.origin, variant.hooks);
      const passing = variant.outcome.failing.filter((id) => !failed.has(id));
      expect(passing, `${fixed}. Not passed:\n${notPassed(report)}`).toEqual([]);
      return;
    }
    const proxy = await startProxy({ upstream: upstream.origin, hooks: variant.hooks });
    try {
      const credentials = variant.withAccounts ? await readyAccounts(upstream.origin, 3) : undefined;
      await expect(runConformance({ baseUrl: proxy.origin, ...(credentials ? { credentials } : {}) }), fixed).rejects.toThrow(variant.outcome.aborts);
    } finally {
      await proxy.close();
    }
  }, RUN_TIMEOUT);
});
