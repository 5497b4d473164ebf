import type { Server } from 'node:http';
import type { MockState } from './state/mock-state.js';
import { createMock, type DoorChoices, type MockOptions } from './mock.js';
import { createHttpDoor, devRoutesServed, listen, type HttpDoorOptions } from './http/server.js';
import { HostAllowList } from './http/host-allow-list.js';
import { sweepExpiredUploads, type RouteHost } from './routes/route-host.js';
import { nodePasswordHasher } from './platform/node-passwords.js';
import type { Runtime } from './runtime/runtime.js';
import type { MockData } from './facade/mock-data.js';
import type { PersistOptions } from './persist/state-file.js';
import type { SocketRules } from './realtime/socket-rules.js';
import { attachWebSocketDoor } from './ws/attach.js';

export interface MockServerOptions extends MockOptions, HttpDoorOptions {
  /** Port to listen on; 0 picks a free one. @default 4000 */
  readonly port?: number;
  /**
   * Keep the state in this file (`parley mock serve --persist FILE`): loaded at start when it
   * exists (a corrupt or incompatible file is refused: `startMockServer` rejects with
   * `StateFileRefused` and leaves it untouched; a torn last append is cut off), kept up to date by
   * appending what changed, debounced, and at `close()`. Without a file yet, the state is built as usual (`state`, `empty`, demo).
   * Ignored in `random` mode.
   */
  readonly persist?: string | PersistOptions;
  /**
   * Changes some limits of the WebSocket door (`socketRules`: unsent bytes a socket may hold,
   * keep-alive interval, largest pong payload, operations per connection). @default socketRules
   */
  readonly socketRules?: Partial<SocketRules>;
}

export interface RunningMockServer {
  /** The GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  readonly url: string;
  /** The same endpoint for subscriptions (graphql-ws), e.g. `ws://127.0.0.1:4000/graphql`. */
  readonly wsUrl: string;
  /** `http://HOST:PORT`, the base URL the conformance suite takes. */
  readonly origin: string;
  readonly port: number;
  /**
   * Arrange data and read it in tests: users, workspaces, conversations, messages, sign-ins, the
   * outbox (see `MockData`). The same object across resets.
   */
  readonly data: MockData;
  /**
   * The state being served now: `/dev/reset` and `PUT /dev/snapshot` replace it, so read it again
   * after one. Internal: not covered by semver (use {@link data}).
   * @internal
   */
  readonly state: MockState;
  /** The running mock: its state and replacement, change signal, journal and chaos, and the engine. */
  readonly runtime: Runtime;
  readonly server: Server;
  /** Stops accepting connections, ends open ones and resolves when the port is free. */
  close(): Promise<void>;
}

/** What `persist` names, as options. */
const persistOptions = (persist: string | PersistOptions): PersistOptions => (typeof persist === 'string' ? { file: persist } : persist);

/** Builds the state (demo data unless `empty`), starts the HTTP and WebSocket doors and resolves once they listen. */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  // The Node door hashes with Node's native scrypt; a browser door keeps the pure-JS default.
  const door: DoorChoices = { passwords: nodePasswordHasher, devControls: devRoutesServed(options) };
  const host = options.host ?? '127.0.0.1';
  // First: a name that could never match is refused before the --persist file is locked.
  const hosts = new HostAllowList(host, options.allowedHosts);
  // The file store (and node:fs) loads only with --persist.
  const store = options.persist && !options.random ? (await import('./persist/file-store.js')).fileStore(persistOptions(options.persist)) : undefined;
  const mock = await createMock(options, { ...door, store });
  const { runtime } = mock;
  const server = createHttpDoor(runtime, mock.controls, hosts, options);
  const realtime = attachWebSocketDoor(server, runtime, hosts, { anyone: Boolean(options.random), rules: options.socketRules });
  const address = await listen(server, options.port ?? 4000, host).catch(async (error: unknown) => {
    // Not serving (the port is taken): the file is left to the next mock, lock released.
    await realtime.close();
    await mock.close();
    throw error;
  });
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${shownHost}:${address.port}`;
  // Uploads that expired unused leave memory (and the --persist file) even when nobody calls.
  const stopSweeping = options.random ? () => {} : sweepUploads(runtime);
  return {
    url: `${origin}/graphql`,
    wsUrl: `ws://${shownHost}:${address.port}/graphql`,
    origin,
    port: address.port,
    get state() {
      return runtime.state;
    },
    runtime,
    data: mock.data,
    server,
    close: async () => {
      stopSweeping();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await realtime.close();
      await closed;
      await mock.close();
    },
  };
}

/** How often, in real time, the Node door drops the uploads that expired unused. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Drops the uploads that expired unused every minute, whether anyone calls or not, so their bytes
 * leave memory, and through the change signal the `--persist` file, at most a minute after they
 * expire. Expiry is read on the state's clock (a manual clock in tests, where a lookup or a new
 * upload sweeps as well). The timer never keeps the process alive. Returns what stops it.
 */
function sweepUploads(host: RouteHost): () => void {
  const timer = setInterval(() => sweepExpiredUploads(host), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
