import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import type { Context } from 'graphql-ws';
import { WebSocketServer } from 'ws';
import { ErrorCode } from '../../schema/error-codes.js';
import type { Engine } from '../engine/engine.js';
import type { Timer } from '../state/clock.js';
import type { MockState } from '../state/mock-state.js';
import { DomainError } from '../state/errors.js';
import { closeReason, SocketClose } from './close-codes.js';
import { socketRules } from './socket-rules.js';
import { serveGraphQLWs, type SocketExtra } from './graphql-ws-adapter.js';
import { socketToken } from './socket-token.js';

interface Connection {
  /** The member connected; none on a door open to anyone. */
  readonly userId?: string;
  readonly authorization: string | null;
  readonly publicOrigin: string;
  readonly expiry: Timer;
  readonly stopWatchingRevocation: () => void;
  /** The state the member connected to: a state swap closes the socket, which leaves that one. */
  readonly state?: MockState;
}

type SocketContext = Context<Record<string, unknown> | undefined, SocketExtra>;

export interface WebSocketDoorOptions {
  /**
   * Accept every connection, with or without a token, and check none: for random mode, where
   * no session exists and nobody is present. @default false
   */
  readonly anyone?: boolean;
}

export interface WebSocketDoor {
  /** Takes over an HTTP upgrade request for `/graphql`. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001) and stops accepting new ones. */
  close(): Promise<void>;
}

/**
 * The WebSocket door: the graphql-ws protocol (`graphql-transport-ws`) on the HTTP door's port and
 * path, `/graphql` (`attach.ts` routes the upgrades here). Like the HTTP door it only translates: the engine parses, validates, applies
 * the limits, executes and shapes the errors.
 *
 * - The access token comes with `connection_init` (see `socket-token.ts` for the accepted forms).
 *   Without a valid one the socket closes with 4401. When the token expires, or its session is
 *   revoked (logout, refresh-token reuse), the socket closes with 4401; the client refreshes its
 *   token and reconnects, then catches up with `messagesSince`.
 * - A member's first acknowledged connection makes them present, their last one closing makes
 *   them absent (`presenceChanged`).
 * - Queries and mutations are served too, as graphql-ws allows.
 */
export function createWebSocketDoor(engine: Engine, options: WebSocketDoorOptions = {}): WebSocketDoor {
  const connections = new WeakMap<SocketContext, Connection>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: engine.limits.maxBodyBytes });

  const refuse = (ctx: SocketContext, reason: string): false => {
    ctx.extra.socket.close(SocketClose.Unauthorized, closeReason(`Unauthorized: ${reason}`));
    return false;
  };

  serveGraphQLWs(
    {
      schema: engine.schema,
      onConnect(ctx) {
        const { state } = engine;
        const token = socketToken(ctx.connectionParams, ctx.extra.request.headers.authorization);
        const publicOrigin = `http://${ctx.extra.request.headers.host ?? 'localhost'}`;
        if (options.anyone) {
          const authorization = token === undefined ? null : `Bearer ${token}`;
          connections.set(ctx, { authorization, publicOrigin, expiry: { cancel: () => {} }, stopWatchingRevocation: () => {} });
          return true;
        }
        if (token === undefined) return refuse(ctx, 'send the access token in connection_init, e.g. {"Authorization":"Bearer <accessToken>"}');
        let userId: string;
        try {
          userId = state.sessions.authenticate(token);
        } catch (error) {
          if (error instanceof DomainError) return refuse(ctx, error.message);
          throw error;
        }
        const { socket } = ctx.extra;
        const expiry = state.clock.setTimer(state.sessions.accessExpiry(token) ?? state.clock.now(), () =>
          socket.close(SocketClose.Unauthorized, 'Unauthorized: the access token has expired; refresh it and reconnect'),
        );
        const stopWatchingRevocation = state.events.on('accessRevoked', '', (event) => {
          if (event.accessTokens.includes(token)) socket.close(SocketClose.Unauthorized, 'Unauthorized: the session has ended');
        });
        connections.set(ctx, {
          userId,
          authorization: `Bearer ${token}`,
          publicOrigin,
          expiry,
          stopWatchingRevocation,
          state,
        });
        state.presence.connected(userId);
        return true;
      },
      onDisconnect(ctx) {
        const connection = connections.get(ctx);
        if (!connection) return;
        connections.delete(ctx);
        connection.expiry.cancel();
        connection.stopWatchingRevocation();
        if (connection.userId !== undefined) connection.state?.presence.disconnected(connection.userId);
      },
      onSubscribe(ctx, _id, payload): ExecutionArgs | readonly GraphQLError[] {
        const connection = connections.get(ctx)!;
        // graphql-ws registers the operation before this hook runs, so the count includes it.
        if (Object.keys(ctx.subscriptions).length > socketRules.maxOperationsPerConnection) {
          return [
            new GraphQLError(
              `a connection may run at most ${socketRules.maxOperationsPerConnection} operations at once; complete some first`,
              { extensions: { code: ErrorCode.BAD_REQUEST } },
            ),
          ];
        }
        const args = engine.operationArgs({
          query: payload.query,
          variables: payload.variables ?? null,
          operationName: payload.operationName ?? null,
          authorization: connection.authorization,
          publicOrigin: connection.publicOrigin,
        });
        return 'schema' in args ? args : args.map(engine.formatError);
      },
      execute: (args: ExecutionArgs) => engine.execute(args),
      subscribe: (args: ExecutionArgs) => engine.subscribe(args),
      onNext(ctx, _id, _payload, _args, result) {
        const { socket } = ctx.extra;
        if (socket.bufferedAmount > socketRules.maxBufferedBytes) {
          socket.close(SocketClose.TryAgainLater, 'the client reads too slowly; reconnect and catch up with messagesSince');
        }
        if (!result.errors) return undefined;
        return { ...result, errors: result.errors.map((error) => engine.formatError(error).toJSON()) };
      },
      onError: (_ctx, _id, _payload, errors) => errors.map((error) => engine.formatError(error).toJSON()),
    },
    wss,
    socketRules.keepAliveMs,
    engine.logBug,
  );

  const stopWatchingState = engine.onStateReplaced(() => {
    for (const client of wss.clients) client.close(SocketClose.StateReplaced, 'the mock\'s state was replaced (reset or restore); reconnect');
  });

  return {
    handleUpgrade: (request, socket, head) => wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request)),
    close: () =>
      new Promise<void>((resolve) => {
        stopWatchingState();
        for (const client of wss.clients) {
          client.close(SocketClose.GoingAway, 'the server is shutting down');
          // A client that does not answer the close handshake is cut off.
          setTimeout(() => client.terminate(), 1_000).unref();
        }
        wss.close(() => resolve());
      }),
  };
}
