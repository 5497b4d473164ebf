import { CheckFailure } from '../check.js';
import type { Exchange } from '../types.js';

/**
 * Which exchange a value was read from (a page, a node of it), so that a verdict on the value can
 * name the request that produced it, even when the check has sent others since. Weakly held: the
 * values live as long as the check keeps them.
 */
const origins = new WeakMap<object, Exchange>();

/** Notes that `value` was read from `exchange`, and returns it; primitives cannot be noted and pass through. */
function readFrom<T>(value: T, exchange: Exchange): T {
  if (value !== null && typeof value === 'object') origins.set(value, exchange);
  return value;
}

function isExchange(value: object): value is Exchange {
  return 'request' in value && 'response' in value;
}

/** The exchange itself, or the one `value` was read from; undefined when nothing says. */
function exchangeOf(value: object | undefined): Exchange | undefined {
  if (value === undefined) return undefined;
  return isExchange(value) ? value : origins.get(value);
}

/** A message node as the checks read it (every field of MessageView). */
export interface Node {
  readonly id: string;
  readonly clientMessageId: string;
  readonly conversationId: string;
  readonly senderId: string;
  readonly sequence: number;
  readonly type: string;
  readonly content: string | null;
  readonly replyToMessageId: string | null;
  readonly replyTo: { readonly id: string; readonly senderId: string; readonly content: string | null; readonly deletedAt: string | null } | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly attachments: readonly { readonly id: string; readonly fileName: string; readonly contentType: string; readonly size: number }[];
  readonly reactions: readonly { readonly emoji: string; readonly userIds: readonly string[] }[];
}

export interface Page {
  readonly nodes: readonly Node[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

/**
 * What a verdict is said of: the exchange it was read from, or a value read from one through
 * {@link dataOf} or {@link pageOf} (a page, a node, a payload), so that the report shows that
 * exchange. Any other value names no exchange, and the report falls back to the last one.
 */
export type Source = Exchange | object;

/**
 * The server broke the rule. `from` names where the verdict came from; without it the report can
 * only show the check's last exchange, and says so.
 */
export function fail(reason: string, expected: string, from?: Source): never {
  const exchange = exchangeOf(from);
  throw new CheckFailure(reason, expected, exchange === undefined ? {} : { exchange });
}

function body(exchange: Exchange): { data?: Record<string, unknown> | null; errors?: { message?: unknown }[] } | null {
  try {
    const parsed: unknown = JSON.parse(exchange.response.body);
    return parsed !== null && typeof parsed === 'object' ? (parsed as ReturnType<typeof body>) : null;
  } catch {
    return null;
  }
}

function describeAnswer(exchange: Exchange): string {
  const { status, errorCodes } = exchange.response;
  const parsed = body(exchange);
  if (!parsed) return `HTTP ${status} with a body that is not JSON`;
  if (parsed.errors?.length) {
    const first = parsed.errors[0]!;
    return `HTTP ${status} with error ${errorCodes[0] ?? '(no code)'}: ${typeof first.message === 'string' ? first.message : '(no message)'}`;
  }
  return `HTTP ${status}`;
}

/** The data of `field` in a response that must have succeeded; a verdict on it can name `exchange` (see {@link Source}). */
export function dataOf<T>(exchange: Exchange, field: string, expected: string): T {
  const parsed = body(exchange);
  const value = parsed?.data?.[field];
  if (parsed?.errors?.length || value === undefined || value === null) {
    fail(`the request was refused or returned no ${field}: ${describeAnswer(exchange)}`, expected, exchange);
  }
  return readFrom(value as T, exchange);
}

/** A MessagePage of `field`, with its shape checked (SPEC.md 2.1 MessagePage). */
export function pageOf(exchange: Exchange, field: 'messages' | 'messagesSince', expected: string): Page {
  const page = dataOf<Page>(exchange, field, expected);
  if (!Array.isArray(page.nodes) || typeof page.hasNextPage !== 'boolean' || (page.endCursor !== null && typeof page.endCursor !== 'string')) {
    fail(`${field} is not a MessagePage (nodes list, endCursor string or null, hasNextPage boolean)`, expected, exchange);
  }
  // The nodes too, and their list: a verdict is often about one node (which, in a walk, came in
  // one of many pages), or about the list a helper handed on without its page.
  readFrom(page.nodes, exchange);
  for (const node of page.nodes) readFrom(node, exchange);
  return page;
}

/**
 * A refusal with one of `codes`: errors present, the code at the configured path, no data for
 * the field. Tolerated, as the spec leaves them open: HTTP 200 or 4xx, either JSON content type,
 * any message text.
 */
export function expectRefused(exchange: Exchange, field: string, codes: readonly string[], expected: string): void {
  const { status, errorCodes } = exchange.response;
  const parsed = body(exchange);
  if (status >= 500) fail(`the server answered HTTP ${status}`, expected, exchange);
  if (!parsed) fail(`HTTP ${status} with a body that is not a GraphQL response`, expected, exchange);
  if (!parsed.errors?.length) fail(`the request succeeded (HTTP ${status}) but should have been refused`, expected, exchange);
  if (parsed.data?.[field] != null) fail(`the response has errors but also data for ${field}`, expected, exchange);
  if (!errorCodes.some((code) => code !== null && codes.includes(code))) {
    const got = errorCodes.map((code) => code ?? '(none)').join(', ');
    fail(`the error code was ${got}, not ${codes.join(' or ')}`, expected, exchange);
  }
}

/** Refused in any way (GraphQL validation or a coded error): for rules that name no code. */
export function expectAnyRefusal(exchange: Exchange, field: string, expected: string): void {
  const parsed = body(exchange);
  if (exchange.response.status >= 500) fail(`the server answered HTTP ${exchange.response.status}`, expected, exchange);
  if (!parsed?.errors?.length || parsed.data?.[field] != null) fail(`the request was not refused: ${describeAnswer(exchange)}`, expected, exchange);
}

export const sequences = (page: Page): number[] => page.nodes.map((node) => node.sequence);
export const ids = (page: Page): string[] => page.nodes.map((node) => node.id);

/** JSON of `value`, cut to `max` characters so a reason stays readable (the evidence has it all). */
export function shown(value: unknown, max = 240): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

/** `actual` equals `wanted` as JSON; `from` is where `actual` was read (see {@link fail}). */
export function expectEqual<T>(actual: T, wanted: T, what: string, expected: string, from?: Source): void {
  if (JSON.stringify(actual) !== JSON.stringify(wanted)) fail(`${what} was ${shown(actual)}, not ${shown(wanted)}`, expected, from);
}

export function isAscending(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value > values[i - 1]!);
}
