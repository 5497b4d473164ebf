import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Runtime } from '../runtime/runtime.js';
import { refusedHostMessage, type HostAllowList } from '../http/host-allow-list.js';
import type { SandboxRegistry } from '../sandboxes/sandbox-registry.js';
import { sandboxPlace } from '../sandboxes/sandboxes-route.js';
import type { Sandbox } from '../sandboxes/sandbox.js';
import type { WebSocketDoor, WebSocketDoorOptions } from './websocket-door.js';

/** The close reason of a sandbox's sockets when it is dropped (close code 1001). */
export const SANDBOX_DROPPED_REASON = 'the sandbox was dropped (DELETE, idle timeout or server close)';

/**
 * Routes WebSocket upgrades of `server` to the WebSocket door: `/graphql` only, anything else is
 * answered 404; an upgrade whose `Host` is not in `hosts` is answered 403 (the HTTP door's rule:
 * a DNS-rebinding page must not open a socket either). The door (ws and graphql-ws: docs/benchmarks.md, "Start-up") loads in the background once
 * the server listens, so start-up does not wait for it; an upgrade that comes first waits for it.
 * With `sandboxes`, `/sandboxes/<id>/graphql` goes to that sandbox's own door (made at its first
 * upgrade, closed with 1001 when the sandbox is dropped); an id that names none is answered 404.
 */
export function attachWebSocketDoor(server: Server, runtime: Runtime, hosts: HostAllowList, options: WebSocketDoorOptions = {}, sandboxes: SandboxRegistry | null = null): { close(): Promise<void> } {
  let door: Promise<WebSocketDoor> | undefined;
  let closed = false;
  const load = () => (door ??= import('./websocket-door.js').then((module) => module.createWebSocketDoor(runtime, options)));
  const sandboxDoors = new Map<string, Promise<WebSocketDoor>>();
  const sandboxDoor = (sandbox: Sandbox): Promise<WebSocketDoor> => {
    let made = sandboxDoors.get(sandbox.id);
    if (!made) {
      made = import('./websocket-door.js').then((module) => {
        const created = module.createWebSocketDoor(sandbox.runtime, { ...options, basePath: sandbox.base });
        // Open sockets keep the sandbox from being reclaimed as idle.
        sandbox.busyWhile(() => created.openSockets > 0);
        return created;
      });
      sandboxDoors.set(sandbox.id, made);
    }
    return made;
  };
  // Doors of dropped sandboxes still closing: the server's close waits for them.
  const closing = new Set<Promise<void>>();
  const stopFollowingDrops = sandboxes?.onDropped((sandbox) => {
    const dropped = sandboxDoors.get(sandbox.id);
    if (!dropped) return;
    sandboxDoors.delete(sandbox.id);
    const closed = dropped.then((each) => each.close(SANDBOX_DROPPED_REASON));
    closing.add(closed);
    void closed.finally(() => closing.delete(closed));
  });
  // Loaded ahead, once listening, so the first upgrade does not wait for it. A close before then
  // cancels it: a test that starts a server and closes it at once must not have a module load
  // after it ended (Jest tears its module registry down and fails the load).
  let ahead: NodeJS.Immediate | undefined;
  server.once('listening', () => {
    if (!closed) ahead = setImmediate(() => void load());
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = (request.url ?? '/').split('?', 1)[0]!;
    const place = sandboxes && pathname !== '/graphql' ? sandboxPlace(pathname) : null;
    const inSandbox = place !== null && place.id !== null && place.rest === '/graphql';
    if (pathname !== '/graphql' && !inSandbox) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!hosts.allows(request.headers.host)) {
      const body = refusedHostMessage(request.headers.host);
      socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    const sandbox = inSandbox ? sandboxes!.get(place.id!) : undefined;
    if (inSandbox && !sandbox) {
      const body = 'no sandbox has this id: it was never made, was dropped, or was reclaimed; POST /sandboxes makes a new one';
      socket.end(`HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    (sandbox ? sandboxDoor(sandbox) : load()).then(
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
      stopFollowingDrops?.();
      const doors = [...sandboxDoors.values()];
      sandboxDoors.clear();
      await Promise.all([...doors.map(async (each) => (await each).close(SANDBOX_DROPPED_REASON)), ...closing]);
      if (door) await (await door).close();
    },
  };
}
