import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterEach, expect, it, vi } from 'vitest';
import type { Runtime } from '../../src/mock-server/runtime/runtime.js';
import type { HostAllowList } from '../../src/mock-server/http/host-allow-list.js';
import { attachWebSocketDoor } from '../../src/mock-server/ws/attach.js';

/**
 * The WebSocket door (ws and graphql-ws) loads in the background once the server listens. A
 * server closed before then must not load it afterwards: under Jest, a test that starts
 * `startMockServer` and closes it at once had the module load after the test ended, which Jest 30
 * answered by crashing the run (`Cannot destructure property 'randomBytes'`, ws loading in a
 * torn-down module registry) and Jest 29 with "import after the Jest environment has been torn down".
 */

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/mock-server/ws/websocket-door.js', () => ({
  createWebSocketDoor: () => {
    loads.count += 1;
    return { handleUpgrade: () => undefined, close: async () => undefined };
  },
}));

const servers: Server[] = [];
afterEach(async () => {
  loads.count = 0;
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const runtime = {} as Runtime; // the mocked door never reads it
const hosts = {} as HostAllowList; // read by upgrades only, and none is made

/** Two turns of the event loop, and the dynamic import's settling: time for a background load to happen. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

it('loads the door in the background once the server listens', async () => {
  const server = createServer();
  servers.push(server);
  attachWebSocketDoor(server, runtime, hosts);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await vi.waitFor(() => expect(loads.count).toBe(1));
});

it('does not load it after a close that came first', async () => {
  const server = createServer();
  servers.push(server);
  const door = attachWebSocketDoor(server, runtime, hosts);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening'); // the door's own listener has run: its load is scheduled
  await door.close();
  await settle();
  expect(loads.count).toBe(0);
});
