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

/** The last WebSocket frames of a realtime check, one per line: when, whose socket, which way, what. */
export function describeFrames(frames: readonly Frame[]): string {
  const shown = frames.slice(-evidenceLimits.frames);
  const lines = shown.map((frame) => {
    const arrow = frame.direction === 'sent' ? '->' : frame.direction === 'received' ? '<-' : 'x ';
    return `+${frame.atMs} ms ${frame.actor} ${arrow} ${truncate(frame.text, evidenceLimits.frame)}`;
  });
  if (frames.length > shown.length) lines.unshift(`(last ${shown.length} of ${frames.length} frames; the JSON report holds them all)`);
  return printable(lines.join('\n'));
}

/**
 * The evidence of a failed (or skipped) check as labelled lines: reason, expected, and for the
 * last exchange what was sent, what came back, a curl line and the lines that set its variables
 * (`token:`, from `obtain`). Every line starts with `indent`; multi-line values hang under their label.
 */
export function evidenceLines(result: CheckResult, indent = '', paint: Paint = plain, obtain?: (curl: string) => readonly string[]): string[] {
  const hang = indent + ' '.repeat(labelWidth);
  const line = (label: string, value: string) => `${indent}${paint('dim', `${label}:`.padEnd(labelWidth))}${hangingIndent(value, hang)}`;
  const lines: string[] = [];
  if (result.reason !== undefined) lines.push(line('reason', printable(result.reason)));
  if (result.expected !== undefined) lines.push(line('expected', printable(result.expected)));
  if (result.outcome === 'failed' && result.frames?.length) lines.push(line('frames', describeFrames(result.frames)));
  const last = result.exchanges.at(-1);
  if (!last) {
    if (result.comparedWith !== undefined) lines.push(line('compared', printable(result.comparedWith)));
    else if (result.outcome === 'failed') lines.push(line('sent', '(no HTTP exchange recorded)'));
    return lines;
  }
  const count = result.exchanges.length;
  const which = count > 1 ? `  ${paint('dim', `(exchange ${count} of ${count})`)}` : '';
  const [request = '', ...rest] = describeSent(last).split('\n');
  lines.push(line('sent', [request + which, ...rest].join('\n')));
  lines.push(line('got', describeGot(last)));
  const curl = curlOrNote(last);
  lines.push(line('curl', curl));
  const setters = obtain?.(curl) ?? [];
  if (setters.length > 0) lines.push(line('token', printable(setters.join('\n'))));
  return lines;
}
