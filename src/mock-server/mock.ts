import { DevControls, type DevControlsOptions } from './dev-controls.js';
import { Chaos } from './runtime/chaos/chaos.js';
import type { ChaosSettings } from './runtime/chaos/chaos-settings.js';
import type { ExecutionMode } from './engine/engine.js';
import type { BugLogger } from './engine/format-error.js';
import type { QueryLimits } from './engine/limits.js';
import type { DemoDataOptions } from './demo/create-demo-state.js';
import type { PasswordHasher } from './state/accounts/passwords.js';
import type { TokenLifetimes } from './state/accounts/sessions.js';
import type { Clock } from './state/clock.js';
import { MockState, type MockStateOptions } from './state/mock-state.js';
import type { FixturesInput } from './user-fixtures/format.js';
import { createRuntime } from './runtime/create-runtime.js';
import { MockData } from './facade/mock-data.js';
import type { Runtime } from './runtime/runtime.js';
import type { RandomModeOptions } from './random/random-runtime.js';

/** What a mock is built from, whichever door serves it (`startMockServer`, `createParleyHandlers`). */
export interface MockOptions {
  /** Seed of the demo data. @default 1 */
  readonly seed?: number;
  /** Start with no data at all instead of the demo workspace. @default false */
  readonly empty?: boolean;
  /** Serve this state instead of building one (tests, custom fixtures). */
  readonly state?: MockState;
  /**
   * Start with the data of a fixtures file (docs/fixtures-format.md), parsed from JSON, instead of
   * the demo workspace. A file with problems rejects with a `FixturesError` listing each with its
   * JSON path. @default none: the demo data (or nothing with `empty`)
   */
  readonly fixtures?: FixturesInput | Readonly<Record<string, unknown>>;
  /** Demo data sizes (see {@link DemoDataOptions}). */
  readonly demo?: Omit<DemoDataOptions, 'seed'>;
  /** Time source, for tests of expiry (a `ManualClock`). @default the system clock */
  readonly clock?: Clock;
  readonly tokenLifetimes?: TokenLifetimes;
  /** `login` refuses accounts whose email is not verified. @default false */
  readonly requireVerification?: boolean;
  /** Storage quota of each workspace, in bytes. @default 5 GiB */
  readonly fileQuotaBytes?: number;
  /** Bytes each user may hold in uploads not used yet, PUTs under way included. @default 100 MiB */
  readonly maxUnusedUploadBytes?: number;
  /** Most characters of a message's content, on send and edit (`--max-message-length`). @default 40000 */
  readonly maxMessageLength?: number;
  /** How operations run (see {@link ExecutionMode}). @default 'adaptive' (the MSW door: 'interpreted') */
  readonly execution?: ExecutionMode;
  /** Request limits (see {@link QueryLimits}); unset ones keep their defaults. */
  readonly limits?: Partial<QueryLimits>;
  /** Where bugs hidden from clients are reported. @default logs to stderr with the stack */
  readonly logBug?: BugLogger;
  /** Chaos to start with, and to go back to on reset. @default none */
  readonly chaos?: ChaosSettings;
  /**
   * Random mode: every operation answers schema-valid random data, the same for the same `seed`
   * and request, with no state behind it (docs/mock.md, "Random mode"). `state`, `empty`,
   * `fixtures` and `demo` do not apply; WebSocket connections need no token.
   * @default false (the stateful mock)
   */
  readonly random?: boolean | RandomModeOptions;
  /**
   * Bounds of the dev controls: the event stream (`GET /dev/events`: streams at once, bytes a
   * stream may hold unread, the keep-alive interval) and the named snapshots (`/dev/snapshots`).
   * @default docs/mock.md, "Limits"
   */
  readonly devControls?: Omit<DevControlsOptions, 'clock'>;
}

/**
 * Where a mock's state is kept between runs (the Node door's `--persist` file): the state to start
 * from, and what keeps the store up to date once the mock runs.
 */
export interface MockStore {
  /** The saved state, restored with `options`; undefined when there is none yet (the mock starts as usual). */
  load(options: MockStateOptions): Promise<MockState | undefined>;
  /** Follows `runtime`'s changes from now on; resolves once the store holds its state. */
  attach(runtime: Runtime): Promise<void>;
  /** Writes what is not written yet and lets the store go (its lock too). */
  close(): Promise<void>;
}

/** What every door needs to build a mock but chooses itself. */
export interface DoorChoices {
  /** Password hashing: Node's native scrypt in Node, the pure-JS one in a browser. @default the pure-JS one */
  readonly passwords?: PasswordHasher;
  /** Take the baseline that reset goes back to (off when no dev controls are served). @default true */
  readonly devControls?: boolean;
  /** Keep the state in this store (`--persist`); ignored in random mode. @default none: the state lives as long as the mock */
  readonly store?: MockStore;
}

/** A mock: the runtime the doors answer with, and the dev controls (when asked for). */
export interface Mock {
  readonly runtime: Runtime;
  readonly controls: DevControls | null;
  /** What tests arrange and read, on the current state. */
  readonly data: MockData;
  /** Lets its store go, once what changed is written (nothing to do without one). */
  close(): Promise<void>;
}

/** The options of every state this mock builds (its first, a restored snapshot, a fixtures file). */
function stateOptions(options: MockOptions, passwords?: PasswordHasher): MockStateOptions {
  return {
    clock: options.clock,
    tokenLifetimes: options.tokenLifetimes,
    requireVerification: options.requireVerification,
    fileQuotaBytes: options.fileQuotaBytes,
    maxUnusedUploadBytes: options.maxUnusedUploadBytes,
    maxMessageLength: options.maxMessageLength,
    ...(passwords ? { passwords } : {}),
  };
}

/** The state to start with: the one given, a fixtures file's, an empty one, or demo data. */
async function startingState(options: MockOptions, passwords?: PasswordHasher): Promise<MockState> {
  if (options.state) return options.state;
  const shared = stateOptions(options, passwords);
  // The fixtures loader, and the demo data (with faker, the heaviest import), load only when wanted.
  if (options.fixtures !== undefined) return (await import('./user-fixtures/load.js')).loadFixtures(options.fixtures, shared);
  if (options.empty) return new MockState(shared);
  const { createDemoState } = await import('./demo/create-demo-state.js');
  return createDemoState({ ...options.demo, ...shared, seed: options.seed ?? 1 });
}

/**
 * The one way to build a mock, for every door and every kind: demo data, empty, a fixtures file, a
 * given state, the state kept in `door.store` (`--persist`), or random mode. Its runtime, and the
 * dev controls that `/dev` and the MSW handler set both call. Browser-safe: nothing here needs
 * Node (the store is the door's).
 */
export async function createMock(options: MockOptions = {}, door: DoorChoices = {}): Promise<Mock> {
  if (options.random) return randomMock(options, options.random, door);
  const { store } = door;
  if (!store) return mockOf(await startingState(options, door.passwords), options, door, async () => {});
  try {
    const saved = await store.load(stateOptions(options, door.passwords));
    const mock = mockOf(saved ?? (await startingState(options, door.passwords)), options, door, () => store.close());
    await store.attach(mock.runtime);
    return mock;
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** A mock over `state`: its runtime and dev controls. */
function mockOf(state: MockState, options: MockOptions, door: DoorChoices, close: () => Promise<void>): Mock {
  const runtime = createRuntime(state, { logBug: options.logBug, execution: options.execution, limits: options.limits, chaos: new Chaos(options.chaos) });
  return { runtime, controls: (door.devControls ?? true) ? new DevControls(runtime, options.chaos, undefined, { ...options.devControls, clock: options.clock }) : null, data: new MockData(runtime), close };
}

/** Random mode (faker and @graphql-tools/mock load only when it is asked for), with the same dev controls. */
async function randomMock(options: MockOptions, random: true | RandomModeOptions, door: DoorChoices): Promise<Mock> {
  const { createRandomRuntime } = await import('./random/random-runtime.js');
  const { logBug, execution, limits, seed, clock } = options;
  const runtime = createRandomRuntime({ ...(random === true ? {} : random), logBug, execution, limits, seed, clock, chaos: new Chaos(options.chaos) });
  return { runtime, controls: (door.devControls ?? true) ? new DevControls(runtime, options.chaos, undefined, { ...options.devControls, clock: options.clock }) : null, data: new MockData(runtime), close: async () => {} };
}
