import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { ReadResponse } from './recording.js';

/**
 * The suite's own HTTP requests, on `node:http` with one keep-alive pool per process instead of
 * Node's `fetch`: a run sends thousands of small requests, and `fetch` costs several times the CPU
 * of a plain request for each (a Request, web streams, an AbortSignal and its timer; see
 * docs/benchmarks.md, "The test suite"). What goes over the wire is the same request: method, URL, the caller's headers and body, and the
 * `host`, `content-length` and `connection` headers any client adds.
 */

/** Connections kept open between requests (closed when idle, and sooner if the server's `Keep-Alive` hint says so). */
const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

/** A request the suite sends: what graphql-request or the suite hands over, headers already as plain strings. */
export interface WireRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: Uint8Array | string;
}

/** The error a request gets when it takes longer than its time: named as `AbortSignal.timeout`'s is. */
function timeoutError(timeoutMs: number): Error {
  const error = new Error(`no answer within ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}

function responseHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

/** The status line and content type, as soon as they come: a body cut short after them is still the server's answer. */
export type OnHead = (status: number, contentType: string | null) => void;

/**
 * Sends `request` and reads the whole response; the whole exchange (connecting, sending, reading
 * the body) must fit in `timeoutMs` per attempt. A kept-alive connection the server closed as the
 * request went out on it (reset before any answer) is tried once more on a new connection, as
 * Node's documentation advises: the server closed it idle, so it never read that request.
 */
export async function send(request: WireRequest, timeoutMs: number, onHead?: OnHead): Promise<ReadResponse> {
  try {
    return await sendOnce(request, timeoutMs, onHead, agentFor(request.url));
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return sendOnce(request, timeoutMs, onHead, false);
  }
}

/** A reused connection that failed before any answer came (`send` tries again on a new one). */
class StaleConnection extends Error {}

function agentFor(url: URL): HttpAgent {
  return url.protocol === 'https:' ? agents.https : agents.http;
}

function sendOnce(request: WireRequest, timeoutMs: number, onHead: OnHead | undefined, agent: HttpAgent | false): Promise<ReadResponse> {
  const secure = request.url.protocol === 'https:';
  const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
  const headers: OutgoingHttpHeaders = { ...request.headers };
  if (body !== undefined) headers['content-length'] = body.byteLength;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      return true;
    };
    let answered = false;
    const fail = (error: Error): void => {
      if (!finish()) return;
      const code = (error as NodeJS.ErrnoException).code;
      const stale = agent !== false && outgoing.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE');
      reject(stale ? new StaleConnection(error.message, { cause: error }) : error);
      outgoing.destroy();
    };
    const options = { method: request.method, headers, agent };
    const outgoing: ClientRequest = (secure ? httpsRequest : httpRequest)(request.url, options, (message) => {
      answered = true;
      const status = message.statusCode ?? 0;
      const contentType = message.headers['content-type'] ?? null;
      onHead?.(status, contentType);
      const chunks: Buffer[] = [];
      message.on('data', (chunk: Buffer) => chunks.push(chunk));
      message.on('error', fail);
      message.on('close', () => {
        if (!message.complete) fail(Object.assign(new Error('the connection closed before the whole body came'), { code: 'ECONNRESET' }));
      });
      message.on('end', () => {
        if (!finish()) return;
        const joined = Buffer.concat(chunks);
        const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength) as Uint8Array<ArrayBuffer>;
        resolve({ status, statusText: message.statusMessage ?? '', headers: responseHeaders(message), contentType, text: joined.toString('utf8'), bytes });
      });
    });
    const timer = setTimeout(() => fail(timeoutError(timeoutMs)), timeoutMs);
    outgoing.on('error', fail);
    outgoing.end(body);
  });
}

/**
 * The part of a `Response` graphql-request reads (status, `ok`, headers and the body as text),
 * over a response already read: a real `Response` would copy the body through web streams again.
 */
export class ReadBackResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: Headers;
  readonly #text: string;

  constructor(read: ReadResponse) {
    this.status = read.status;
    this.statusText = read.statusText;
    this.ok = read.status >= 200 && read.status < 300;
    this.headers = read.headers;
    this.#text = read.text;
  }

  text(): Promise<string> {
    return Promise.resolve(this.#text);
  }

  json(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.#text));
  }
}
