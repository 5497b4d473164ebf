import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Runtime } from '../runtime/runtime.js';
import { refusedHostMessage, type HostAllowList } from '../http/host-allow-list.js';
import type { WebSocketDoor, WebSocketDoorOptions } from './websocket-door.js';

/**
 * Routes WebSocket upgrades of `server` to the WebSocket door: `/graphql` only, anything else is
 * answered 404; an upgrade whose `Host` is not in `hosts` is answered 403 (the HTTP door's rule:
 * a DNS-rebinding page must not open a socket either). The door (ws and graphql-ws: docs/benchmarks.md, "Start-up") loads in the background once
 * the server listens, so start-up does not wait for it; an upgrade that comes first waits for it.
 */
export function attachWebSocketDoor(server: Server, runtime: Runtime, hosts: HostAllowList, options: WebSocketDoorOptions = {}): { close(): Promise<void> } {
  let door: Promise<WebSocketDoor> | undefined;
  let closed = false;
  const load = () => (door ??= import('./websocket-door.js').then((module) => module.createWebSocketDoor(runtime, options)));
  // Loaded ahead, once listening, so the first upgrade does not wait for it. A close before then
  // cancels it: a test that starts a server and closes it at once must not have a module load
  // after it ended (Jest tears its module registry down and fails the load).
  let ahead: NodeJS.Immediate | undefined;
  server.once('listening', () => {
    if (!closed) ahead = setImmediate(() => void load());
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '/').split('?', 1)[0];
    if (pathname !== '/graphql') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!hosts.allows(request.headers.host)) {
      const body = refusedHostMessage(request.headers.host);
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    load().then(
      (loaded) => loaded.handleUpgrade(request, socket, head),
      (error: unknown) => {
        runtime.logBug(error instanceof Error ? error : new Error(String(error)));
        socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      },
    );
  });

  return {
    close: async () => {
      closed = true;
      clearImmediate(ahead);
      if (door) await (await door).close();
    },
  };
}
