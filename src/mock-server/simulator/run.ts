import type { Runtime } from '../runtime/runtime.js';
import type { Clock, Timer } from '../state/clock.js';
import type { MockState } from '../state/mock-state.js';
import { SeededRandomizer } from '../kernel/seeded-random.js';
import { Acting, type Outcome } from './actions.js';
import { castScenario, userIdOf, type Cast } from './cast.js';
import type { Scenario, ScriptStep } from './format.js';
import { ACTION_KINDS, DEFAULT_MIX, type ActionKind } from './rules.js';

/** Actions waiting for the engine at most; past it a tick is dropped (counted), so memory stays bounded under overload. */
export const MAX_PENDING_ACTIONS = 1000;
/** A burst yields to the event loop after this many messages, so sockets and requests are served meanwhile. */
const BURST_CHUNK = 50;
/** A long typer refreshes `setTyping` this often, under the 5 s after which typing expires. */
const TYPING_REFRESH_MS = 3_000;

/** What a run is asked for: the scenario and what the caller overrides. */
export interface RunSettings {
  readonly scenario: Scenario;
  readonly seed: number;
  readonly ratePerMinute: number;
  /** A conversation id or channel title; overrides the scenario's. */
  readonly conversation: string | undefined;
  readonly publicOrigin: string;
  /** Called once when the run ends on its own (its `durationMs`, or a state it cannot be cast in). */
  readonly ended: (reason: string) => void;
}

/** Counts of a run, for the status. */
export interface RunCounts {
  actions: number;
  failures: number;
  dropped: number;
  lastError: string | null;
}

/** Gives the event loop a turn (sockets, requests): a yield, not a timer on the mock's clock. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * One scenario playing on a runtime: random actions at `ratePerMinute` (evenly spaced on the
 * state's clock, tick `k` at `start + k * 60000 / rate`, so the rate never drifts), the script's
 * timed steps, and the actors acting. Actions run one at a time, in the order they were due, so the
 * same seed, scenario and starting state give the same operations, on the system clock or a
 * manual one. Holds O(actors + script steps) memory, never per action: at most
 * {@link MAX_PENDING_ACTIONS} actions wait.
 */
export class ScenarioRun {
  readonly counts: RunCounts = { actions: 0, failures: 0, dropped: 0, lastError: null };
  readonly startedAt: number;
  private readonly random: () => number;
  private readonly clock: Clock;
  private readonly timers = new Set<Timer>();
  private cast: Cast;
  private acting: Acting;
  /** The state the actors were made present in (a swap leaves them there, not in the new one). */
  private castIn: MockState;
  private ticks = 0;
  private pending = 0;
  /** Bumped by a stop or a recast: queued actions of an earlier generation are skipped. */
  private generation = 0;
  private tail: Promise<void> = Promise.resolve();
  private stopped = false;

  /** Casts the scenario in the runtime's state (throws a `CastError` when it cannot) and starts it. */
  constructor(
    private readonly runtime: Runtime,
    private readonly settings: RunSettings,
  ) {
    const randomizer = new SeededRandomizer();
    randomizer.seed(settings.seed);
    this.random = randomizer.next;
    this.clock = runtime.state.clock;
    this.startedAt = this.clock.now();
    this.cast = castScenario(runtime.state, settings.scenario, settings.conversation ?? settings.scenario.conversation, this.random);
    this.acting = this.newActing();
    this.acting.allOnline();
    this.castIn = runtime.state;
    runtime.changed();
    if (settings.ratePerMinute > 0) this.after(this.tickAt(1), this.tick);
    for (const step of settings.scenario.script) this.after(this.startedAt + step.at, () => this.playStep(step, 0));
    const { durationMs } = settings.scenario;
    if (durationMs !== undefined) this.after(this.startedAt + durationMs, () => this.end('finished: its durationMs passed'));
  }

  get conversationId(): string {
    return this.cast.conversationId;
  }

  get actors(): readonly string[] {
    return this.cast.actors.map((actor) => actor.username);
  }

  /** Resolves once every action due so far has run (tests advance a manual clock, then wait here). */
  idle(): Promise<void> {
    return this.tail;
  }

  /** Stops: no more actions, queued ones skipped, the actors go away. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.generation++;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    // After a swap the actors were never present in the new state: nobody there to take away.
    if (this.runtime.state === this.castIn) this.acting.allOffline();
  }

  /**
   * The state was swapped (a reset, a restore): the actors sign in again in the new one (the same
   * conversation by id or title; the people the scenario names by username, else picked again
   * with the seed), and the run goes on. Throws a
   * `CastError` when the new state has no place for them.
   */
  recast(): void {
    this.generation++;
    this.cast = castScenario(this.runtime.state, this.settings.scenario, this.settings.conversation ?? this.settings.scenario.conversation ?? this.conversationRefAfterSwap(), this.random);
    this.acting = this.newActing();
    this.acting.allOnline();
    this.castIn = this.runtime.state;
    this.runtime.changed();
  }

  private conversationRefAfterSwap(): string | undefined {
    return this.runtime.state.conversations.find(this.cast.conversationId) ? this.cast.conversationId : undefined;
  }

  /**
   * The actors acting in the current cast. Their messages' client ids are unique in the state
   * (a reused one would be taken for a retry and send nothing), and made of what the run started
   * from, not of the time, so the same seed and starting state send the same ones: the seed, the
   * conversation, its newest sequence now, and the cast's generation.
   */
  private newActing(): Acting {
    const { conversationId } = this.cast;
    const newest = this.runtime.state.messagePages.newestSequence(conversationId) ?? 0;
    const runId = `${this.settings.seed}-${conversationId.slice(0, 8)}-${newest}-${this.generation}`;
    return new Acting(this.runtime, this.cast, this.random, runId, this.settings.publicOrigin);
  }

  private tickAt(tick: number): number {
    return this.startedAt + (tick * 60_000) / this.settings.ratePerMinute;
  }

  private readonly tick = (): void => {
    this.ticks++;
    this.enqueue((acting) => acting.act(this.pickKind()));
    this.after(this.tickAt(this.ticks + 1), this.tick);
  };

  /** Runs one script step (a step that cannot run is a failure, never a throw into the clock), and schedules its next time when it repeats. */
  private playStep(step: ScriptStep, round: number): void {
    if (step.every !== undefined) this.after(this.startedAt + step.at + (round + 1) * step.every, () => this.playStep(step, round + 1));
    try {
      this.play(step);
    } catch (error) {
      this.record({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private play(step: ScriptStep): void {
    switch (step.action) {
      case 'burst':
        return this.enqueue(async (acting) => {
          for (let sent = 0; sent < step.messages; sent++) {
            if (sent > 0 && sent % BURST_CHUNK === 0) await yieldToEventLoop();
            // Stopped, or the state was swapped under it: the rest of the burst is dropped.
            if (this.stopped || acting !== this.acting) break;
            this.record(await acting.send(acting.pickOnline(), null));
          }
          return null;
        });
      case 'typeFor': {
        const until = this.clock.now() + step.durationMs;
        const typist = step.user === undefined ? undefined : userIdOf(this.runtime.state, step.user, 'script');
        const refresh = (): void => {
          const last = this.clock.now() + TYPING_REFRESH_MS >= until;
          this.enqueue((acting) => acting.typing(this.actorFor(typist), true));
          if (!last) this.after(this.clock.now() + TYPING_REFRESH_MS, refresh);
          else this.after(until, () => this.enqueue((acting) => acting.typing(this.actorFor(typist), false)));
        };
        return refresh();
      }
      case 'removeMember': {
        const user = step.user;
        return this.enqueue((acting) => acting.removeMember(userIdOf(this.runtime.state, user, 'script')));
      }
      case 'reconnectStorm': {
        const members = this.runtime.state.conversations.find(this.cast.conversationId)?.members.keys() ?? [];
        this.runtime.closeSocketsOf(new Set(members));
        this.counts.actions++;
        return;
      }
    }
  }

  /** The actor with this id, or the first actor (a typist the scenario names need not act otherwise). */
  private actorFor(userId: string | undefined) {
    return this.cast.actors.find((actor) => actor.userId === userId) ?? this.cast.actors[0]!;
  }

  private pickKind(): ActionKind {
    const mix = this.settings.scenario.mix ?? DEFAULT_MIX;
    const kinds = ACTION_KINDS;
    const total = kinds.reduce((sum, kind) => sum + (mix[kind] ?? 0), 0);
    let point = this.random() * total;
    for (const kind of kinds) {
      point -= mix[kind] ?? 0;
      if (point < 0 && (mix[kind] ?? 0) > 0) return kind;
    }
    return kinds.findLast((kind) => (mix[kind] ?? 0) > 0) ?? 'send';
  }

  /** Queues an action behind the others; a stop or recast skips it. A full queue drops it (counted). */
  private enqueue(task: (acting: Acting) => Promise<Outcome | null>): void {
    if (this.pending >= MAX_PENDING_ACTIONS) {
      this.counts.dropped++;
      return;
    }
    this.pending++;
    const generation = this.generation;
    this.tail = this.tail.then(async () => {
      try {
        if (generation !== this.generation) return;
        const outcome = await task(this.acting);
        if (outcome) this.record(outcome);
      } catch (error) {
        this.record({ ok: false, error: error instanceof Error ? error.message : String(error) });
      } finally {
        this.pending--;
      }
    });
  }

  private record(outcome: Outcome): void {
    this.counts.actions++;
    if (outcome.ok) return;
    this.counts.failures++;
    this.counts.lastError = outcome.error;
  }

  /** A timer on the state's clock that forgets itself once fired; none once stopped. */
  private after(at: number, fire: () => void): void {
    if (this.stopped) return;
    const timer = this.clock.setTimer(at, () => {
      this.timers.delete(timer);
      if (!this.stopped) fire();
    });
    this.timers.add(timer);
  }

  private end(reason: string): void {
    this.stop();
    this.settings.ended(reason);
  }
}
