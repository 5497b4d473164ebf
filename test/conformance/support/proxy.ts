import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../../../src/mock-server/http/server.js';
import { rootFields } from './operation.js';
import { relayWebSockets, type FrameHooks } from './socket-relay.js';

/** A GraphQL request as the proxy read it from a client's POST body, with the caller's token. */
export interface GraphQLRequest {
  readonly query: string;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly operationName?: string | null;
  /** The `Authorization` header; absent when the client sent none. */
  readonly authorization?: string;
}

export interface GraphQLErrorBody {
  readonly message: string;
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly path?: readonly (string | number)[];
  readonly locations?: readonly unknown[];
}

/** A GraphQL response body, parsed. */
export interface ResponseBody {
  readonly data?: Readonly<Record<string, unknown>> | null;
  readonly errors?: readonly GraphQLErrorBody[];
}

export interface GraphQLResponse {
  readonly status: number;
  /** Lower-case names; hop-by-hop headers and `content-length` are left out (the proxy sets them). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: ResponseBody;
}

/** What a response hook knows about the call it answers. */
export interface ProxyCall {
  /** The request as the client sent it. */
  readonly received: GraphQLRequest;
  /** The request as it went upstream (after the request hook). */
  readonly sent: GraphQLRequest;
  /** The root field names of the client's operation, e.g. `['messages']`. */
  readonly fields: readonly string[];
  /** Sends one more GraphQL request to the upstream (its `authorization` decides the token). */
  upstream(request: GraphQLRequest): Promise<GraphQLResponse>;
}

/** Where a fault or a variant changes the traffic. Returning `undefined` keeps what came in. */
export interface ProxyHooks {
  /** Rewrites a GraphQL request before it goes upstream. */
  request?(request: GraphQLRequest, fields: readonly string[]): GraphQLRequest | undefined;
  /** Rewrites the upstream's answer (JSON bodies only); may call the upstream again. */
  response?(response: GraphQLResponse, call: ProxyCall): GraphQLResponse | undefined | Promise<GraphQLResponse | undefined>;
  /** Rewrites WebSocket (graphql-ws) messages; without it they are relayed as they are. */
  frames?: FrameHooks;
}

export interface ProxyOptions {
  /** Origin of the server behind the proxy, e.g. `http://127.0.0.1:4000`. */
  readonly upstream: string;
  /**
   * Serve everything under this prefix (`/api/v2`: GraphQL at `/api/v2/graphql`), forwarding to
   * the same path without it; any other path answers 404. @default no prefix
   */
  readonly pathPrefix?: string;
  readonly hooks?: ProxyHooks;
}

export interface RunningProxy {
  /** `http://127.0.0.1:PORT`, without the path prefix. */
  readonly origin: string;
  /**
   * What went wrong in the proxy itself (a hook threw, the upstream could not be reached), one
   * line each. Such a request is answered 502, which could pass for the fault under test, so a
   * test that wants an honest result checks this is empty.
   */
  readonly failures: readonly string[];
  close(): Promise<void>;
}

/** Headers that belong to one connection, or that the proxy recomputes. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'expect', 'accept-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

/**
 * One request to the upstream over node:http (a keep-alive agent): fetch costs several times
 * more per request, and the self-test sends tens of thousands.
 */
function forward(agent: Agent | false, url: URL, method: string, headers: Record<string, string>, body: Buffer, retried = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { agent, method, headers: body.byteLength > 0 ? { ...headers, 'content-length': String(body.byteLength) } : headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const kept = forwardedHeaders(incoming.headers);
        delete kept['content-encoding'];
        resolve({ status: incoming.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The upstream closed an idle kept-alive socket as it was reused, before reading the request:
      // send it again, on a new connection (under load, the next pooled socket may be as stale).
      if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(forward(false, url, method, headers, body, true));
      else reject(error);
    });
    outgoing.end(body);
  });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The client's POST body as a GraphQL request, or null when it is not one (then it is forwarded as it is). */
function asGraphQLRequest(body: Buffer, authorization: string | undefined): GraphQLRequest | null {
  const parsed = parseJson(body.toString('utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { query, variables, operationName } = parsed as Record<string, unknown>;
  if (typeof query !== 'string') return null;
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  return { query, variables: (variables ?? {}) as Record<string, unknown>, operationName: operationName ?? null, ...(authorization === undefined ? {} : { authorization }) };
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * Starts an HTTP proxy on a free port in front of `upstream`. Every request is forwarded (method,
 * path, headers, body), and WebSocket upgrades are relayed; GraphQL POSTs and graphql-ws
 * messages go through `hooks`, which is where the faulty servers and
 * the legal variant of test/conformance live.
 *
 * @example
 * const proxy = await startProxy({ upstream: mock.origin, hooks: { response: (r) => ({ ...r, status: 500 }) } });
 * await runConformance({ baseUrl: proxy.origin });
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = options.upstream.replace(/\/+$/, '');
  const prefix = (options.pathPrefix ?? '').replace(/\/+$/, '');
  const hooks = options.hooks ?? {};

  const agent = new Agent({ keepAlive: true });

  async function postGraphQL(request: GraphQLRequest, headers: Record<string, string>, path: string): Promise<{ status: number; headers: Record<string, string>; text: string }> {
    const sentHeaders: Record<string, string> = { ...headers, 'content-type': 'application/json' };
    delete sentHeaders['authorization'];
    if (request.authorization !== undefined) sentHeaders['authorization'] = request.authorization;
    const body = Buffer.from(JSON.stringify({ query: request.query, variables: request.variables, operationName: request.operationName ?? null }));
    const answer = await forward(agent, new URL(`${upstream}${path}`), 'POST', sentHeaders, body);
    return { status: answer.status, headers: answer.headers, text: answer.body.toString('utf8') };
  }

  async function graphql(req: IncomingMessage, res: ServerResponse, received: GraphQLRequest, path: string): Promise<void> {
    const headers = forwardedHeaders(req.headers);
    const fields = rootFields(received.query, received.operationName);
    const sent = hooks.request?.(received, fields) ?? received;
    const first = await postGraphQL(sent, headers, path);
    const body = parseJson(first.text);
    if (body === null || typeof body !== 'object' || !hooks.response) return send(res, first.status, first.headers, first.text);
    const upstreamCall = async (request: GraphQLRequest): Promise<GraphQLResponse> => {
      const answer = await postGraphQL(request, headers, path);
      const parsed = parseJson(answer.text);
      if (parsed === null || typeof parsed !== 'object') throw new Error(`the upstream answered ${answer.status} without JSON: ${answer.text.slice(0, 80)}`);
      return { status: answer.status, headers: answer.headers, body: parsed as ResponseBody };
    };
    const original: GraphQLResponse = { status: first.status, headers: first.headers, body: body as ResponseBody };
    const answer = (await hooks.response(original, { received, sent, fields, upstream: upstreamCall })) ?? original;
    send(res, answer.status, answer.headers, JSON.stringify(answer.body));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (prefix && url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) {
      return send(res, 404, { 'content-type': 'application/json' }, JSON.stringify({ errors: [{ message: `nothing is served at ${url.pathname}; GraphQL is at ${prefix}/graphql`, extensions: { code: 'NOT_FOUND' } }] }));
    }
    const path = url.pathname.slice(prefix.length) || '/';
    const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
    const authorization = req.headers.authorization;
    const request = req.method === 'POST' && path === '/graphql' ? asGraphQLRequest(body, authorization) : null;
    if (request) return graphql(req, res, request, `${path}${url.search}`);
    const answer = await forward(agent, new URL(`${upstream}${path}${url.search}`), req.method ?? 'GET', forwardedHeaders(req.headers), body);
    send(res, answer.status, answer.headers, answer.body);
  }

  const failures: string[] = [];
  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const said = error instanceof Error ? error.message : String(error);
      failures.push(`${req.method} ${req.url}: ${said}`);
      if (!res.headersSent) send(res, 502, { 'content-type': 'text/plain' }, `proxy failure: ${said}`);
      else res.destroy();
    });
  });
  const stopRelay = relayWebSockets(server, upstream, prefix, hooks.frames ?? {}, failures);
  const { port } = await listen(server, 0, '127.0.0.1');
  return {
    origin: `http://127.0.0.1:${port}`,
    failures,
    close: () =>
      new Promise<void>((resolve, reject) => {
        stopRelay();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
