import { startApolloServer } from './apollo-server.js';
import type { ChatDomain } from './chat-domain.js';
import type { FrameworkServer } from './framework-server.js';
import { startGraphQLHttpServer } from './graphql-http-server.js';
import { startMercuriusConnectionInitServer, startMercuriusUpgradeHeaderServer } from './mercurius-servers.js';
import type { SocketForm } from './socket-handshake.js';
import { startYogaPerOperationServer, startYogaServer } from './yoga-server.js';

/** How a framework refuses a socket whose token it cannot find, as its WebSocket server does it. */
export interface SocketRefusal {
  /** The close code, where the framework sets one. */
  readonly code?: number;
  /** The close reason, where it is the framework's own. */
  readonly reason?: string;
  /** A message it sends before closing (`type`), where it sends one. */
  readonly message?: string;
  /** It acknowledges every socket and refuses later, per operation: the handshake alone refuses nothing. */
  readonly perOperation?: true;
}

/** A correct server on a framework server teams use, and how its socket takes the token. */
export interface Framework {
  readonly name: string;
  readonly start: (domain: ChatDomain) => Promise<FrameworkServer>;
  /** The form its docs show: it acknowledges a live token in it. */
  readonly accepts: SocketForm;
  /** A form another framework takes: it refuses this one. */
  readonly refuses: SocketForm;
  readonly refusal: SocketRefusal;
}

const bearer = (token: string) => `Bearer ${token}`;

/** The framework matrix (issue 25 item 5): each framework with its defaults and its documented socket auth. */
export const frameworks: readonly Framework[] = [
  {
    name: 'Apollo Server 5',
    start: startApolloServer,
    accepts: { name: 'connection_init {"authentication":"<token>"}', connectionParams: (token) => ({ authentication: token }) },
    refuses: { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: bearer(token) }) },
    // onConnect throws: graphql-ws closes with 4500 and, outside production, the error's message.
    refusal: { code: 4500, reason: 'Auth token missing!' },
  },
  {
    name: 'graphql-yoga 5',
    start: startYogaServer,
    accepts: { name: 'connection_init {"token":"<token>"}', connectionParams: (token) => ({ token }) },
    refuses: { name: 'connection_init {"authorization":"Bearer <token>"}', connectionParams: (token) => ({ authorization: bearer(token) }) },
    // onConnect returns false: graphql-ws closes with 4403 Forbidden.
    refusal: { code: 4403, reason: 'Forbidden' },
  },
  {
    name: 'graphql-yoga 5, token checked per operation',
    start: startYogaPerOperationServer,
    accepts: { name: 'connection_init {"token":"<token>"}', connectionParams: (token) => ({ token }) },
    refuses: { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: bearer(token) }) },
    // No onConnect: every socket is acknowledged; a subscription without the token is refused with UNAUTHENTICATED.
    refusal: { perOperation: true },
  },
  {
    name: 'mercurius 16, token on the upgrade request',
    start: startMercuriusUpgradeHeaderServer,
    accepts: { name: 'the upgrade request header Authorization: Bearer <token>', headers: (token) => ({ authorization: bearer(token) }) },
    refuses: { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: bearer(token) }) },
    // subscription.context throws: mercurius closes with 1011 and no reason.
    refusal: { code: 1011, reason: '' },
  },
  {
    name: 'mercurius 16, token in connection_init',
    start: startMercuriusConnectionInitServer,
    accepts: { name: 'connection_init {"authorization":"Bearer <token>"}', connectionParams: (token) => ({ authorization: bearer(token) }) },
    refuses: { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: bearer(token) }) },
    // onConnect returns false: mercurius sends connection_error (a message graphql-transport-ws does not have) and closes.
    refusal: { message: 'connection_error' },
  },
  {
    name: 'graphql-http',
    start: startGraphQLHttpServer,
    accepts: { name: 'connection_init {"Authorization":"Bearer <token>"}', connectionParams: (token) => ({ Authorization: bearer(token) }) },
    refuses: { name: 'connection_init {"token":"<token>"}', connectionParams: (token) => ({ token }) },
    refusal: { code: 4403, reason: 'Forbidden' },
  },
];
