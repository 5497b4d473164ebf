import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import { SLOW_READER_REASON, SocketClose } from '../realtime/close-codes.js';
import type { SocketRules } from '../realtime/socket-rules.js';

/**
 * Keeps a `ws` socket alive while its peer reads, and ends it otherwise. Every `keepAliveMs`:
 *
 * - a socket that holds more than `maxBufferedBytes` unsent is closed with 1013, whether or not
 *   anything was sent since the last check (the sessions also check after every message);
 * - a socket whose last ping has not been answered is terminated;
 * - otherwise it is pinged with a fresh random payload. Only a pong that echoes that payload
 *   answers it (RFC 6455 requires a pong to echo its ping's data), so pongs sent unsolicited, or
 *   ahead of the ping, keep nothing alive: to answer, the peer must have read every byte sent
 *   before the ping.
 *
 * Answers the function that stops it (call it when the socket has closed).
 */
export function keepAlive(socket: WebSocket, rules: Pick<SocketRules, 'keepAliveMs' | 'maxBufferedBytes'>): () => void {
  // The payload of the ping not answered yet.
  let awaited: Buffer | undefined;
  socket.on('pong', (data: Buffer) => {
    if (awaited?.equals(data)) awaited = undefined;
  });
  const timer = setInterval(() => {
    // A socket already closing is ended by ws when the close handshake does not complete.
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > rules.maxBufferedBytes) return socket.close(SocketClose.TryAgainLater, SLOW_READER_REASON);
    if (awaited) return socket.terminate();
    awaited = randomBytes(8);
    socket.ping(awaited);
  }, rules.keepAliveMs);
  timer.unref();
  return () => clearInterval(timer);
}
