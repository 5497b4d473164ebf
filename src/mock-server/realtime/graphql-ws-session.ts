import { GraphQLError, type ExecutionArgs, type ExecutionResult, type FormattedExecutionResult } from 'graphql';
import { CloseCode, makeServer, type Context } from 'graphql-ws';
import { ErrorCode } from '../../schema/error-codes.js';
import { payloadFits, tooLargeAnswer, type Answer } from '../engine/answer-size.js';
import type { Runtime } from '../runtime/runtime.js';
import type { JournalTransport } from '../runtime/journal/journal.js';
import { journaledExecute } from '../runtime/journal/journal-record.js';
import type { Timer } from '../state/clock.js';
import type { MockState } from '../state/mock-state.js';
import { DomainError } from '../state/errors.js';
import { closeReason, SocketClose } from './close-codes.js';
import { guardedSocket, type GuardedSocket } from './guarded-socket.js';
import { socketRules, type SocketRules } from './socket-rules.js';
import { socketToken } from './socket-token.js';

/**
 * The least a transport must offer to carry graphql-ws's protocol: graphql-ws's own `WebSocket`
 * interface (of `makeServer`), text frames only. A `ws` socket, an MSW `client` or a MessagePort
 * relay each fit it in a few lines.
 */
export interface SessionSocket {
  /** The subprotocol agreed with the client; anything but `graphql-transport-ws` is closed with 4406. */
  readonly protocol: string;
  /** Sends one text frame; a socket that is no longer open drops it. */
  send(text: string): void | Promise<void>;
  /** Closes the connection; the transport then reports it through the `closed` callback. */
  close(code: number, reason: string): void;
  /**
   * Registers the handler for each text frame from the client (called once, at `opened`). The
   * handler never rejects: a bug is logged through the runtime and answered with 4500.
   */
  onMessage(handle: (text: string) => Promise<void>): void;
  /**
   * Bytes sent and not yet written out, read after every send for the slow-reader rule (closed
   * with 1013 past `maxBufferedBytes`). @default 0, for transports that do not queue
   */
  readonly bufferedAmount?: number;
}

/** What the connection request told the door. */
export interface SessionRequest {
  /** The `Authorization` header of the upgrade request, where the transport has one; `connection_init` wins. */
  readonly authorization?: string | null;
  /** The HTTP origin the client reached the door under, for URLs handed out (`http://host:port`). */
  readonly publicOrigin: string;
}

/** Called by the transport once when the connection has closed, from either side. Never rejects. */
export type SessionClosed = (code: number, reason: string) => Promise<void>;

export interface GraphQLWsSessionsOptions {
  /**
   * Accept every connection, with or without a token, and check none: for random mode, where
   * no session exists and nobody is present. @default false
   */
  readonly anyone?: boolean;
  /** How queries and mutations over these sockets are named in the request journal. @default 'ws' */
  readonly transport?: JournalTransport;
  /** Changes some of the {@link socketRules}. */
  readonly rules?: Partial<SocketRules>;
}

export interface GraphQLWsSessions {
  /**
   * Starts the protocol on a socket that has just opened, as graphql-ws's `makeServer().opened`,
   * and answers the callback the transport must call when the socket has closed.
   */
  opened(socket: SessionSocket, request: SessionRequest): SessionClosed;
  /** Stops following the engine's state swaps (a door that closes calls it). */
  dispose(): void;
}

const STATE_REPLACED = closeReason("the mock's state was replaced (reset or restore); log in again if your token is refused");
const SOCKETS_CLOSED = closeReason('the simulator closed this socket (reconnect storm): reconnect and catch up with messagesSince');

interface SessionExtra {
  readonly socket: GuardedSocket;
  readonly request: SessionRequest;
}

interface Connection {
  /** The member connected; none on a door open to anyone. */
  readonly userId?: string;
  readonly authorization: string | null;
  readonly expiry: Timer;
  readonly stopWatchingRevocation: () => void;
  /** The state the member connected to: a state swap closes the socket, which leaves that one. */
  readonly state: MockState;
}

type SessionContext = Context<Record<string, unknown> | undefined, SessionExtra>;

/**
 * graphql-ws's protocol (`graphql-transport-ws`) over the runtime, with no transport: the rules
 * every WebSocket door shares (docs/architecture.md, "One runtime, three doors"). A door adapts its socket
 * to {@link SessionSocket} and calls {@link GraphQLWsSessions.opened}.
 *
 * - The access token comes with `connection_init` (see `socket-token.ts` for the accepted forms).
 *   Without a valid one the socket closes with 4401. When the token expires, or its session is
 *   revoked (logout, refresh-token reuse), the socket closes with 4401; the client refreshes its
 *   token and reconnects, then catches up with `messagesSince`.
 * - A member's first acknowledged connection makes them present, their last one closing makes
 *   them absent (`presenceChanged`).
 * - At most `socketRules.maxOperationsPerConnection` operations run at once on a connection.
 * - The memory a client can make its socket hold is bounded (`guarded-socket.ts`): nothing but
 *   the close answers a message before `connection_init`, a pong echoes at most a small payload,
 *   and a socket holding more than `maxBufferedBytes` unsent is closed with 1013.
 * - Queries and mutations are served too, as graphql-ws allows. The runtime parses, validates,
 *   applies the limits, executes and shapes the errors, as for the HTTP door.
 * - An answer (a query's, a mutation's, a subscription event's) larger than the engine's
 *   `maxResponseBytes` as JSON is sent as a `next` with RESPONSE_TOO_LARGE and `data` null; a
 *   subscription goes on with the next event.
 * - A bug is reported through the engine's logger and answered with 4500 and a fixed reason,
 *   never its message.
 */
export function createGraphQLWsSessions(runtime: Runtime, options: GraphQLWsSessionsOptions = {}): GraphQLWsSessions {
  const rules: SocketRules = { ...socketRules, ...options.rules };
  // Whether each answer fits `maxResponseBytes`, decided once per result: subscribers to the same
  // event with the same query share one result (`event-results.ts`).
  const fits = new WeakMap<ExecutionResult, boolean>();
  const fitsResponseLimit = (result: ExecutionResult, payload: Answer): boolean => {
    let verdict = fits.get(result);
    if (verdict === undefined) fits.set(result, (verdict = payloadFits(payload, runtime.limits.maxResponseBytes)));
    return verdict;
  };
  const tooLargePayload = (): FormattedExecutionResult => {
    const answer = tooLargeAnswer(runtime.limits);
    return { errors: answer.errors!.map((error) => error.toJSON()), data: null };
  };
  const connections = new WeakMap<SessionContext, Connection>();
  // Sockets open now, whatever carries them, so a state swap can end them.
  const open = new Set<GuardedSocket>();
  // The member each acknowledged socket belongs to, for `Runtime.closeSocketsOf`.
  const members = new WeakMap<GuardedSocket, string>();

  const refuse = (ctx: SessionContext, reason: string): false => {
    ctx.extra.socket.close(SocketClose.Unauthorized, closeReason(`Unauthorized: ${reason}`));
    return false;
  };

  const server = makeServer<Record<string, unknown> | undefined, SessionExtra>({
    schema: runtime.schema,
    onConnect(ctx) {
      const { state } = runtime;
      const token = socketToken(ctx.connectionParams, ctx.extra.request.authorization ?? undefined);
      if (options.anyone) {
        const authorization = token === undefined ? null : `Bearer ${token}`;
        connections.set(ctx, { authorization, expiry: { cancel: () => {} }, stopWatchingRevocation: () => {}, state });
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
      connections.set(ctx, { userId, authorization: `Bearer ${token}`, expiry, stopWatchingRevocation, state });
      members.set(socket, userId);
      state.presence.connected(userId);
      return true;
    },
    onDisconnect(ctx) {
      const connection = connections.get(ctx);
      if (!connection) return;
      connections.delete(ctx);
      connection.expiry.cancel();
      connection.stopWatchingRevocation();
      if (connection.userId !== undefined) connection.state.presence.disconnected(connection.userId);
    },
    onSubscribe(ctx, _id, payload): ExecutionArgs | readonly GraphQLError[] {
      const connection = connections.get(ctx)!;
      // graphql-ws registers the operation before this hook runs, so the count includes it.
      if (Object.keys(ctx.subscriptions).length > rules.maxOperationsPerConnection) {
        return [
          new GraphQLError(
            `a connection may run at most ${rules.maxOperationsPerConnection} operations at once; complete some first`,
            { extensions: { code: ErrorCode.BAD_REQUEST } },
          ),
        ];
      }
      const args = runtime.operationArgs({
        query: payload.query,
        variables: payload.variables ?? null,
        operationName: payload.operationName ?? null,
        authorization: connection.authorization,
        publicOrigin: ctx.extra.request.publicOrigin,
      });
      return 'schema' in args ? args : args.map(runtime.formatError);
    },
    // The one call that records queries and mutations over WebSocket in the request journal.
    execute: (args: ExecutionArgs) => journaledExecute(runtime, options.transport ?? 'ws', args),
    subscribe: (args: ExecutionArgs) => runtime.subscribe(args),
    onNext(_ctx, _id, _payload, _args, result) {
      const payload = result.errors ? { ...result, errors: result.errors.map((error) => runtime.formatError(error).toJSON()) } : undefined;
      if (!fitsResponseLimit(result, payload ?? result)) return tooLargePayload();
      return payload;
    },
    onError: (_ctx, _id, _payload, errors) => errors.map((error) => runtime.formatError(error).toJSON()),
  });

  // Subscriptions follow the state they started on: when the runtime swaps it (a reset, a restore),
  // every socket is closed with 1012 ("service restart"), which graphql-ws clients retry.
  const stopWatchingState = runtime.onStateReplaced(() => {
    for (const socket of open) socket.close(SocketClose.ServiceRestart, STATE_REPLACED);
  });

  // The simulator's reconnect storm: these members' sockets close as on a state swap.
  const stopClosing = runtime.onCloseSockets((userIds) => {
    for (const socket of open) {
      const userId = members.get(socket);
      if (userId !== undefined && userIds.has(userId)) socket.close(SocketClose.ServiceRestart, SOCKETS_CLOSED);
    }
  });

  return {
    dispose: () => {
      stopWatchingState();
      stopClosing();
    },
    opened(transport, request) {
      const socket = guardedSocket(transport, rules);
      const fail = (error: unknown): void => {
        runtime.logBug(error instanceof Error ? error : new Error(String(error)));
        socket.close(CloseCode.InternalServerError, 'Internal server error');
      };
      const closed = server.opened(
        {
          protocol: socket.protocol,
          send: socket.send,
          close: socket.close,
          onPing: socket.onPing,
          onMessage: (handle) => socket.onMessage((text) => handle(text).catch(fail)),
        },
        { socket, request },
      );
      open.add(socket);
      return (code, reason) => {
        open.delete(socket);
        return closed(code, reason).catch(fail);
      };
    },
  };
}
