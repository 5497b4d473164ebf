import type { RunReport } from '../types.js';
import { secretsInFrame, secretsInRequestBody, secretsInResponseBody, secretsInUrls, type Found } from './discover.js';
import type { Secrets } from './secrets.js';

/** `value` with every string in it (at any depth; object keys kept) passed through `map`. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapStrings(inner, map)])) as T;
  }
  return value;
}

/** Every string of `value`, for the URL scan. */
function eachString(value: unknown, visit: (text: string) => void): void {
  mapStrings(value, (text) => {
    visit(text);
    return text;
  });
}

/**
 * The report with no secret left in it, for every reporter and every library user: first the
 * values of the contract's secret fields are found in each exchange and frame (and credentials in
 * any URL's query string) and added to `secrets`; then every string of the report (headers,
 * bodies, URLs, frames, reasons, notes) has each secret the run knows replaced by its marker.
 */
export function redactReport(report: RunReport, secrets: Secrets): RunReport {
  const foundIn = (place: string): Found => (value, stem, where) => secrets.discover(value, stem, `a ${where} value in ${place}`);
  for (const result of report.results) {
    const found = foundIn(`the evidence of ${result.id}`);
    for (const { request, response } of result.exchanges) {
      secretsInRequestBody(request.body, found);
      secretsInResponseBody(response.body, found);
    }
    for (const frame of result.frames ?? []) secretsInFrame(frame, found);
    eachString(result, (text) => secretsInUrls(text, found));
  }
  eachString({ ...report, results: [] }, (text) => secretsInUrls(text, foundIn('the run')));
  return mapStrings(report, (text) => secrets.redact(text));
}
