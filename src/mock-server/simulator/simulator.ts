import type { Runtime } from '../runtime/runtime.js';
import { DomainError } from '../state/errors.js';
import { ErrorCode } from '../../schema/error-codes.js';
import { CastError } from './cast.js';
import type { Scenario, ScenarioInput } from './format.js';
import { MAX_RATE_PER_MINUTE } from './rules.js';
import { ScenarioRun } from './run.js';
import { builtInScenario, builtInScenarios } from './scenarios/index.js';
import { ScenarioError } from './scenario-error.js';

/** What `GET /dev/simulator` shows. */
export interface SimulatorStatus {
  readonly running: boolean;
  /** The scenario playing, or the last one played; null before any. */
  readonly scenario: string | null;
  readonly seed: number | null;
  readonly ratePerMinute: number | null;
  readonly startedAt: string | null;
  /** Actions run so far (each operation, presence change or storm). */
  readonly actions: number;
  /** Actions the mock refused (their error is `lastError`): a rule that held, not a fault. */
  readonly failures: number;
  /** Ticks skipped because the engine fell behind by more than the queue holds. */
  readonly dropped: number;
  readonly lastError: string | null;
  readonly conversationId: string | null;
  /** The usernames of the people acting. */
  readonly actors: readonly string[];
  /** Why the last run ended (`stopped`, `finished: ...`, a state it could not follow into); null while running. */
  readonly stoppedReason: string | null;
  readonly scenarios: readonly { readonly name: string; readonly description: string; readonly ratePerMinute: number }[];
}

/** What a caller may change of a scenario when starting it. */
export interface SimulateOptions {
  /** @default the scenario's seed */
  readonly seed?: number;
  /** @default the scenario's ratePerMinute */
  readonly ratePerMinute?: number;
  /** A conversation id, or a channel's title. @default the scenario's, else the first workspace's default channel */
  readonly conversation?: string;
  /** The origin URLs in the actors' answers are made under. @default 'http://localhost' */
  readonly publicOrigin?: string;
}

/** A scenario started with {@link Simulator.play}. */
export interface SimulationHandle {
  /** Stops this scenario (if another replaced it since, that one goes on); the status. */
  stop(): SimulatorStatus;
  status(): SimulatorStatus;
  /** Resolves once every action due so far has run (after a manual clock's `advance`). */
  idle(): Promise<void>;
}

/** The simulator was asked for something it cannot do: a BAD_USER_INPUT naming the field. */
export class SimulatorInputError extends DomainError {
  constructor(message: string, field: string) {
    super(ErrorCode.BAD_USER_INPUT, message, field);
  }
}

const scenarioList = builtInScenarios.map(({ name, description, ratePerMinute }) => ({ name, description, ratePerMinute }));

/**
 * The simulator of one runtime (docs/simulator.md): at most one scenario plays at a time;
 * starting another replaces it. It starts and stops without a restart. When the runtime's state
 * is swapped (reset, snapshot restore, fixtures), the actors sign in again in the new state and
 * the scenario goes on; when the new state has no place for them it stops, saying why.
 */
export class Simulator {
  private run: ScenarioRun | null = null;
  private last: { scenario: Scenario; seed: number; ratePerMinute: number; run: ScenarioRun } | null = null;
  private stoppedReason: string | null = null;
  private stopFollowing: () => void = () => {};
  private readonly listeners = new Set<(status: SimulatorStatus) => void>();
  private starts = 0;

  constructor(private readonly runtime: Runtime) {}

  /**
   * Plays `scenario` (a built-in's name, or a scenario object, validated) in place of the one
   * playing. Rejects with a `ScenarioError` (every problem with its path) or a
   * {@link SimulatorInputError}, and then nothing changes. The checks (and valibot) load with the
   * first scenario object, not at start-up.
   */
  async start(scenario: string | ScenarioInput | Scenario | Readonly<Record<string, unknown>>, options: SimulateOptions = {}): Promise<SimulatorStatus> {
    const chosen = typeof scenario === 'string' ? builtInScenario(scenario) : (await import('./validate.js')).validateScenario(scenario);
    if (!chosen) throw new SimulatorInputError(`no built-in scenario ${JSON.stringify(scenario)}: one of ${builtInScenarios.map((each) => each.name).join(', ')}`, 'scenario');
    const seed = options.seed ?? chosen.seed;
    if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) throw new SimulatorInputError(`seed must be a whole number from 0 to ${2 ** 31 - 1}`, 'seed');
    const ratePerMinute = options.ratePerMinute ?? chosen.ratePerMinute;
    if (typeof ratePerMinute !== 'number' || !(ratePerMinute >= 0) || ratePerMinute > MAX_RATE_PER_MINUTE) {
      throw new SimulatorInputError(`ratePerMinute must be a number from 0 to ${MAX_RATE_PER_MINUTE}`, 'ratePerMinute');
    }
    // Cast first: a scenario the state cannot play leaves the one playing alone.
    let run: ScenarioRun;
    try {
      run = new ScenarioRun(this.runtime, {
        scenario: chosen,
        seed,
        ratePerMinute,
        conversation: options.conversation,
        publicOrigin: options.publicOrigin ?? 'http://localhost',
        ended: (reason) => this.ended(run, reason),
      });
    } catch (error) {
      if (error instanceof CastError) throw new SimulatorInputError(error.message, error.field === 'conversation' && options.conversation !== undefined ? 'conversation' : `scenario.${error.field}`);
      throw error;
    }
    this.halt();
    this.run = run;
    this.starts++;
    this.last = { scenario: chosen, seed, ratePerMinute, run };
    this.stoppedReason = null;
    this.stopFollowing = this.runtime.onStateReplaced(() => this.follow());
    return this.announce();
  }

  /**
   * Starts `scenario` as {@link start} does, and answers a handle whose `stop()` stops it (and
   * nothing started after it): what `parley.simulate(...)` on the MSW handler set returns.
   */
  async play(scenario: Parameters<Simulator['start']>[0], options: SimulateOptions = {}): Promise<SimulationHandle> {
    await this.start(scenario, options);
    const mine = this.starts;
    return {
      stop: () => (this.starts === mine ? this.stop() : this.status()),
      status: () => this.status(),
      idle: () => this.idle(),
    };
  }

  /** Stops the scenario playing, if any (the actors go away); the status. */
  stop(): SimulatorStatus {
    if (this.halt()) this.stoppedReason = 'stopped';
    return this.announce();
  }

  status(): SimulatorStatus {
    const last = this.last;
    const counts = last?.run.counts;
    return {
      running: this.run !== null,
      scenario: last?.scenario.name ?? null,
      seed: last?.seed ?? null,
      ratePerMinute: last?.ratePerMinute ?? null,
      startedAt: last ? new Date(last.run.startedAt).toISOString() : null,
      actions: counts?.actions ?? 0,
      failures: counts?.failures ?? 0,
      dropped: counts?.dropped ?? 0,
      lastError: counts?.lastError ?? null,
      conversationId: last?.run.conversationId ?? null,
      actors: last?.run.actors ?? [],
      stoppedReason: this.run ? null : this.stoppedReason,
      scenarios: scenarioList,
    };
  }

  /** Resolves once every action due so far has run (after a manual clock's `advance`, in tests). */
  async idle(): Promise<void> {
    await this.run?.idle();
  }

  /** Calls `listener` with the status on every start and stop; returns the function that stops it. */
  onStatus(listener: (status: SimulatorStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Ends the running scenario, if any; whether one was running. */
  private halt(): boolean {
    const run = this.run;
    if (!run) return false;
    this.run = null;
    this.stopFollowing();
    this.stopFollowing = () => {};
    run.stop();
    return true;
  }

  /** A state swap: the actors sign in again in the new state, or the scenario stops. */
  private follow(): void {
    const run = this.run;
    if (!run) return;
    try {
      run.recast();
    } catch (error) {
      if (!(error instanceof CastError || error instanceof ScenarioError)) throw error;
      this.halt();
      this.stoppedReason = `the new state (reset or restore) has no place for it: ${error.message}`;
      this.announce();
    }
  }

  private ended(run: ScenarioRun, reason: string): void {
    if (this.run !== run) return;
    this.halt();
    this.stoppedReason = reason;
    this.announce();
  }

  private announce(): SimulatorStatus {
    const status = this.status();
    for (const listener of [...this.listeners]) listener(status);
    return status;
  }
}

const simulators = new WeakMap<Runtime, Simulator>();

/** The simulator of `runtime` (each sandbox's runtime has its own), made on first use. */
export function simulatorOf(runtime: Runtime): Simulator {
  let simulator = simulators.get(runtime);
  if (!simulator) simulators.set(runtime, (simulator = new Simulator(runtime)));
  return simulator;
}

/** Stops the simulator of `runtime`, if it has one playing (a sandbox dropped, a server closing). */
export function stopSimulator(runtime: Runtime): void {
  simulators.get(runtime)?.stop();
}
