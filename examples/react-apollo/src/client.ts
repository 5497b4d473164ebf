import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { SetContextLink } from '@apollo/client/link/context';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';
import { createCache } from './cache.js';

/** State of the subscription socket, as the screen shows it. */
export type ConnectionStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface Parley {
  readonly client: ApolloClient;
  /** The access token of `login`, sent on every request and in the socket's `connection_init`. */
  setToken(token: string): void;
  readonly connection: Connection;
}

export interface Connection {
  status(): ConnectionStatus;
  /** Runs `listener` at each change of status; returns the unsubscribe. */
  onStatus(listener: () => void): () => void;
  /**
   * Runs `listener` each time the socket is acknowledged (`connected` of graphql-ws), the first
   * time and after every reconnect: events sent while the socket was down are never replayed, so
   * a screen reads what it missed with `messagesSince` (see `catchUp` in cache.ts).
   */
  onConnected(listener: () => void): () => void;
  /** Simulates a network drop: closes the socket and keeps it closed until `restore()`. */
  drop(): void;
  restore(): void;
}

/**
 * One Apollo Client for the app: queries and mutations over HTTP, subscriptions over graphql-ws
 * on the same URL (`ws:` for `http:`), split by operation type. The URL is all that differs
 * between Parley in the browser and a server (see config.ts).
 */
export function createParley(url: string): Parley {
  let token: string | null = null;
  let status: ConnectionStatus = 'idle';
  const statusListeners = new Set<() => void>();
  const connectedListeners = new Set<() => void>();
  const setStatus = (next: ConnectionStatus): void => {
    status = next;
    statusListeners.forEach((listener) => listener());
  };

  // While "offline", graphql-ws's retry waits here; restore() lets it go on at once.
  let offline: { promise: Promise<void>; resume: () => void } | null = null;

  const socket = createClient({
    url: url.replace(/^http/, 'ws'),
    // Read at each (re)connection, so a socket opened after login carries the token.
    connectionParams: () => (token ? { Authorization: `Bearer ${token}` } : {}),
    // Keep trying: a chat screen never gives up on its socket. graphql-ws still stops at once on
    // the fatal close codes (4401 for a token that ended, 4403, 4400…).
    retryAttempts: Infinity,
    retryWait: async (retries) => {
      if (offline) return offline.promise;
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** retries, 10_000) + Math.random() * 250));
    },
    on: {
      connecting: (wasRetry) => setStatus(offline ? 'offline' : wasRetry ? 'reconnecting' : 'connecting'),
      connected: () => {
        setStatus('live');
        connectedListeners.forEach((listener) => listener());
      },
      closed: () => setStatus(offline ? 'offline' : 'reconnecting'),
    },
  });

  const auth = new SetContextLink(({ headers }) => ({ headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }));
  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(socket),
    auth.concat(new HttpLink({ uri: url })),
  );
  const client = new ApolloClient({ link, cache: createCache() });

  return {
    client,
    setToken: (next) => void (token = next),
    connection: {
      status: () => status,
      onStatus(listener) {
        statusListeners.add(listener);
        return () => void statusListeners.delete(listener);
      },
      onConnected(listener) {
        connectedListeners.add(listener);
        return () => void connectedListeners.delete(listener);
      },
      drop() {
        if (offline) return;
        let resume = (): void => {};
        const promise = new Promise<void>((resolve) => (resume = resolve));
        offline = { promise, resume };
        setStatus('offline');
        // As if the network went away: no close handshake; graphql-ws retries (and waits above).
        socket.terminate();
      },
      restore() {
        const wasOffline = offline;
        offline = null;
        wasOffline?.resume();
      },
    },
  };
}
