import type { CheckResult, RunReport } from './types.js';

/** The counts of a report, from its results. */
export function summarize(results: readonly CheckResult[]): RunReport['summary'] {
  const count = (predicate: (result: CheckResult) => boolean) => results.filter(predicate).length;
  return {
    passed: count((r) => r.outcome === 'passed'),
    failed: count((r) => r.outcome === 'failed'),
    skipped: count((r) => r.outcome === 'skipped'),
    mustFailed: count((r) => r.outcome === 'failed' && r.level === 'MUST'),
    shouldFailed: count((r) => r.outcome === 'failed' && r.level === 'SHOULD'),
  };
}
