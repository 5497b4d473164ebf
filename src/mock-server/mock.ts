import { createEngine } from './create-engine.js';
import { DevControls } from './dev-controls.js';
import { Chaos } from './engine/chaos.js';
import type { ChaosSettings } from './engine/chaos-settings.js';
import type { Engine, ExecutionMode } from './engine/engine.js';
import type { BugLogger } from './engine/format-error.js';
import type { QueryLimits } from './engine/limits.js';
import type { DemoDataOptions } from './demo/create-demo-state.js';
import type { PasswordHasher } from './state/accounts/passwords.js';
import type { TokenLifetimes } from './state/accounts/sessions.js';
import type { Clock } from './state/clock.js';
import { MockState, type MockStateOptions } from './state/mock-state.js';
import type { FixturesInput } from './user-fixtures/format.js';

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
}

/** What every door needs to build a mock but chooses itself. */
export interface DoorChoices {
  /** Password hashing: Node's native scrypt in Node, the pure-JS one in a browser. @default the pure-JS one */
  readonly passwords?: PasswordHasher;
  /** Take the baseline that reset goes back to (off when no dev controls are served). @default true */
  readonly devControls?: boolean;
}

/** A mock: the engine the doors answer with, and the dev controls (when asked for). */
export interface Mock {
  readonly engine: Engine;
  readonly controls: DevControls | null;
}

/** The options of every state this mock builds (its first, a restored snapshot, a fixtures file). */
export function stateOptions(options: MockOptions, passwords?: PasswordHasher): MockStateOptions {
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
export async function startingState(options: MockOptions, passwords?: PasswordHasher): Promise<MockState> {
  if (options.state) return options.state;
  const shared = stateOptions(options, passwords);
  // The fixtures loader, and the demo data (with faker, the heaviest import), load only when wanted.
  if (options.fixtures !== undefined) return (await import('./user-fixtures/load.js')).loadFixtures(options.fixtures, shared);
  if (options.empty) return new MockState(shared);
  const { createDemoState } = await import('./demo/create-demo-state.js');
  return createDemoState({ ...options.demo, ...shared, seed: options.seed ?? 1 });
}

/**
 * The one way to build a mock, for every door: its state, the engine over it, and the dev
 * controls that `/dev` and the MSW handler set both call. Browser-safe: nothing here needs Node.
 */
export async function createMock(options: MockOptions = {}, door: DoorChoices = {}): Promise<Mock> {
  const state = await startingState(options, door.passwords);
  return mockOf(state, options, door);
}

/** A mock over a state the door already has (the `--persist` file as loaded). */
export function mockOf(state: MockState, options: MockOptions, door: DoorChoices = {}): Mock {
  const engine = createEngine(state, { logBug: options.logBug, execution: options.execution, limits: options.limits, chaos: new Chaos(options.chaos) });
  return { engine, controls: (door.devControls ?? true) ? new DevControls(engine, options.chaos) : null };
}
