import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningRawServer {
  readonly origin: string;
  close(): Promise<void>;
}

/**
 * Starts a bare node:http server on a free port that answers every request with `handle`: for
 * servers that are not GraphQL servers at all (HTML error pages, broken JSON, silence).
 */
export async function startRawServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<RunningRawServer> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A base URL where nothing listens: a port that was free a moment ago. */
export async function closedPortOrigin(): Promise<string> {
  const server = await startRawServer((_req, res) => res.end());
  await server.close();
  return server.origin;
}
