import { runConformance, type ConformanceOptions } from '../../../src/conformance/run.js';
import type { RunReport } from '../../../src/conformance/types.js';
import { startProxy, type ProxyHooks } from './proxy.js';

/** A full run of the suite (a few seconds alone); runs share one process, so each gets room to wait its turn. */
export const RUN_TIMEOUT = 45_000;

/**
 * Full runs in flight at once in one test file. A run with the model checks plays hundreds of
 * generated requests; more runs at once than this, with two files on two cores, left the server
 * answering past the suite's 10 s request timeout.
 */
export const RUNS_AT_ONCE = 2;

/** A test that waits its turn ({@link limiter}) for a full run: its time includes the wait. */
export const QUEUED_RUN_TIMEOUT = 300_000;

/** The results of the checks the run ran: every result but those the user's options left out. */
export function ran(report: RunReport): RunReport['results'] {
  return report.results.filter((result) => result.skip !== 'chosen');
}

/** Every result that did not pass, one line each, for assertion messages (leaving out the checks the options left out). */
export function notPassed(report: RunReport): string {
  const lines = ran(report).filter((r) => r.outcome !== 'passed').map((r) => `  ${r.outcome} ${r.level} ${r.id}: ${r.reason ?? ''}`);
  return lines.length ? lines.join('\n') : '  (none)';
}

/**
 * Runs the whole suite against `upstream` behind a proxy with `hooks` (and any other run
 * `options`, such as the model checks' seed); returns the report and the ids of the failed
 * checks. Throws when the proxy itself failed, since its 502 answers could pass for the fault
 * under test.
 */
export async function runBehindProxy(upstream: string, hooks: ProxyHooks, options: Omit<ConformanceOptions, 'baseUrl'> = {}): Promise<{ report: RunReport; failed: ReadonlySet<string> }> {
  const proxy = await startProxy({ upstream, hooks });
  let report: RunReport;
  try {
    report = await runConformance({ ...options, baseUrl: proxy.origin });
  } finally {
    await proxy.close();
  }
  if (proxy.failures.length > 0) throw new Error(`the proxy failed ${proxy.failures.length} time(s), so the run proves nothing; first: ${proxy.failures[0]}`);
  return { report, failed: new Set(report.results.filter((r) => r.outcome === 'failed').map((r) => r.id)) };
}

/** At most `limit` tasks at once; the others wait their turn, first come first served. */
export function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
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
