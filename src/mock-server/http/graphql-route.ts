import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHandler, type Handler } from 'graphql-http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { Engine } from '../engine/engine.js';
import type { GraphQLContext } from '../graphql/context.js';
import { BodyTooLarge, readBody } from './body.js';
import { sendError } from './respond.js';

export interface GraphQLRouteOptions {
  /** Largest request body accepted, in bytes; a larger one gets 413. @default 1048576 (1 MiB) */
  readonly maxBodyBytes?: number;
}

interface RequestContext {
  readonly publicOrigin: string;
}

/**
 * GraphQL over HTTP, served by graphql-http's handler (content negotiation, status codes, GET
 * for queries only) over the engine: the engine's cache answers parse and validation, the
 * engine executes, and the engine shapes every error.
 */
export function graphqlRoute(engine: Engine, options: GraphQLRouteOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
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
    formatError: engine.formatError,
  });

  return async (req: IncomingMessage, res: ServerResponse, publicOrigin: string): Promise<void> => {
    let body = '';
    if (req.method === 'POST') {
      try {
        body = (await readBody(req, maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (error instanceof BodyTooLarge) return sendError(res, 413, ErrorCode.BAD_REQUEST, error.message, { connection: 'close' });
        throw error;
      }
    }
    const [responseBody, init] = await handler({
      url: req.url ?? '/',
      method: req.method ?? 'GET',
      headers: req.headers,
      body,
      raw: req,
      context: { publicOrigin },
    });
    res.writeHead(init.status, init.statusText, init.headers);
    res.end(responseBody);
  };
}
