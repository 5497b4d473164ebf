/** Limits of the WebSocket door (see the README, "Realtime"). */
export const socketRules = {
  /** Operations one connection may run at once; more is almost always a client leaking them. */
  maxOperationsPerConnection: 200,
  /** Unsent bytes a socket may hold before the door gives up on a client that does not read. */
  maxBufferedBytes: 16 * 1024 * 1024,
  /** How often the server pings; a client that does not answer within as long is dropped. */
  keepAliveMs: 12_000,
} as const;
