import type { CheckResult, Exchange, Frame } from '../types.js';
import { curlFor } from './curl.js';
import { formatCount, hangingIndent, plain, printable, truncate, type Paint } from './format.js';

/** How much of each part of an exchange a failure block shows; the JSON report keeps it all. */
export const evidenceLimits = {
  /** Characters of the request shown after `sent:` (the query and variables each). */
  sent: 600,
  /** Characters of the response body shown after `got:`. */
  got: 1500,
  /** Longest curl command shown; longer ones (a limits check's huge body) are described instead. */
  curl: 4000,
  /** WebSocket frames shown for a realtime failure: the last ones, each cut to `frame` characters. */
  frames: 12,
  frame: 240,
} as const;

const labelWidth = 10;

/**
 * The request in readable form: method and URL, then for a GraphQL body its query on one line
 * and its variables, else the raw body. Cut at {@link evidenceLimits}.sent.
 */
export function describeSent(exchange: Exchange): string {
  const { method, url, body } = exchange.request;
  const lines = [`${method} ${truncate(url, evidenceLimits.sent)}`];
  if (body === undefined) return printable(lines.join('\n'));
  const operation = graphqlOperation(body);
  if (operation) {
    lines.push(`query: ${truncate(operation.query.replace(/\s+/g, ' ').trim(), evidenceLimits.sent)}`);
    if (operation.operationName !== undefined) lines.push(`operationName: ${operation.operationName}`);
    if (operation.variables !== undefined) lines.push(`variables: ${truncate(JSON.stringify(operation.variables), evidenceLimits.sent)}`);
  } else {
    lines.push(body === '' ? '(empty body)' : truncate(body, evidenceLimits.sent));
  }
  return printable(lines.join('\n'));
}

function graphqlOperation(body: string): { query: string; operationName?: string; variables?: unknown } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { query, operationName, variables } = parsed as Record<string, unknown>;
  if (typeof query !== 'string') return undefined;
  return {
    query,
    ...(typeof operationName === 'string' ? { operationName } : {}),
    ...(variables !== undefined && variables !== null ? { variables } : {}),
  };
}

/** Status, content type, what was read from the body (data, error codes and paths), then the body. */
export function describeGot(exchange: Exchange): string {
  const { status, contentType, body, dataPresent, errorCodes, errorPaths } = exchange.response;
  const errors = errorCodes.map((code, i) => {
    const path = errorPaths[i];
    return `${code ?? '(no code)'}${path ? ` at ${path.join('.')}` : ''}`;
  });
  const read = [`data ${dataPresent ? 'present' : 'absent'}`, ...(errors.length > 0 ? [`errors: ${errors.join(', ')}`] : [])];
  const head = `${status} ${contentType ?? '(no content type)'} (${read.join('; ')})`;
  return printable(`${head}\n${body === '' ? '(empty body)' : truncate(body, evidenceLimits.got)}`);
}

/** The curl line, or a sentence saying why it is not shown (too long to paste). */
export function curlOrNote(exchange: Exchange): string {
  const curl = curlFor(exchange);
  if (curl.length <= evidenceLimits.curl) return printable(curl);
  return `(not shown: the command is ${formatCount(curl.length)} characters long; the JSON report holds the whole request)`;
}

const frameArrows: Record<Frame['direction'], string> = { opened: '=>', sent: '->', received: '<-', closed: 'x ' };

/** The last WebSocket frames of a realtime check, one per line: when, whose socket, which way, what. */
export function describeFrames(frames: readonly Frame[]): string {
  const shown = frames.slice(-evidenceLimits.frames);
  const lines = shown.map((frame) => {
    const arrow = frameArrows[frame.direction];
    return `+${frame.atMs} ms ${frame.actor} ${arrow} ${truncate(frame.text, evidenceLimits.frame)}`;
  });
  if (frames.length > shown.length) lines.unshift(`(last ${shown.length} of ${frames.length} frames; the JSON report holds them all)`);
  return printable(lines.join('\n'));
}

/** The exchange a failure block shows, and whether the failure named it or it is only the last. */
export interface ShownExchange {
  readonly exchange: Exchange;
  /** Its index in the result's `exchanges`. */
  readonly index: number;
  /** True when the failure named this exchange; false when it named none and this is the last. */
  readonly named: boolean;
}

/**
 * The exchange the failure was read from (`failedExchange`); when the failure named none, the
 * last one, marked as such. Undefined when the check made no exchange, or when it is a realtime
 * check whose failure named none (its frames are the evidence).
 */
export function shownExchange(result: CheckResult): ShownExchange | undefined {
  const index = result.failedExchange;
  const named = index === undefined ? undefined : result.exchanges[index];
  if (index !== undefined && named) return { exchange: named, index, named: true };
  // A realtime verdict unnamed to any request was read from the frames, shown instead; the last
  // HTTP request of such a check (a send that worked) would only mislead.
  if (result.frames?.length) return undefined;
  const last = result.exchanges.at(-1);
  return last && { exchange: last, index: result.exchanges.length - 1, named: false };
}

/** `(exchange 2 of 3)`; for an exchange the failure did not name, a note that it is only the last. Empty for a lone exchange. */
function whichExchange({ index, named }: ShownExchange, count: number): string {
  if (count <= 1) return '';
  return named ? `(exchange ${index + 1} of ${count})` : `(the last of ${count} exchanges: the failure does not say which one it was read from)`;
}

/**
 * The evidence of a failed (or skipped) check as labelled lines: the case that failed, reason,
 * expected, and for the exchange the failure names (else the last) what was sent, what came back,
 * a curl line and the lines that set its variables (`token:`, from `obtain`). Every line starts
 * with `indent`; multi-line values hang under their label.
 */
export function evidenceLines(result: CheckResult, indent = '', paint: Paint = plain, obtain?: (curl: string) => readonly string[]): string[] {
  const hang = indent + ' '.repeat(labelWidth);
  const line = (label: string, value: string) => `${indent}${paint('dim', `${label}:`.padEnd(labelWidth))}${hangingIndent(value, hang)}`;
  const lines: string[] = [];
  if (result.case !== undefined) lines.push(line('case', printable(result.case)));
  if (result.reason !== undefined) lines.push(line('reason', printable(result.reason)));
  if (result.expected !== undefined) lines.push(line('expected', printable(result.expected)));
  if (result.outcome === 'failed' && result.frames?.length) lines.push(line('frames', describeFrames(result.frames)));
  const shown = shownExchange(result);
  if (!shown) {
    if (result.comparedWith !== undefined) lines.push(line('compared', printable(result.comparedWith)));
    else if (result.outcome === 'failed' && !result.frames?.length) lines.push(line('sent', '(no HTTP exchange recorded)'));
    return lines;
  }
  const note = whichExchange(shown, result.exchanges.length);
  const which = note === '' ? '' : `  ${paint('dim', note)}`;
  const [request = '', ...rest] = describeSent(shown.exchange).split('\n');
  lines.push(line('sent', [request + which, ...rest].join('\n')));
  lines.push(line('got', describeGot(shown.exchange)));
  const curl = curlOrNote(shown.exchange);
  lines.push(line('curl', curl));
  const setters = obtain?.(curl) ?? [];
  if (setters.length > 0) lines.push(line('token', printable(setters.join('\n'))));
  return lines;
}
