import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Runtime } from '../runtime/runtime.js';
import { SocketClose } from '../realtime/close-codes.js';
import { createGraphQLWsSessions, type GraphQLWsSessionsOptions } from '../realtime/graphql-ws-session.js';
import { socketRules, type SocketRules } from '../realtime/socket-rules.js';
import { serveGraphQLWs } from './graphql-ws-adapter.js';

export interface WebSocketDoorOptions extends GraphQLWsSessionsOptions {
  /** The path the door's `/graphql` is under (a sandbox's `/sandboxes/<id>`), carried by the URLs it hands out. @default '' */
  readonly basePath?: string;
}

export interface WebSocketDoor {
  /** Takes over an HTTP upgrade request for `/graphql`. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001, with `reason`) and stops accepting new ones. */
  close(reason?: string): Promise<void>;
  /** How many sockets are open now. */
  readonly openSockets: number;
}

/**
 * The WebSocket door: the graphql-ws protocol (`graphql-transport-ws`) on the HTTP door's port and
 * path, `/graphql` (`attach.ts` routes the upgrades here). It only translates `ws` sockets: the
 * protocol rules (tokens and 4401, expiry and revocation, presence, limits) are the transport-free
 * sessions of `realtime/graphql-ws-session.ts`, which the MSW door shares; the runtime parses,
 * validates, applies the limits, executes and shapes the errors. Besides those, this door pings
 * (`keepAliveMs`) and drops a peer that does not answer or holds too much unsent
 * (`keep-alive.ts`).
 *
 * What a socket may hold is bounded both ways: a frame from the client is at most the body limit
 * (`maxBodyBytes`, as over HTTP; ws closes with 1009 past it, and compression is off, so a frame
 * is never larger than what was sent); what waits to be sent to it, past `maxBufferedBytes`,
 * closes it with 1013; ws itself answers at most 60 WebSocket pings not yet written out and then
 * drops the peer.
 */
export function createWebSocketDoor(runtime: Runtime, options: WebSocketDoorOptions = {}): WebSocketDoor {
  const rules: SocketRules = { ...socketRules, ...options.rules };
  const wss = new WebSocketServer({ noServer: true, maxPayload: runtime.limits.maxBodyBytes, perMessageDeflate: false });
  const sessions = createGraphQLWsSessions(runtime, options);
  serveGraphQLWs(sessions, wss, rules, runtime.logBug, options.basePath);

  return {
    handleUpgrade: (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
    get openSockets() {
      return wss.clients.size;
    },
    close: (reason = 'the server is shutting down') =>
      new Promise<void>((resolve) => {
        sessions.dispose();
        for (const client of wss.clients) {
          client.close(SocketClose.GoingAway, reason);
          // A client that does not answer the close handshake is cut off.
          setTimeout(() => client.terminate(), 1_000).unref();
        }
        wss.close(() => resolve());
      }),
  };
}
