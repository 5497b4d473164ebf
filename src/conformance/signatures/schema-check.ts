import { CheckFailure } from '../check.js';
import { failedWith } from '../failure.js';
import { selectChecks } from '../select.js';
import { skipCauses, summarize } from '../summary.js';
import type { CheckResult, RunReport } from '../types.js';
import { isSignatureCheck, type SignatureCheck } from './checks.js';
import { additionNotes, compareSchemaText } from './comparison.js';

export interface SchemaCheckOptions {
  /** Run only signature checks whose id matches one of these patterns (`*` matches anything). */
  readonly only?: readonly string[];
  /** Leave out signature checks whose id matches one of these patterns. */
  readonly skip?: readonly string[];
}

function judged(check: SignatureCheck, run: () => void): CheckResult {
  const started = performance.now();
  const base = { id: check.id, section: check.section, specRef: check.specRef, level: check.level, title: check.title, exchanges: [] };
  try {
    run();
    return { ...base, outcome: 'passed', durationMs: performance.now() - started };
  } catch (error) {
    if (!(error instanceof CheckFailure)) throw error;
    return { ...base, ...failedWith(error, base.exchanges), durationMs: performance.now() - started };
  }
}

/**
 * `parley schema check`: the signature checks of `parley conformance run`, offline, on a server's
 * SDL or introspection result (JSON). The report has the run's shape, so every reporter takes it;
 * `source` (the file name) stands where a run shows the server's URL. Throws `SchemaUnreadable`
 * when the text is neither.
 *
 * @example
 * const report = await checkSchema(readFileSync('server.graphql', 'utf8'), 'server.graphql');
 * if (report.summary.mustFailed > 0) process.exitCode = 1;
 */
export async function checkSchema(text: string, source: string, options: SchemaCheckOptions = {}): Promise<RunReport> {
  const startedAt = new Date();
  const started = performance.now();
  const comparison = await compareSchemaText(text, source);
  const checks = selectChecks(options.only, options.skip).filter(isSignatureCheck);
  const results = checks.map((check) => judged(check, () => check.judge(comparison)));
  return {
    baseUrl: source,
    graphqlUrl: source,
    wsUrl: '',
    startedAt: startedAt.toISOString(),
    durationMs: performance.now() - started,
    notes: additionNotes(comparison),
    results,
    skips: skipCauses(results),
    summary: summarize(results),
  };
}
