import type { CheckResult, Exchange, RunReport } from '../types.js';
import { curlFor } from './curl.js';
import { shownExchange } from './evidence.js';
import { formatCount } from './format.js';
import { tokenLines } from './token-lines.js';

/** Longest body (request or response) kept in the JSON report, in UTF-8 bytes. */
export const jsonBodyLimit = 64 * 1024;

/**
 * A result as the JSON report writes it: the {@link CheckResult} itself, plus for a failed check
 * with an exchange the `curl` line reproducing the exchange it failed on (`failedExchange`), or
 * its last exchange when the failure names none, and in `token` the lines that set the variables
 * it uses. A model check's failing history has on each step the `curl` lines of its exchanges.
 */
export type JsonCheckResult = CheckResult & { readonly curl?: string; readonly token?: readonly string[] };

/** Cuts a body to {@link jsonBodyLimit} bytes on a character boundary, with a marker saying so. */
export function cutBody(body: string): string {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes <= jsonBodyLimit) return body;
  // Decoding a prefix that ends inside a character leaves U+FFFD at the end: drop it.
  const kept = Buffer.from(body, 'utf8').subarray(0, jsonBodyLimit).toString('utf8').replace(/\uFFFD$/, '');
  return `${kept}\n…[cut: ${formatCount(bytes)} bytes in all, the first ${formatCount(Buffer.byteLength(kept, 'utf8'))} shown]`;
}

function cutExchange(exchange: Exchange): Exchange {
  const { request, response } = exchange;
  return {
    ...exchange,
    request: request.body === undefined ? request : { ...request, body: cutBody(request.body) },
    response: { ...response, body: cutBody(response.body) },
  };
}

function curlAndToken(curl: string, report: RunReport): { curl: string; token?: string[] } {
  const token = tokenLines(curl, report);
  return token.length > 0 ? { curl, token } : { curl };
}

/** A model check's history with, on each step, the curl lines of its exchanges (a step replayed by hand). */
function historyWithCurl(result: CheckResult): CheckResult['history'] {
  const history = result.history;
  if (!history || history.steps.length === 0) return history;
  const curlOf = (index: number) => {
    const exchange = result.exchanges[index];
    return exchange ? [curlFor(exchange)] : [];
  };
  return { ...history, steps: history.steps.map((step) => ({ ...step, curl: step.exchanges.flatMap(curlOf) })) };
}

function jsonResult(result: CheckResult, report: RunReport): JsonCheckResult {
  const shown = result.outcome === 'failed' ? shownExchange(result) : undefined;
  const history = historyWithCurl(result);
  return {
    ...result,
    exchanges: result.exchanges.map(cutExchange),
    ...(history ? { history } : {}),
    ...(shown ? curlAndToken(curlFor(shown.exchange), report) : {}),
  };
}

/**
 * The whole report as JSON (2-space indent): every result with its evidence (each exchange's
 * request, status, content type, body, whether `data` was present, error codes and paths), bodies
 * cut at 64 KiB with a marker. No trailing newline.
 */
export function renderJson(report: RunReport): string {
  return JSON.stringify({ ...report, results: report.results.map((result) => jsonResult(result, report)) }, null, 2);
}
