/**
 * Close codes the WebSocket door uses: graphql-ws's own for the protocol (4400, 4406, 4408, 4409,
 * 4429 are sent by the library), plus these.
 */
export const SocketClose = {
  /** No token, a token that is not valid, or one that expired or was revoked while connected. */
  Unauthorized: 4401,
  /** The client reads so slowly that unsent events pile up (WebSocket's "try again later"). */
  TryAgainLater: 1013,
  /** The server is shutting down. */
  GoingAway: 1001,
  /**
   * The state was replaced (`/dev/reset`, `PUT /dev/snapshot`): subscriptions belonged to the old
   * one. WebSocket's "service restart": graphql-ws clients reconnect (it is not a fatal code).
   */
  StateReplaced: 1012,
} as const;

/** A WebSocket close reason may hold 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  const bytes = Buffer.from(text);
  return bytes.length <= 123 ? text : `${bytes.subarray(0, 120).toString('utf8').replace(/\uFFFD$/, '')}...`;
}
