import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ExecutionArgs } from 'graphql';
import type { OperationResult } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createYoga } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from '../../../src/mock-server/graphql/context.js';
import type { ChatDomain } from './chat-domain.js';
import { listenWithSockets, type FrameworkServer } from './framework-server.js';

/** What Yoga's context factory is given besides its own: node's req/res over HTTP, graphql-ws's context over a socket. */
interface YogaServerContext {
  readonly req?: IncomingMessage;
  readonly res?: ServerResponse;
  /** The `connection_init` payload, present only for operations that came over graphql-ws. */
  readonly connectionParams?: Readonly<Record<string, unknown>>;
}

/** Yoga's envelop runs each socket operation: its execute and subscribe travel in the root value, as Yoga's docs do. */
interface EnvelopedRoot {
  execute(args: ExecutionArgs): OperationResult;
  subscribe(args: ExecutionArgs): OperationResult;
}

/**
 * graphql-yoga 5 with graphql-ws as Yoga's docs integrate it ("Subscriptions", GraphQL over
 * WebSocket): a `ws` WebSocketServer on Yoga's endpoint, `useServer` running every socket
 * operation through `yoga.getEnveloped`, so Yoga's context factory and error masking apply to it.
 * The token travels in `connectionParams.token`, where Yoga's JWT plugin looks on a socket
 * (`extractFromConnectionParams({ name: 'token' })`); the context factory reads the caller from
 * it (or from the Authorization header over HTTP), and `onConnect` refuses a socket without a live
 * one by returning false (graphql-ws's auth recipe: close 4403 Forbidden). Yoga's defaults stay:
 * error masking, its status codes, GraphiQL.
 */
export async function startYogaServer(domain: ChatDomain): Promise<FrameworkServer> {
  return startYoga(domain, { refuseOnConnect: true });
}

/**
 * The same Yoga server without `onConnect`: it acknowledges every socket, and only its context
 * factory reads the token, per operation (the shape of Yoga's docs when no socket hook is
 * added). A subscription without a live token is refused then, with UNAUTHENTICATED.
 */
export async function startYogaPerOperationServer(domain: ChatDomain): Promise<FrameworkServer> {
  return startYoga(domain, { refuseOnConnect: false });
}

async function startYoga(domain: ChatDomain, options: { readonly refuseOnConnect: boolean }): Promise<FrameworkServer> {
  let origin = '';
  const yoga = createYoga<YogaServerContext, GraphQLContext>({
    schema: domain.schema,
    context: ({ request, connectionParams }) =>
      connectionParams ? domain.contextForToken(connectionParams['token'], origin) : domain.context(request.headers.get('authorization'), origin),
  });
  const httpServer = createServer((req, res) => {
    domain.serveUpload(req, res).then(
      (served) => (served ? undefined : yoga(req, res)),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
    );
  });
  const wsServer = new WebSocketServer({ server: httpServer, path: yoga.graphqlEndpoint });
  const subscriptions = useServer(
    {
      // The root value carries Yoga's enveloped execute and subscribe (see onSubscribe).
      execute: (args: ExecutionArgs) => (args.rootValue as EnvelopedRoot).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as EnvelopedRoot).subscribe(args),
      ...(options.refuseOnConnect ? { onConnect: (ctx: { connectionParams?: Readonly<Record<string, unknown>> }) => domain.isLiveToken(ctx.connectionParams?.['token']) } : {}),
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params });
        const args: ExecutionArgs = {
          schema,
          operationName: params.operationName,
          document: parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wsServer,
  );
  const running = await listenWithSockets(httpServer, subscriptions);
  origin = running.origin;
  return running;
}
