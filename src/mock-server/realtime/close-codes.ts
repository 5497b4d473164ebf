/**
 * Close codes the WebSocket doors (Node's and MSW's) use: graphql-ws's own for the protocol (4400,
 * 4406, 4408, 4409, 4429 are sent by the library), plus these.
 */
export const SocketClose = {
  /** No token, a token that is not valid, or one that expired or was revoked while connected. */
  Unauthorized: 4401,
  /** The client reads so slowly that unsent events pile up (WebSocket's "try again later"). */
  TryAgainLater: 1013,
  /** The server is shutting down. */
  GoingAway: 1001,
  /**
   * The state the connection ran on was replaced (`/dev/reset`, `PUT /dev/snapshot`, the MSW door's
   * `reset()`): WebSocket's "service restart", which graphql-ws clients retry (it is not fatal).
   */
  ServiceRestart: 1012,
} as const;

/** The reason given with {@link SocketClose.TryAgainLater}. */
export const SLOW_READER_REASON = 'the client reads too slowly; reconnect and catch up with messagesSince';

/** A WebSocket close reason may hold 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // A character cut in half decodes as U+FFFD; it is dropped.
  return bytes.length <= 123 ? text : `${new TextDecoder().decode(bytes.subarray(0, 120)).replace(/\uFFFD$/, '')}...`;
}
