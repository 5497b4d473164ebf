import type { Server } from 'node:http';
import { createEngine } from './create-engine.js';
import { Chaos } from './engine/chaos.js';
import type { ChaosSettings } from './engine/chaos-settings.js';
import type { Engine, EngineOptions, ExecutionMode } from './engine/engine.js';
import type { QueryLimits } from './engine/limits.js';
import type { BugLogger } from './engine/format-error.js';
import type { DemoDataOptions } from './demo/create-demo-state.js';
import type { FixturesInput } from './user-fixtures/format.js';
import { createHttpDoor, listen, type HttpDoorOptions } from './http/server.js';
import { HostAllowList } from './http/host-allow-list.js';
import type { Clock } from './state/clock.js';
import { nodePasswordHasher } from './platform/node-passwords.js';
import { MockState, type MockStateOptions } from './state/mock-state.js';
import type { RandomModeOptions } from './random/random-engine.js';
import type { PersistOptions, StateFileWriter } from './persist/state-file.js';
import type { TokenLifetimes } from './state/accounts/sessions.js';
import { attachWebSocketDoor } from './ws/attach.js';

export interface MockServerOptions extends HttpDoorOptions {
  /** Port to listen on; 0 picks a free one. @default 4000 */
  readonly port?: number;
  /** Seed of the demo data. @default 1 */
  readonly seed?: number;
  /** Start with no data at all instead of the demo workspace. @default false */
  readonly empty?: boolean;
  /** Serve this state instead of building one (tests, custom fixtures). */
  readonly state?: MockState;
  /** Time source, for tests of expiry. @default the system clock */
  readonly clock?: Clock;
  readonly tokenLifetimes?: TokenLifetimes;
  /** How operations run (see {@link ExecutionMode}). @default 'adaptive' */
  readonly execution?: ExecutionMode;
  /** Request limits (see {@link QueryLimits}); unset ones keep their defaults. */
  readonly limits?: Partial<QueryLimits>;
  /** Where bugs hidden from clients are reported. @default logs to stderr with the stack */
  readonly logBug?: BugLogger;
  /** `login` refuses accounts whose email is not verified. @default false */
  readonly requireVerification?: boolean;
  /** Storage quota of each workspace, in bytes. @default 5 GiB */
  readonly fileQuotaBytes?: number;
  /**
   * Serve the data of a fixtures file (docs/fixtures-format.md), parsed from JSON, instead of the
   * demo workspace. A file with problems rejects with a `FixturesError` listing each with its path.
   * @default none: the demo data (or nothing with `empty`)
   */
  readonly fixtures?: FixturesInput | Readonly<Record<string, unknown>>;
  /** Demo data sizes (see {@link DemoDataOptions}). */
  readonly demo?: Omit<DemoDataOptions, 'seed'>;
  /**
   * Random mode: every operation answers schema-valid random data, the same for the same `seed`
   * and request, with no state behind it (see the README, "Random mode"). `state`, `empty` and
   * `demo` do not apply; WebSocket connections need no token.
   * @default false (the stateful mock)
   */
  readonly random?: boolean | RandomModeOptions;
  /**
   * Chaos to start with: injected latency and failures (see the README, "Dev controls"), changed at
   * run time through `/dev/chaos` or `mock.engine.chaos`. @default none
   */
  readonly chaos?: ChaosSettings;
  /**
   * Keep the state in this file (`parley mock serve --persist FILE`): loaded at start when it
   * exists (a torn, corrupt or incompatible file is refused: `startMockServer` rejects with
   * `StateFileRefused` and leaves it untouched), written after changes, debounced and atomically,
   * and at `close()`. Without a file yet, the state is built as usual (`state`, `empty`, demo).
   * Ignored in `random` mode.
   */
  readonly persist?: string | PersistOptions;
}

export interface RunningMockServer {
  /** The GraphQL endpoint, e.g. `http://127.0.0.1:4000/graphql`. */
  readonly url: string;
  /** The same endpoint for subscriptions (graphql-ws), e.g. `ws://127.0.0.1:4000/graphql`. */
  readonly wsUrl: string;
  /** `http://HOST:PORT`, the base URL the conformance suite takes. */
  readonly origin: string;
  readonly port: number;
  /** The state being served now: `/dev/reset` and `PUT /dev/snapshot` replace it, so read it again after one. */
  readonly state: MockState;
  readonly engine: Engine;
  readonly server: Server;
  /** Stops accepting connections, ends open ones and resolves when the port is free. */
  close(): Promise<void>;
}

/** Loads the fixtures module (and faker, the heaviest import) only when demo data is wanted. */
async function demoState(options: Parameters<typeof import('./demo/create-demo-state.js').createDemoState>[0]): Promise<MockState> {
  const { createDemoState } = await import('./demo/create-demo-state.js');
  return createDemoState(options);
}

/** The options every state of this server is built with. */
function stateOptions(options: MockServerOptions): MockStateOptions {
  return {
    clock: options.clock,
    tokenLifetimes: options.tokenLifetimes,
    requireVerification: options.requireVerification,
    fileQuotaBytes: options.fileQuotaBytes,
    // The Node door hashes with Node's native scrypt; a browser door keeps the pure-JS default.
    passwords: nodePasswordHasher,
  };
}

/** The state to serve: the one given, a fixtures file's, an empty one, or demo data. */
async function mockState(options: MockServerOptions): Promise<MockState> {
  const shared = stateOptions(options);
  if (options.state) return options.state;
  if (options.fixtures !== undefined) return (await import('./user-fixtures/load.js')).loadFixtures(options.fixtures, shared);
  return options.empty ? new MockState(shared) : await demoState({ ...options.demo, ...shared, seed: options.seed ?? 1 });
}

/** What `persist` names, as options. */
const persistOptions = (persist: string | PersistOptions): PersistOptions => (typeof persist === 'string' ? { file: persist } : persist);

/**
 * The state in the `--persist` file, or the usual one when there is none yet; and the writer
 * that keeps the file up to date (it writes at once when the file did not exist).
 */
async function persistedEngine(options: MockServerOptions, persist: PersistOptions, engineOptions: Omit<EngineOptions, 'schema' | 'state'>): Promise<{ engine: Engine; writer: StateFileWriter }> {
  const { loadStateFile, StateFileWriter } = await import('./persist/state-file.js');
  const loaded = await loadStateFile(persist.file, stateOptions(options));
  const engine = createEngine(loaded ?? (await mockState(options)), engineOptions);
  const writer = new StateFileWriter(engine, persist);
  if (!loaded) await writer.writeNow();
  return { engine, writer };
}

/** Loads random mode (faker and @graphql-tools/mock) only when it is asked for. */
async function randomEngine(options: MockServerOptions, random: true | RandomModeOptions): Promise<Engine> {
  const { createRandomEngine } = await import('./random/random-engine.js');
  const { logBug, execution, limits, seed, clock } = options;
  return createRandomEngine({ ...(random === true ? {} : random), logBug, execution, limits, seed, clock, chaos: new Chaos(options.chaos) });
}

/** Builds the state (demo data unless `empty`), starts the HTTP and WebSocket doors and resolves once they listen. */
export async function startMockServer(options: MockServerOptions = {}): Promise<RunningMockServer> {
  const engineOptions = { logBug: options.logBug, execution: options.execution, limits: options.limits, chaos: new Chaos(options.chaos) };
  const persisted = options.persist && !options.random ? await persistedEngine(options, persistOptions(options.persist), engineOptions) : undefined;
  const engine = persisted?.engine ?? (options.random ? await randomEngine(options, options.random) : createEngine(await mockState(options), engineOptions));
  const server = createHttpDoor(engine, options);
  const host = options.host ?? '127.0.0.1';
  const realtime = attachWebSocketDoor(server, engine, new HostAllowList(host, options.allowedHosts), { anyone: Boolean(options.random) });
  const address = await listen(server, options.port ?? 4000, host);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `http://${shownHost}:${address.port}`;
  return {
    url: `${origin}/graphql`,
    wsUrl: `ws://${shownHost}:${address.port}/graphql`,
    origin,
    port: address.port,
    get state() {
      return engine.state;
    },
    engine,
    server,
    close: async () => {
      const closed = new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      server.closeAllConnections();
      await realtime.close();
      await closed;
      await persisted?.writer.close();
    },
  };
}
