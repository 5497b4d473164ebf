import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHandler, type Handler, type Response as HandlerResponse } from 'graphql-http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { Engine } from '../engine/engine.js';
import { limitFlags } from '../engine/limits.js';
import type { GraphQLContext } from '../graphql/context.js';
import { BodyTooLarge, readBody } from './body.js';
import { acceptedMediaType } from './media-type.js';
import { sendError } from './respond.js';

interface RequestContext {
  readonly publicOrigin: string;
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
 * GraphQL over HTTP, served by graphql-http's handler (content negotiation, status codes, GET
 * for queries only) over the engine: the engine's cache answers parse and validation, the
 * engine executes, and the engine shapes every error.
 */
export function graphqlRoute(engine: Engine) {
  const { maxBodyBytes } = engine.limits;
  const handler: Handler<IncomingMessage, RequestContext> = createHandler<IncomingMessage, RequestContext, GraphQLContext>({
    onSubscribe: (req, params) =>
      engine.operationArgs({
        query: params.query,
        variables: params.variables ?? null,
        operationName: params.operationName ?? null,
        authorization: req.raw.headers.authorization ?? null,
        publicOrigin: req.context.publicOrigin,
      }),
    execute: (args) => engine.execute(args),
    // A result without errors is answered here with a plain JSON.stringify: graphql-http serialises
    // every result through a replacer function, called on every key of the page, which cost a third
    // of the server's time in profiles, and for results without errors it changes nothing. Results
    // with errors take graphql-http's path, where status codes depend on the media type.
    onOperation: (req, _args, result) => {
      const mediaType = acceptedMediaType(req.raw.headers.accept);
      if (result.errors || !mediaType) return undefined;
      return [JSON.stringify(result), { status: 200, statusText: 'OK', headers: { 'content-type': `${mediaType}; charset=utf-8` } }];
    },
    formatError: engine.formatError,
  });

  return async (req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void> => {
    let body = '';
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        const message = `the request body is larger than ${maxBodyBytes} bytes; raise the limit with ${limitFlags.maxBodyBytes}`;
        return sendError(res, 413, ErrorCode.PAYLOAD_TOO_LARGE, message, { connection: 'close' });
      }
    }
    const [responseBody, init] = withErrorBody(
      await handler({ url: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body, raw: req, context: { publicOrigin } }),
    );
    // A known length spares Node the chunked encoding (and its extra writes) on every response.
    const headers = responseBody === null ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(responseBody)) };
    res.writeHead(init.status, init.statusText, headers);
    res.end(responseBody);
  };
}
