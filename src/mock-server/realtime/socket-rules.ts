/**
 * Limits of the WebSocket doors (docs/mock.md, "Realtime: subscriptions over WebSocket"). Each can
 * be changed with `startMockServer`'s `socketRules` option (tests use small ones).
 */
export interface SocketRules {
  /** Operations one connection may run at once; more is almost always a client leaking them. */
  readonly maxOperationsPerConnection: number;
  /**
   * Bytes sent to a socket and not yet written out that the door holds before it gives up on a
   * client that does not read: the socket is closed with 1013. Checked after every message the
   * server sends (events, results, pongs, the acknowledgement) and at every keep-alive ping.
   */
  readonly maxBufferedBytes: number;
  /**
   * How often the server pings; a client that has not answered the last ping (a WebSocket pong
   * echoing its payload) by the next one is dropped. Unsolicited pongs count for nothing.
   */
  readonly keepAliveMs: number;
  /**
   * Largest `payload` of a graphql-ws `ping` (as JSON, in UTF-8 bytes) that its `pong` echoes; a
   * larger one is answered by a `pong` without a payload, so a ping cannot make the server hold
   * more than it was sent, nor much at all.
   */
  readonly maxPongPayloadBytes: number;
}

export const socketRules: SocketRules = Object.freeze({
  maxOperationsPerConnection: 200,
  maxBufferedBytes: 16 * 1024 * 1024,
  keepAliveMs: 12_000,
  maxPongPayloadBytes: 1024,
});
