import { createServer } from 'node:http';
import { createHandler } from 'graphql-http/lib/use/http';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from '../../../src/mock-server/graphql/context.js';
import type { ChatDomain } from './chat-domain.js';
import { listenWithSockets, type FrameworkServer } from './framework-server.js';

/**
 * graphql-http's reference handler for node:http (`createHandler` from graphql-http/lib/use/http)
 * and graphql-ws's `useServer` on a `ws` WebSocketServer sharing the port, the pair their author
 * publishes. The socket carries the token as the HTTP requests do, `connectionParams.Authorization`
 * = `Bearer <token>`; `onConnect` returns false without a live one (graphql-ws closes with 4403
 * Forbidden, its auth recipe). graphql-http's defaults stay: 200 for execution errors, 400 for
 * validation errors when the client accepts application/graphql-response+json.
 */
export async function startGraphQLHttpServer(domain: ChatDomain): Promise<FrameworkServer> {
  let origin = '';
  const graphql = createHandler<GraphQLContext>({
    schema: domain.schema,
    context: (req) => domain.context(req.raw.headers.authorization, origin),
  });
  const httpServer = createServer((req, res) => {
    domain.serveUpload(req, res).then(
      (served) => {
        if (served) return;
        if ((req.url ?? '').split('?', 1)[0] !== '/graphql') return void res.writeHead(404).end();
        return graphql(req, res);
      },
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error)),
    );
  });
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const subscriptions = useServer(
    {
      schema: domain.schema,
      onConnect: (ctx) => domain.isLiveAuthorization(ctx.connectionParams?.['Authorization']),
      context: (ctx) => domain.context(typeof ctx.connectionParams?.['Authorization'] === 'string' ? ctx.connectionParams['Authorization'] : null, origin),
    },
    wsServer,
  );
  const running = await listenWithSockets(httpServer, subscriptions);
  origin = running.origin;
  return running;
}
