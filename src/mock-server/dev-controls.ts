import type { ChaosSettings } from './runtime/chaos/chaos-settings.js';
import type { Chaos } from './runtime/chaos/chaos.js';
import type { Runtime } from './runtime/runtime.js';
import type { RequestJournal } from './runtime/journal/journal.js';
import { StateBaseline } from './state/snapshot/baseline.js';
import { exportSnapshot } from './state/snapshot/export.js';
import { restoreSnapshot } from './state/snapshot/restore.js';
import type { SnapshotDocument } from './state/snapshot/schema.js';
import type { FixturesResult } from './user-fixtures/load.js';
import { DevEvents, type DevEventLimits } from './dev/dev-events.js';
import { NamedSnapshots, type NamedSnapshotInfo } from './dev/named-snapshots.js';
import { isControllable, readClock, type Clock, type ClockReading } from './state/clock.js';

/** The bounds {@link DevControls} keeps to, each with its default. */
export interface DevControlsOptions {
  /** The event stream's bounds (`GET /dev/events`). */
  readonly events?: Partial<DevEventLimits>;
  /** @default 20 (`DEFAULT_MAX_NAMED_SNAPSHOTS`) */
  readonly maxNamedSnapshots?: number;
  /** @default 64 MiB (`DEFAULT_MAX_NAMED_SNAPSHOT_BYTES`) */
  readonly maxNamedSnapshotBytes?: number;
  /**
   * The clock the mock was started with, which `/dev/clock` reads and moves. A state's own clock
   * may wrap it (the demo data and fixtures read a fixed time while they load), so it is handed
   * here. @default the runtime's state's clock
   */
  readonly clock?: Clock;
}

/**
 * What a developer or a test steers of a running mock, as operations on its engine: `/dev/*` over
 * HTTP and the MSW handler set call these, so both doors mean the same by reset, snapshot and
 * fixtures (docs/mock.md, "Dev controls"). Every swap of the state closes open WebSockets with
 * 1012: their subscriptions belong to the old state.
 */
export class DevControls {
  /** What {@link reset} goes back to: the state as the mock started (sandboxes start from it too). */
  readonly baseline: StateBaseline;
  /** The live feed of `GET /dev/events`; the simulator announces its status here. */
  readonly events: DevEvents;
  /** Snapshots kept in memory under names (`/dev/snapshots`). */
  readonly snapshots: NamedSnapshots;
  private readonly ownClock: Clock | undefined;

  /**
   * @param runtime the runtime the doors answer with
   * @param startingChaos the chaos the mock started with, which {@link reset} goes back to
   * @param baseline what reset goes back to, when the runtime's state was just made from one (a
   *   sandbox): shared, not taken again. @default the runtime's state as it is now
   * @param options the bounds of the event stream and of the named snapshots
   */
  constructor(
    readonly runtime: Runtime,
    readonly startingChaos: ChaosSettings = {},
    baseline?: StateBaseline,
    options: DevControlsOptions = {},
  ) {
    // Taken now, before any request: reset goes back to the state as it started.
    this.baseline = baseline ?? StateBaseline.of(runtime.state);
    this.events = new DevEvents(runtime, options.events);
    this.snapshots = new NamedSnapshots(options.maxNamedSnapshots, options.maxNamedSnapshotBytes);
    this.ownClock = options.clock;
  }

  /** The mock's clock (every state of a mock, and its sandboxes, read it). */
  get clock(): Clock {
    return this.ownClock ?? this.runtime.state.clock;
  }

  /** The time, whether `/dev/clock` can move it, and how far it is ahead of real time. */
  readClock(): ClockReading {
    return readClock(this.clock);
  }

  /**
   * Moves a controllable clock forward to `epochMs`, firing the timers it passes (typing, token,
   * invitation and socket expiry). False, and nothing moves, when the clock is the system's.
   * Throws a RangeError for a time before now.
   */
  moveClock(epochMs: number): boolean {
    const clock = this.clock;
    if (!isControllable(clock)) return false;
    if (!Number.isFinite(epochMs) || epochMs < clock.now()) throw new RangeError(`the clock moves forward only: ${new Date(epochMs).toISOString()} is before now`);
    clock.set(epochMs);
    return true;
  }

  /**
   * Moves a controllable clock forward by `ms` (`{ "advanceMs" }`): exactly `ms` ahead of where it
   * would be, however long the timers it passes take to fire. False, and nothing moves, when the
   * clock is the system's.
   */
  advanceClock(ms: number): boolean {
    const clock = this.clock;
    if (!isControllable(clock)) return false;
    clock.advance(ms);
    return true;
  }

  /** Saves the current state under `name` (`POST /dev/snapshots`); see {@link NamedSnapshots}. */
  saveSnapshot(name: string): NamedSnapshotInfo {
    return this.snapshots.save(name, JSON.stringify(this.snapshot()), this.clock.now());
  }

  /** Replaces the state with the one saved under `name` (`POST /dev/snapshots/restore`); WebSockets close as on any swap. */
  async restoreNamed(name: string): Promise<void> {
    await this.restore(this.snapshots.json(name));
  }

  /** Injected latency and failures; the same object for the mock's life. */
  get chaos(): Chaos {
    return this.runtime.chaos;
  }

  /** The last requests answered, redacted and bounded; the same object for the mock's life. */
  get journal(): RequestJournal {
    return this.runtime.journal;
  }

  /**
   * Back to how the mock started: its starting state (demo seed, empty, fixtures, or the
   * `--persist` file as loaded), restored from a snapshot taken at start (no re-seed), the chaos
   * it started with, and an empty journal. Tokens issued since belong to the old state.
   */
  reset(): void {
    this.runtime.replaceState(this.baseline.fresh());
    this.runtime.chaos.set(this.startingChaos);
    this.runtime.journal.clear();
  }

  /** The whole state as a snapshot document (`GET /dev/snapshot`). */
  snapshot(): SnapshotDocument {
    return exportSnapshot(this.runtime.state);
  }

  /**
   * Replaces the state with a snapshot, as a JSON text or a parsed document (`PUT /dev/snapshot`).
   * A bad one throws a `SnapshotError` with one sentence, and nothing changes.
   */
  async restore(snapshot: string | unknown): Promise<void> {
    // The checks (and valibot) load with the first restore, not at start-up.
    const { parseSnapshot, validateSnapshot } = await import('./state/snapshot/validate.js');
    const document = typeof snapshot === 'string' ? parseSnapshot(snapshot) : validateSnapshot(snapshot);
    this.runtime.replaceState(restoreSnapshot(document, this.runtime.state.options));
  }

  /**
   * Replaces the state with one built from a fixtures file, as a JSON text or a parsed document
   * (`POST /dev/fixtures`). A file with problems changes nothing and gives every problem with its
   * JSON path. {@link reset} still goes back to the state the mock started with.
   */
  async loadFixtures(fixtures: string | unknown): Promise<FixturesResult> {
    // The loader (and its validation) load with the first fixtures file, not at start-up.
    const { fixturesFromText, fixturesFromDocument } = await import('./user-fixtures/load.js');
    const options = this.runtime.state.options;
    const result = typeof fixtures === 'string' ? await fixturesFromText(fixtures, options) : await fixturesFromDocument(fixtures, options);
    if (result.ok) this.runtime.replaceState(result.state);
    return result;
  }
}
