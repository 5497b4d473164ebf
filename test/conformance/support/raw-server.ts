import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../../../src/mock-server/http/server.js';

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
  const { port } = await listen(server, 0, '127.0.0.1');
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
