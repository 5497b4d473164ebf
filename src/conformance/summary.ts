import type { CheckResult, RunReport, SkipCause } from './types.js';

/** The counts of a report, from its results. */
export function summarize(results: readonly CheckResult[]): RunReport['summary'] {
  const count = (predicate: (result: CheckResult) => boolean) => results.filter(predicate).length;
  return {
    passed: count((r) => r.outcome === 'passed'),
    failed: count((r) => r.outcome === 'failed'),
    skipped: count((r) => r.outcome === 'skipped'),
    mustFailed: count((r) => r.outcome === 'failed' && r.level === 'MUST'),
    shouldFailed: count((r) => r.outcome === 'failed' && r.level === 'SHOULD'),
    mustNotRun: count((r) => r.outcome === 'skipped' && r.level === 'MUST' && (r.skip ?? 'could-not-run') === 'could-not-run'),
  };
}

/** The skipped results grouped by kind and reason, in the order first met: one sentence per cause. */
export function skipCauses(results: readonly CheckResult[]): SkipCause[] {
  const causes = new Map<string, { kind: SkipCause['kind']; cause: string; checks: string[]; must: number }>();
  for (const result of results) {
    if (result.outcome !== 'skipped') continue;
    const kind = result.skip ?? 'could-not-run';
    const cause = result.reason ?? 'no reason given';
    const key = `${kind}\u0000${cause}`;
    const entry = causes.get(key) ?? { kind, cause, checks: [], must: 0 };
    entry.checks.push(result.id);
    if (result.level === 'MUST') entry.must += 1;
    causes.set(key, entry);
  }
  return [...causes.values()];
}
