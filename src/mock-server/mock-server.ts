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
import { graphqlRoute } from './http/graphql-route.js';
import { SandboxRegistry } from './sandboxes/sandbox-registry.js';
import { sandboxesApi, type SandboxesApi } from './sandboxes/sandbox-handle.js';
import { systemClock } from './state/clock.js';
import { simulatorOf, stopSimulator, type ScenarioInput, type SimulateOptions } from './simulator/index.js';

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
  /**
   * A sandbox with no request and no open socket for this long is dropped (`--sandbox-idle-timeout`,
   * in milliseconds here), read on the mock's `clock`. @default 600000 (10 minutes)
   */
  readonly sandboxIdleTimeoutMs?: number;
  /** The most sandboxes that exist at once (`--max-sandboxes`); one more is refused with 429 `QUOTA_EXCEEDED`. @default 100 */
  readonly maxSandboxes?: number;
  /**
   * Starts the simulator once the server listens (`--simulate`, docs/simulator.md): a built-in
   * scenario's name (`'busy-channel'`), a scenario object, or either with `seed`, `ratePerMinute`
   * and `conversation`. A scenario with problems rejects with a `ScenarioError` (each problem with
   * its path), after the port is let go. Not in random mode. @default none
   */
  readonly simulate?: string | SimulateStart;
}

/** What {@link MockServerOptions.simulate} starts: a scenario and what to change of it. */
export interface SimulateStart extends Omit<SimulateOptions, 'publicOrigin'> {
  readonly scenario: string | ScenarioInput;
}

export interface RunningMockServer {
  /** The GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  readonly url: string;
  /**
   * The same endpoint for subscriptions (graphql-ws), e.g. `ws://127.0.0.1:4000/graphql`. On Node 20
   * graphql-ws's `createClient` needs `webSocketImpl: WebSocket` from the `ws` package (`import
   * WebSocket from 'ws'`): Node has no global WebSocket before Node 22.
   */
  readonly wsUrl: string;
  /** `http://HOST:PORT`: the base of `/dev/...` (`POST ${origin}/dev/reset`), `/sandboxes` and the conformance suite. */
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
  /**
   * Back to how the server started, as `POST /dev/reset`: its starting state, chaos and an empty
   * journal; open WebSockets close with 1012. Throws when the server serves no dev routes.
   */
  reset(): void;
  /**
   * Isolated sandboxes on this server (docs/mock.md, "Sandboxes: one server, isolated tests"):
   * `await sandboxes.create()` gives one with URLs of its own and its own `data`, `reset()` and `close()`.
   */
  readonly sandboxes: SandboxesApi;
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
  const { runtime, controls } = mock;
  // Sandboxes are served where /dev is; in memory only (with --persist, the root alone persists).
  const sandboxes = controls
    ? new SandboxRegistry({
        engine: runtime.engine,
        baseline: controls.baseline,
        stateOptions: runtime.state.options,
        startingChaos: controls.startingChaos,
        clock: options.clock ?? systemClock,
        idleTimeoutMs: options.sandboxIdleTimeoutMs,
        maxSandboxes: options.maxSandboxes,
        graphqlRoute: (each, base) => graphqlRoute(each, base).fetch,
        unavailable: options.random ? 'random mode keeps no state, so every client is isolated already: use /graphql' : undefined,
      })
    : null;
  const server = createHttpDoor(runtime, controls, hosts, options, sandboxes);
  const realtime = attachWebSocketDoor(server, runtime, hosts, { anyone: Boolean(options.random), rules: options.socketRules }, sandboxes);
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
  const stopReclaiming = sandboxes ? reclaimSandboxes(sandboxes) : () => {};
  // A dropped sandbox's scenario stops with it (its timers would otherwise keep its state alive).
  sandboxes?.onDropped((sandbox) => stopSimulator(sandbox.runtime));
  const stopSimulating = () => stopSimulator(runtime);
  const running: RunningMockServer = {
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
    reset: () => {
      if (!controls) throw new Error('reset() needs the dev controls: this server serves no dev routes (devRoutes: false)');
      controls.reset();
    },
    sandboxes: sandboxesApi(sandboxes, () => origin, 'sandboxes need the dev routes: this server serves none (devRoutes: false)'),
    close: async () => {
      stopSweeping();
      stopReclaiming();
      stopSimulating();
      sandboxes?.dropAll();
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await realtime.close();
      await closed;
      await mock.close();
    },
  };
  if (options.simulate !== undefined) {
    try {
      if (options.random) throw new Error('simulate needs the stateful mock: random mode keeps no state to act on');
      const { scenario, ...settings } = typeof options.simulate === 'string' ? { scenario: options.simulate } : options.simulate;
      // The dev routes load with the first request to them; with --simulate, now.
      const simulator = controls ? (await import('./routes/dev/simulator.js')).simulatorFor(controls) : simulatorOf(runtime);
      await simulator.start(scenario, { ...settings, publicOrigin: origin });
    } catch (error) {
      await running.close();
      throw error;
    }
  }
  return running;
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

/**
 * Drops idle sandboxes on a real-time timer too (every request looks as well), so their memory goes
 * even when nobody calls. Idle time is read on the mock's clock. The timer never keeps the process alive.
 */
function reclaimSandboxes(sandboxes: SandboxRegistry): () => void {
  const timer = setInterval(() => sandboxes.reclaimIdle(), Math.min(SWEEP_EVERY_MS, Math.max(1_000, sandboxes.idleTimeoutMs / 2)));
  timer.unref();
  return () => clearInterval(timer);
}
