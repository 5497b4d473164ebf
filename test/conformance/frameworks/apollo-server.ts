import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap, type HTTPGraphQLRequest } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from '../../../src/mock-server/graphql/context.js';
import type { ChatDomain } from './chat-domain.js';
import { closeServer, listenOnLoopback, type FrameworkServer } from './framework-server.js';

/** What Apollo's docs have a graphql-ws client send: the token itself under `authentication`. (A type alias: graphql-ws wants a Record.) */
type ApolloConnectionParams = {
  readonly authentication?: unknown;
};

/**
 * The body as Apollo's own node:http server reads it (body-parser's `json()`): parsed when the
 * type is application/json, absent otherwise, so Apollo answers an unparsed body itself.
 */
async function jsonBody(req: IncomingMessage): Promise<{ parsed: boolean; body: unknown }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const json = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
  if (!json || text === '') return { parsed: true, body: undefined };
  try {
    return { parsed: true, body: JSON.parse(text) };
  } catch {
    return { parsed: false, body: undefined };
  }
}

function headerMapOf(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/**
 * Apollo Server 5 with subscriptions as its docs set them up ("Subscriptions in Apollo Server"):
 * one node:http server for Apollo's HTTP handler (through `executeHTTPGraphQLRequest`, the API its
 * own integrations use) and a `ws` WebSocketServer on the same path running graphql-ws's
 * `useServer`. Socket auth as the docs show: `onConnect` throws when the token in
 * `connectionParams.authentication` is missing or unknown (graphql-ws then closes with 4500), and
 * the `context` reads the caller from the same field. Apollo's defaults stay: 400 for validation
 * and variable errors, INTERNAL_SERVER_ERROR for unexpected errors, introspection outside production.
 */
export async function startApolloServer(domain: ChatDomain): Promise<FrameworkServer> {
  let origin = '';
  const httpServer = createServer();
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const subscriptions = useServer<ApolloConnectionParams>(
    {
      schema: domain.schema,
      onConnect: (ctx) => {
        if (!domain.isLiveToken(ctx.connectionParams?.authentication)) throw new Error('Auth token missing!');
      },
      context: (ctx) => domain.contextForToken(ctx.connectionParams?.authentication, origin),
    },
    wsServer,
  );
  const apollo = new ApolloServer<GraphQLContext>({
    schema: domain.schema,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: 1_000 }),
      { serverWillStart: async () => ({ drainServer: async () => subscriptions.dispose() }) },
    ],
  });
  await apollo.start();

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (await domain.serveUpload(req, res)) return;
    const { parsed, body } = await jsonBody(req);
    if (!parsed) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('the request body is not valid JSON');
      return;
    }
    const httpGraphQLRequest: HTTPGraphQLRequest = { method: req.method?.toUpperCase() ?? 'GET', headers: headerMapOf(req), search: new URL(req.url ?? '/', origin).search, body };
    const response = await apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest, context: async () => domain.context(req.headers.authorization, origin) });
    for (const [name, value] of response.headers) res.setHeader(name, value);
    res.statusCode = response.status ?? 200;
    if (response.body.kind === 'complete') {
      res.end(response.body.string);
      return;
    }
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  }
  httpServer.on('request', (req: IncomingMessage, res: ServerResponse) => {
    respond(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error));
      else res.destroy();
    });
  });
  origin = await listenOnLoopback(httpServer);
  return {
    origin,
    close: async () => {
      await apollo.stop();
      if (httpServer.listening) await closeServer(httpServer);
    },
  };
}
