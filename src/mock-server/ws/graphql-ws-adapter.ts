import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { BugLogger } from '../engine/format-error.js';
import type { GraphQLWsSessions } from '../realtime/graphql-ws-session.js';
import type { SocketRules } from '../realtime/socket-rules.js';
import { keepAlive } from './keep-alive.js';

/** ws's own errors for frames a client got wrong; ws closes the socket with the fitting code itself. */
function isClientFault(error: Error & { code?: unknown }): boolean {
  return typeof error.code === 'string' && error.code.startsWith('WS_ERR_');
}

/**
 * Serves the graphql-ws sessions (`realtime/graphql-ws-session.ts`, which knows no transport) on
 * a `ws` server. It does what graphql-ws's own `use/ws` adapter does, with two differences that
 * matter for a mock: a client's bad frame (too large, not UTF-8) is the client's fault, answered
 * by ws with its close code and not logged as a server error; and a bug is reported through the
 * engine's logger and answered with 4500 and a fixed reason, never its message. It also keeps
 * each socket alive, or drops it (`keep-alive.ts`). URLs handed out name the upgrade's Host,
 * followed by `basePath` (a sandbox's `/sandboxes/<id>`).
 */
export function serveGraphQLWs(sessions: GraphQLWsSessions, wss: WebSocketServer, rules: Pick<SocketRules, 'keepAliveMs' | 'maxBufferedBytes'>, logBug: BugLogger, basePath = ''): void {
  wss.options.handleProtocols = handleProtocols;

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const fail = (error: unknown): void => {
      logBug(error instanceof Error ? error : new Error(String(error)));
      socket.close(CloseCode.InternalServerError, 'Internal server error');
    };
    socket.on('error', (error) => {
      if (!isClientFault(error)) fail(error);
    });

    const stopKeepingAlive = keepAlive(socket, rules);

    const closed = sessions.opened(
      {
        protocol: socket.protocol,
        send: (text) =>
          new Promise((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            // A send cut short by the socket closing is not a bug: the message was for a peer that has gone.
            socket.send(text, (error) => (error && socket.readyState === socket.OPEN ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) => socket.on('message', (data) => void handle(String(data))),
        get bufferedAmount() {
          return socket.bufferedAmount;
        },
      },
      { authorization: request.headers.authorization, publicOrigin: `http://${request.headers.host ?? 'localhost'}${basePath}` },
    );
    socket.once('close', (code, reason) => {
      stopKeepingAlive();
      void closed(code, String(reason));
    });
  });
}
