import { MessageType, parseMessage, stringifyMessage, type WebSocket as ProtocolSocket } from 'graphql-ws';
import { jsonLowerBound, textOverBytes } from '../engine/answer-size.js';
import { SLOW_READER_REASON, SocketClose } from './close-codes.js';
import type { SessionSocket } from './graphql-ws-session.js';
import type { SocketRules } from './socket-rules.js';

/** The reason of the close that answers anything but `connection_init` as a socket's first message. */
export const INIT_FIRST_REASON = 'Unauthorized: send connection_init first';

/** A transport's socket as graphql-ws's server sees it, with the door's memory bounds. */
export interface GuardedSocket extends ProtocolSocket {
  /** Closes the socket once: after that, nothing is sent and no message is handled. */
  close(code?: number, reason?: string): void;
}

/**
 * Whether `payload` as JSON takes at most `maxBytes` bytes of UTF-8. A payload the bounded walk
 * already finds too large (a 1 MiB ping) is never serialized again; only one within reach is.
 */
function fits(payload: unknown, maxBytes: number): boolean {
  return jsonLowerBound(payload, maxBytes) <= maxBytes && !textOverBytes(JSON.stringify(payload), maxBytes);
}

/**
 * Wraps a transport's socket for graphql-ws's server, so that no client can make the door hold
 * more than a bounded amount for it (docs/mock-behaviour.md, "Security"):
 *
 * - Before `connection_init`, any other well-formed message (`ping` and `pong` included) closes
 *   the socket with 4401, graphql-ws's close for an operation before the acknowledgement, and is
 *   not answered: a peer that has not presented itself gets nothing but the close. A frame that is
 *   not a graphql-ws message is left to graphql-ws (4400).
 * - A `pong` echoes its `ping`'s payload only when that is at most `maxPongPayloadBytes` of JSON;
 *   otherwise it has no payload (the protocol leaves the payload to the sender's own use).
 * - After every message sent, when the bytes the transport still holds for the client pass
 *   `maxBufferedBytes`, the socket is closed with 1013: a client that does not read cannot pile
 *   up events, results or pongs.
 * - Once the server has closed the socket, nothing more is sent and no message is handled.
 */
export function guardedSocket(socket: SessionSocket, rules: Pick<SocketRules, 'maxBufferedBytes' | 'maxPongPayloadBytes'>): GuardedSocket {
  let closing = false;
  let initialised = false;

  const close = (code = 1000, reason = ''): void => {
    if (closing) return;
    closing = true;
    socket.close(code, reason);
  };

  const send = (text: string): void | Promise<void> => {
    if (closing) return;
    const sent = socket.send(text);
    if ((socket.bufferedAmount ?? 0) > rules.maxBufferedBytes) close(SocketClose.TryAgainLater, SLOW_READER_REASON);
    return sent;
  };

  return {
    protocol: socket.protocol,
    send,
    close,
    onMessage: (handle) =>
      socket.onMessage(async (text) => {
        if (closing) return;
        if (!initialised) {
          let type: MessageType | undefined;
          try {
            type = parseMessage(text).type;
          } catch {
            // Not a graphql-ws message: graphql-ws closes with 4400.
          }
          if (type === MessageType.ConnectionInit) initialised = true;
          else if (type !== undefined) return close(SocketClose.Unauthorized, INIT_FIRST_REASON);
        }
        return handle(text);
      }),
    onPing: (payload) => send(stringifyMessage(payload && fits(payload, rules.maxPongPayloadBytes) ? { type: MessageType.Pong, payload } : { type: MessageType.Pong })),
  };
}
