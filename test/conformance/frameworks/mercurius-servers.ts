import Fastify, { type FastifyInstance } from 'fastify';
import mercurius, { type MercuriusCommonOptions } from 'mercurius';
import type { ChatDomain } from './chat-domain.js';
import type { FrameworkServer } from './framework-server.js';

type SubscriptionOptions = Exclude<MercuriusCommonOptions['subscription'], boolean | undefined>;

/** `/uploads/<key>` on fastify: the body is left unread for the mock's route, which reads the raw request itself. */
async function uploadsPlugin(app: FastifyInstance, domain: ChatDomain): Promise<void> {
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', (_request, _payload, done) => done(null));
    uploads.put('/uploads/:key', async (request, reply) => {
      reply.hijack();
      await domain.serveUpload(request.raw, reply.raw);
    });
  });
}

/**
 * mercurius 16 on fastify 5 with its defaults (uncoded 400s for validation errors, HTTP 200 for
 * execution errors, no GraphiQL), its own graphql-ws server at /graphql, and socket auth as
 * `subscription` (given the server's origin, known once it listens) sets it.
 */
async function startMercurius(domain: ChatDomain, subscription: (origin: () => string) => SubscriptionOptions): Promise<FrameworkServer> {
  let origin = '';
  const app = Fastify();
  await app.register(mercurius, {
    schema: domain.schema,
    context: (request) => domain.context(request.headers.authorization, origin),
    subscription: subscription(() => origin),
  });
  await uploadsPlugin(app, domain);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  origin = address;
  return { origin, close: () => app.close() };
}

/**
 * mercurius taking the token from the upgrade request's Authorization header, as its docs'
 * "Build a custom GraphQL context object for subscriptions" does: `subscription.context(socket,
 * request)` reads the header and throws without a live token, and mercurius closes the socket
 * with 1011 when that function throws.
 */
export function startMercuriusUpgradeHeaderServer(domain: ChatDomain): Promise<FrameworkServer> {
  return startMercurius(domain, (origin) => ({
    context: (_socket, request) => {
      const authorization = request.headers.authorization;
      if (!domain.isLiveAuthorization(authorization)) throw new Error('the upgrade request has no Authorization: Bearer <live token>');
      return domain.context(authorization, origin());
    },
  }));
}

/**
 * mercurius validating the `connection_init` payload with `subscription.onConnect`, as its options
 * document: a truthy return authorizes (an object joins the subscription context), anything else
 * refuses, and mercurius then answers `connection_error` and closes. Only a lowercase
 * `authorization` field (`Bearer <token>`) is read.
 */
export function startMercuriusConnectionInitServer(domain: ChatDomain): Promise<FrameworkServer> {
  return startMercurius(domain, (origin) => ({
    onConnect: ({ payload }: { payload: unknown }) => {
      const authorization = (payload as { authorization?: unknown } | null | undefined)?.authorization;
      return domain.isLiveAuthorization(authorization) ? domain.context(authorization as string, origin()) : false;
    },
  }));
}
