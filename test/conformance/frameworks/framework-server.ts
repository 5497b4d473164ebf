import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A framework server under test: GraphQL at `${origin}/graphql`, graphql-ws on the same path. */
export interface FrameworkServer {
  /** `http://127.0.0.1:PORT`, the base URL the suite takes. */
  readonly origin: string;
  /** Stops the server and ends its connections (HTTP and WebSocket). */
  close(): Promise<void>;
}

/** Listens on a free port of 127.0.0.1; resolves with the server's origin. */
export function listenOnLoopback(server: Server): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

/** Closes `server` and every connection it still has (kept-alive HTTP ones too). */
export function closeServer(server: Server): Promise<void> {
  const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  server.closeAllConnections();
  return closed;
}

/**
 * Listens on loopback and returns the running server, whose `close` ends the graphql-ws server
 * (`sockets`) first, then the HTTP server it is attached to.
 */
export async function listenWithSockets(server: Server, sockets: { dispose(): unknown }): Promise<FrameworkServer> {
  const origin = await listenOnLoopback(server);
  return {
    origin,
    close: async () => {
      await sockets.dispose();
      await closeServer(server);
    },
  };
}
