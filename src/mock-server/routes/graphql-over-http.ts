import type { DocumentNode, ExecutionResult } from 'graphql';
import { createHandler, type Request as HandlerRequest, type Response as HandlerResponse } from 'graphql-http';
import { ErrorCode } from '../../schema/error-codes.js';
import { createContext, type GraphQLContext } from '../graphql/context.js';
import { textOverBytes, tooLargeAnswer } from '../engine/answer-size.js';
import { chaosAnswer } from '../runtime/chaos/chaos-answer.js';
import type { Runtime } from '../runtime/runtime.js';
import { callerOf, elapsedSince, errorCodesOfBody, NO_CODES } from '../runtime/journal/journal-record.js';

/** What a door knows about one request besides its method, URL and body. */
export interface GraphQLHttpContext {
  readonly publicOrigin: string;
  /** The `Authorization` header, if any. */
  readonly authorization: string | null;
  /** The `Accept` header, if any. */
  readonly accept: string | undefined;
}

/** One GraphQL-over-HTTP request, whatever the transport (Node's http, a Fetch Request). */
export interface GraphQLHttpRequest {
  readonly method: string;
  /** Path and query (the query carries a GET's operation). */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
  readonly context: GraphQLHttpContext;
}

/** The answer: a body (null for none) and its status and headers. */
export type GraphQLHttpResponse = HandlerResponse;

export interface GraphQLOverHttpOptions {
  /** The door, as the request journal names it. @default 'http' */
  readonly transport?: 'http' | 'msw';
  /**
   * Called with each result once executed, before it is serialized; the answer waits for what it
   * returns. The HTTP door paces large answers with it (`http/answer-pacer.ts`), so that several
   * asked for at once do not hold the event loop for all of them.
   */
  readonly pace?: (result: ExecutionResult) => Promise<void> | undefined;
}

/** One request on its way through graphql-http: what the journal records of it, filled in as it goes. */
interface InFlight {
  readonly request: GraphQLHttpRequest;
  operationName: string | null;
  variables: unknown;
  document: DocumentNode | null;
  context: GraphQLContext | null;
  /** The answer has GraphQL errors (their codes are read from the body, on this path only). */
  failed: boolean;
  /** The operation was executed: its answer is a result, held to `maxResponseBytes`. */
  executed: boolean;
}

/** What graphql-http answers without a GraphQL body, in words a developer can act on. */
const BARE_STATUS: Record<number, string> = {
  405: 'use GET (queries only) or POST for /graphql',
  406: 'the Accept header must allow application/graphql-response+json or application/json',
  415: 'the Content-Type must be application/json',
};

/**
 * graphql-http leaves some refusals without a body (406, 415) or without a code (405). Every
 * refusal of the mock is a GraphQL error with a code, so those get one here.
 */
function withErrorBody([body, init]: HandlerResponse): HandlerResponse {
  if (init.status < 400) return [body, init];
  type ErrorBody = { errors?: { message?: string; extensions?: { code?: string } }[] };
  let errors: ErrorBody['errors'];
  try {
    errors = body ? (JSON.parse(body) as ErrorBody).errors : undefined;
  } catch {
    errors = undefined;
  }
  if (errors?.length && errors.every((error) => typeof error.extensions?.code === 'string')) return [body, init];
  const message = errors?.[0]?.message ?? BARE_STATUS[init.status] ?? init.statusText ?? 'bad request';
  const text = JSON.stringify({ errors: [{ message, extensions: { code: ErrorCode.BAD_REQUEST } }] });
  return [text, { ...init, headers: { ...init.headers, 'content-type': 'application/json; charset=utf-8' } }];
}

/**
 * An executed operation's answer, or RESPONSE_TOO_LARGE (200, `data` null, the same media type)
 * when its body is over `maxResponseBytes`. The engine has already refused any answer surely over
 * the limit before serializing it; this is the exact check, on the bytes about to be sent.
 */
function withinResponseLimit(runtime: Runtime, flight: InFlight, response: HandlerResponse): HandlerResponse {
  const [body, init] = response;
  if (!flight.executed || body === null || !textOverBytes(body, runtime.limits.maxResponseBytes)) return response;
  flight.failed = true;
  const answer = tooLargeAnswer(runtime.limits);
  return [JSON.stringify({ errors: answer.errors!.map((error) => error.toJSON()), data: null }), { ...init, status: 200, statusText: 'OK' }];
}

/**
 * GraphQL over HTTP, transport-free: graphql-http's handler (content negotiation, status codes,
 * GET for queries only) over the runtime's engine, which answers parse and validation from its cache,
 * executes, and shapes every error. The HTTP door (Node) and the MSW door (Fetch) both translate
 * their requests into a {@link GraphQLHttpRequest} and send back what this answers, so they
 * answer the same bytes with the same status. No Node built-in: it runs in a browser.
 *
 * Here too, for both doors, the dev controls meet the runtime: every request is recorded in the
 * runtime's journal, and chaos (injected latency and failures) applies to accepted operations.
 */
export function graphqlOverHttp(runtime: Runtime, options: GraphQLOverHttpOptions = {}): (request: GraphQLHttpRequest) => Promise<GraphQLHttpResponse> {
  const transport = options.transport ?? 'http';
  const { pace } = options;
  const handler = createHandler<InFlight, GraphQLHttpContext, GraphQLContext>({
    onSubscribe: (req, params) => {
      const flight = req.raw;
      flight.operationName = params.operationName ?? null;
      flight.variables = params.variables ?? null;
      const args = runtime.operationArgs({
        query: params.query,
        variables: params.variables ?? null,
        operationName: params.operationName ?? null,
        authorization: req.context.authorization,
        publicOrigin: req.context.publicOrigin,
      });
      if (!('schema' in args)) {
        flight.failed = true;
        return args;
      }
      flight.document = args.document;
      flight.context = args.contextValue;
      if (!runtime.chaos.active) return args;
      return chaosAnswer(runtime, args).then((answer) => {
        if (answer === undefined) return args;
        flight.failed = true;
        return answer;
      });
    },
    execute: pace === undefined ? (args) => runtime.execute(args) : (args) => paced(runtime.execute(args), pace),
    // A result without errors is answered here with a plain JSON.stringify: graphql-http serialises
    // every result through a replacer function, called on every key of the page, which cost a third
    // of the server's time in profiles, and for results without errors it changes nothing. Results
    // with errors take graphql-http's path, where status codes depend on the media type.
    onOperation: (req, _args, result) => {
      req.raw.executed = true;
      const mediaType = acceptedMediaType(req.context.accept);
      if (result.errors) req.raw.failed = true;
      if (result.errors || !mediaType) return undefined;
      return [JSON.stringify(result), { status: 200, statusText: 'OK', headers: { 'content-type': `${mediaType}; charset=utf-8` } }];
    },
    formatError: runtime.formatError,
  });
  return async (request) => {
    const at = runtime.state.clock.now();
    const startedAt = performance.now();
    const flight: InFlight = { request, operationName: null, variables: null, document: null, context: null, failed: false, executed: false };
    const handlerRequest: HandlerRequest<InFlight, GraphQLHttpContext> = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body,
      raw: flight,
      context: request.context,
    };
    const response = withinResponseLimit(runtime, flight, withErrorBody(await handler(handlerRequest)));
    const [body, init] = response;
    // A request refused before execution has no context yet; its token still names a caller.
    const context = flight.context ?? createContext(runtime.state, request.context.authorization, request.context.publicOrigin);
    runtime.journal.record({
      at,
      transport,
      schema: runtime.schema,
      document: flight.document,
      operationName: flight.operationName,
      variables: flight.variables,
      caller: callerOf(context),
      status: init.status,
      durationMs: elapsedSince(startedAt),
      errorCodes: flight.failed || init.status >= 400 ? errorCodesOfBody(body) : NO_CODES,
    });
    return response;
  };
}

/** `result` once `pace` lets it through: at once, with no hop, when it is at hand and `pace` has nothing to wait for. */
function paced(result: Promise<ExecutionResult> | ExecutionResult, pace: (result: ExecutionResult) => Promise<void> | undefined): Promise<ExecutionResult> | ExecutionResult {
  if (result instanceof Promise) return result.then((executed) => paced(executed, pace));
  const wait = pace(result);
  return wait === undefined ? result : wait.then(() => result);
}

/**
 * The response media type graphql-http chooses for an Accept header (its handler's negotiation,
 * graphql-http 1.x `createHandler`): the first acceptable entry wins; `application/graphql-response+json`
 * needs utf-8, `application/json`, `application/*` and `*\/*` give `application/json`. Null when
 * nothing is acceptable (graphql-http has already answered 406 then).
 */
function acceptedMediaType(accept: string | undefined): 'application/graphql-response+json' | 'application/json' | null {
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [mediaType, ...params] = entry.split(';');
    const charset = params.find((param) => param.includes('charset=')) || 'charset=utf-8';
    if (mediaType === 'application/graphql-response+json' && charset === 'charset=utf-8') return 'application/graphql-response+json';
    if ((mediaType === 'application/json' || mediaType === 'application/*' || mediaType === '*/*') && (charset === 'charset=utf-8' || charset === 'charset=utf8')) {
      return 'application/json';
    }
  }
  return null;
}
