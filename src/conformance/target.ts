import { GraphQLClient } from 'graphql-request';
import { requestAsSent, type ReadResponse } from './recording.js';
import type { Exchange } from './types.js';
import { ReadBackResponse, send } from './wire.js';

/** The server could not be talked to at all (refused, reset, timed out): the run cannot go on. */
export class TargetUnreachable extends Error {
  override readonly name = 'TargetUnreachable';
}

export interface TargetOptions {
  /** Base URL of the server; GraphQL is at `${baseUrl}/graphql`. A path prefix is kept. */
  readonly baseUrl: string;
  /** Per-request timeout. @default 10000 */
  readonly timeoutMs?: number;
  /** Where an error's code is read, as a dotted path inside each error. @default 'extensions.code' */
  readonly errorCodePath?: string;
}

/** How a request authenticates: a raw header value, and the shell variable it shows as in evidence. */
export interface Credential {
  readonly authorization: string;
  /** `TOKEN_A`: evidence and curl lines show `Bearer $TOKEN_A`, never the token. */
  readonly variable?: string;
}

interface Recorded {
  /** The request as graphql-request handed it to fetch; absent until fetch is called. */
  request?: Exchange['request'];
  status: number;
  contentType: string | null;
  body: string;
}

function readPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The server under test, reached only over the network (never through Parley's own code). Every
 * GraphQL request goes through graphql-request and comes back as an {@link Exchange}: what was
 * sent, as graphql-request handed it to fetch (body and headers, with `operationName` where the
 * document names one), and what came back as received, so a failure can show it.
 */
export class Target {
  readonly baseUrl: string;
  readonly graphqlUrl: string;
  private readonly timeoutMs: number;
  private readonly codePath: readonly string[];

  constructor(options: TargetOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.graphqlUrl = `${this.baseUrl}/graphql`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.codePath = (options.errorCodePath ?? 'extensions.code').split('.').filter(Boolean);
  }

  /** Sends one operation with POST and returns the exchange; throws only when the server cannot be reached. */
  async graphql(query: string, variables: Record<string, unknown> | undefined, credential: Credential | null): Promise<Exchange> {
    const recorded: Recorded = { status: 0, contentType: null, body: '' };
    const headers: Record<string, string> = { accept: 'application/graphql-response+json, application/json' };
    if (credential) headers['authorization'] = credential.authorization;
    const started = performance.now();
    const client = new GraphQLClient(this.graphqlUrl, {
      headers,
      errorPolicy: 'all',
      fetch: (input, init) => this.recordingFetch(input, init, recorded, credential),
    });
    try {
      await client.rawRequest(query, variables);
    } catch (error) {
      // graphql-request gives up on bodies that are not GraphQL responses (HTML, empty); the
      // recording has what the server said. Only a request that got no answer is fatal.
      if (recorded.status === 0) throw error instanceof TargetUnreachable ? error : new TargetUnreachable(describeNetworkError(error, this.graphqlUrl, this.timeoutMs));
    }
    if (!recorded.request) throw new Error('graphql-request answered without calling fetch');
    return {
      request: recorded.request,
      response: this.readResponse(recorded.status, recorded.contentType, recorded.body),
      durationMs: performance.now() - started,
    };
  }

  /** PUTs bytes to a URL the server handed out (an upload URL); resolves with the status. */
  async put(url: string, body: Uint8Array, contentType: string): Promise<number> {
    try {
      const read = await send({ method: 'PUT', url: new URL(url), headers: { 'content-type': contentType }, body }, this.timeoutMs);
      return read.status;
    } catch (error) {
      throw new TargetUnreachable(describeNetworkError(error, url, this.timeoutMs));
    }
  }

  private async recordingFetch(input: string | URL | Request, init: RequestInit | undefined, recorded: Recorded, credential: Credential | null): Promise<Response> {
    const request = requestAsSent(input, init);
    // The one change to what was sent: an actor's token shows as its shell variable, never raw.
    recorded.request = credential?.variable ? { ...request, headers: { ...request.headers, authorization: `Bearer $${credential.variable}` } } : request;
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') throw new Error('graphql-request handed over a body that is not text');
    // Recorded as soon as the status comes: a body cut short after it is the server's answer, not silence.
    const onHead = (status: number, contentType: string | null): void => {
      recorded.status = status;
      recorded.contentType = contentType;
    };
    let read: ReadResponse;
    try {
      read = await send({ method: request.method, url: new URL(request.url), headers: request.headers, ...(body ? { body } : {}) }, this.timeoutMs, onHead);
    } catch (error) {
      if (recorded.status !== 0) throw error;
      throw new TargetUnreachable(describeNetworkError(error, this.graphqlUrl, this.timeoutMs));
    }
    recorded.body = read.text;
    // graphql-request reads only what ReadBackResponse has (status, ok, headers, text()); a real
    // Response would copy the body through web streams once more for each of a run's requests.
    return new ReadBackResponse(read) as unknown as Response;
  }

  /** The response part of an exchange: as received, and what the suite reads from it (data, error codes at the configured path, error paths). */
  readResponse(status: number, contentType: string | null, body: string): Exchange['response'] {
    return { status, contentType, body, ...this.readBody(body) };
  }

  private readBody(text: string): Pick<Exchange['response'], 'dataPresent' | 'errorCodes' | 'errorPaths'> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { dataPresent: false, errorCodes: [], errorPaths: [] };
    }
    const data = readPath(json, ['data']);
    const errors = readPath(json, ['errors']);
    const list = Array.isArray(errors) ? errors : [];
    return {
      dataPresent: data !== undefined && data !== null,
      errorCodes: list.map((error) => {
        const code = readPath(error, this.codePath);
        return typeof code === 'string' ? code : null;
      }),
      errorPaths: list.map((error) => {
        const path = readPath(error, ['path']);
        return Array.isArray(path) ? (path as (string | number)[]) : null;
      }),
    };
  }
}

function describeNetworkError(error: unknown, url: string, timeoutMs: number): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `${url} did not answer within ${timeoutMs} ms (--timeout)`;
  if (code === 'ECONNREFUSED') return `nothing is listening at ${url} (connection refused)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host of ${url} cannot be resolved`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `${url} closed the connection without an answer`;
  return `${url} could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`;
}
