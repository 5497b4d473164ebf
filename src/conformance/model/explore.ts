import fc from 'fast-check';
import { CheckFailure, CheckSkipped } from '../check.js';
import type { HistoryEvidence, HistoryStep } from '../types.js';
import { historyArbitrary, type HistoryShape } from './arbitraries.js';
import type { Command } from './commands.js';
import { playEvents, type EventsContext } from './events-play.js';
import { PlayBlocked, Player, type PlayContext, type PlayResult } from './play.js';

/**
 * Draws histories with fast-check, plays each against the server, and on a failure lets
 * fast-check shrink it to the shortest history that still fails; that history is then played
 * once more, and its steps and exchanges are the check's evidence.
 */

/** What the run was told about model checks (`--seed`, `--runs`, `--replay`). */
export interface Exploration {
  /** @default a random seed, printed in the report */
  readonly seed: number;
  /** Histories per check. @default each check's own (see {@link defaultRuns}) */
  readonly runs?: number;
  /** Saved histories to play instead of drawing new ones, by check id. */
  readonly replay?: ReadonlyMap<string, readonly Command[]>;
  /** How long shrinking a failing history may take; then the shortest found so far is reported. @default 60000 */
  readonly shrinkMs?: number;
}

/** What a model check's context offers beyond {@link PlayContext}. */
export interface ExploreContext extends PlayContext, EventsContext {
  readonly exploration: Exploration;
  /** Drops the evidence gathered so far: only the last history played is shown. */
  forgetEvidence(): void;
  /** Attaches the history evidence to the check's result. */
  history(evidence: HistoryEvidence): void;
}

/**
 * Histories per check by default: enough to meet every edge several times, and within the run's
 * budget against a fast server (docs/conformance.md has the measured times).
 */
export const defaultRuns = 30;

/** Shrinking replays the server many times; past this, the shortest history found so far is reported. */
const SHRINK_MS = 60_000;

function replayLines(check: string, seed: number, runs: number): string[] {
  return [
    `parley conformance run --base-url "$BASE_URL" --only ${check} --seed ${seed} --runs ${runs}`,
    `parley conformance run --base-url "$BASE_URL" --replay report.json   # the JSON report of this run (--reporter json --output report.json)`,
  ];
}

async function playOnce(ctx: ExploreContext, shape: HistoryShape, commands: readonly Command[]): Promise<PlayResult> {
  ctx.forgetEvidence();
  if (shape.reads === 'events') return playEvents(ctx, shape, commands);
  const player = new Player(ctx, { attachments: shape.attachments });
  await player.setUp();
  return player.play(commands);
}

function failureOf(result: PlayResult & { failure: NonNullable<PlayResult['failure']> }): CheckFailure {
  const { failure } = result;
  return new CheckFailure(`step ${failure.step} broke "${failure.rule.id}" (${failure.rule.specRef}): ${failure.reason}`, failure.expected, {
    case: `step ${failure.step} of the shrunk history`,
    ...(failure.exchange ? { exchange: failure.exchange } : {}),
  });
}

function evidence(check: string, seed: number, runs: number, steps: readonly HistoryStep[], extra: Partial<HistoryEvidence> = {}): HistoryEvidence {
  return { check, seed, runs, replay: replayLines(check, seed, runs), steps, ...extra };
}

/**
 * Runs a model check: a saved history when the run was given one for `check`, else `runs`
 * generated ones. Passes when every answer of every history was one the model allows; throws
 * {@link CheckFailure} with the shrunk history as evidence otherwise.
 */
export async function explore(ctx: ExploreContext, check: string, shape: HistoryShape, runs = ctx.exploration.runs ?? defaultRuns): Promise<void> {
  const { seed } = ctx.exploration;
  const saved = ctx.exploration.replay?.get(check);
  if (saved) {
    const result = await played(ctx, shape, saved);
    ctx.history(evidence(check, seed, 1, result.steps, { commands: saved }));
    if (result.failure) throw failureOf({ ...result, failure: result.failure });
    return;
  }
  // A history that cannot be set up, or a server that cannot be reached, is no finding: the
  // property then passes every later history at once, and the error ends the check afterwards.
  let stopped: unknown = null;
  let firstFailing: number | undefined;
  // Shrinking's clock starts at the first failure; past it every candidate passes at once, so
  // fast-check stops with the shortest failing history found so far.
  let shrinkUntil = Number.POSITIVE_INFINITY;
  const property = fc.asyncProperty(historyArbitrary(shape), async (commands) => {
    if (stopped || performance.now() > shrinkUntil) return true;
    try {
      const ok = (await playOnce(ctx, shape, commands)).failure === null;
      if (!ok && firstFailing === undefined) {
        firstFailing = commands.length;
        shrinkUntil = performance.now() + (ctx.exploration.shrinkMs ?? SHRINK_MS);
      }
      return ok;
    } catch (error) {
      stopped = error;
      return true;
    }
  });
  const details = await fc.check(property, { seed, numRuns: runs });
  if (stopped instanceof PlayBlocked) throw new CheckSkipped(`a history could not be set up: ${stopped.message}`);
  if (stopped) throw stopped;
  if (!details.failed || !details.counterexample) {
    ctx.forgetEvidence();
    ctx.history(evidence(check, seed, details.numRuns, []));
    return;
  }
  const [commands] = details.counterexample;
  const result = await played(ctx, shape, commands);
  ctx.history(evidence(check, seed, details.numRuns, result.steps, { commands, ...(firstFailing !== undefined ? { shrunkFrom: firstFailing } : {}) }));
  if (result.failure) throw failureOf({ ...result, failure: result.failure });
  throw new CheckFailure('a history failed, but its shortest form passed when played once more: the server answered the same history differently', 'the same answers each time a history is played, each one the model allows', { case: 'the replay of the shrunk history' });
}

/** Plays `commands` once, turning a history that cannot be set up into a skip. */
async function played(ctx: ExploreContext, shape: HistoryShape, commands: readonly Command[]): Promise<PlayResult> {
  try {
    return await playOnce(ctx, shape, commands);
  } catch (error) {
    if (error instanceof PlayBlocked) throw new CheckSkipped(`the history could not be set up: ${error.message}`);
    throw error;
  }
}
