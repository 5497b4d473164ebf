import type { Exchange } from './types.js';

/**
 * What went over the wire, recorded at the fetch call: the request as it was handed to fetch
 * (not rebuilt from what the caller meant to send), and the response read once, so that the
 * caller still gets a readable response and the report gets the same bytes.
 */

type Method = Exchange['request']['method'];
const methods: readonly Method[] = ['GET', 'POST', 'PUT'];

/** A body as text: what a string, URLSearchParams or bytes hold; other kinds (streams, forms) are named, not read. */
function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new TextDecoder().decode(body);
  if (ArrayBuffer.isView(body)) return new TextDecoder().decode(body);
  return `(a ${body.constructor.name} body, not recorded)`;
}

/**
 * The request as passed to fetch: method, URL, headers (lower-case names, as a `Headers` lists
 * them) and body. Headers fetch adds on its own (`host`, `content-length`, `user-agent`) are not
 * in it: they are not the client's to choose, and curl adds its own.
 */
export function requestAsSent(input: string | URL | Request, init: RequestInit | undefined): Exchange['request'] {
  const fromRequest = input instanceof Request ? input : undefined;
  const method = (init?.method ?? fromRequest?.method ?? 'GET').toUpperCase() as Method;
  // Exchange knows the methods the suite and graphql-http's audits use; another is a bug here.
  if (!methods.includes(method)) throw new Error(`cannot record a ${method} request`);
  const headers: Record<string, string> = {};
  for (const [name, value] of new Headers(init?.headers ?? fromRequest?.headers)) headers[name] = value;
  const body = bodyText(init?.body);
  return { method, url: fromRequest?.url ?? String(input), headers, ...(body === undefined ? {} : { body }) };
}

/** A response read once: its status, content type and body as text, and a way to hand it on unread. */
export interface ReadResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly contentType: string | null;
  /** The body decoded as UTF-8 (invalid bytes shown as U+FFFD). */
  readonly text: string;
  /** The body as received. */
  readonly bytes: Uint8Array<ArrayBuffer>;
}

/** Reads `response` to the end; see {@link replayArgs} to give the caller an unread copy. */
export async function readOnce(response: Response): Promise<ReadResponse> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, statusText: response.statusText, headers: response.headers, contentType: response.headers.get('content-type'), text: new TextDecoder().decode(bytes), bytes };
}

/** Statuses whose response cannot carry a body: constructing one with a body throws. */
const bodiless = new Set([101, 103, 204, 205, 304]);

/** The arguments for a fresh, unread `Response` with the same status, headers and bytes. */
export function replayArgs(read: ReadResponse): ConstructorParameters<typeof Response> {
  return [bodiless.has(read.status) ? null : read.bytes, { status: read.status, statusText: read.statusText, headers: read.headers }];
}
