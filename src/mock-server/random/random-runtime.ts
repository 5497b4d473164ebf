import { Engine, type EngineOptions } from '../engine/engine.js';
import { Runtime, type RuntimeOptions } from '../runtime/runtime.js';
import type { Clock } from '../state/clock.js';
import { MockState } from '../state/mock-state.js';
import { createRandomSchema } from './random-schema.js';

/** Options of random mode (`parley mock serve --random`). */
export interface RandomModeOptions {
  /** Milliseconds between two events of each subscription. @default 3000 */
  readonly eventIntervalMs?: number;
}

export interface RandomRuntimeOptions extends RandomModeOptions, Omit<EngineOptions, 'schema'>, Pick<RuntimeOptions, 'journal' | 'chaos'> {
  /** Seed of every value. @default 1 */
  readonly seed?: number;
  /** Times subscription events. @default the system clock */
  readonly clock?: Clock;
}

/**
 * A runtime whose engine runs the random schema: the same limits, document cache, execution and
 * error shaping as the stateful mock, with schema-valid random answers instead of state. Its state
 * holds the clock, and is empty and stays so (only `/dev` and `/uploads` read it).
 */
export function createRandomRuntime(options: RandomRuntimeOptions = {}): Runtime {
  const { seed, clock, eventIntervalMs, journal, chaos, ...engine } = options;
  const state = new MockState({ clock });
  const schema = createRandomSchema({ seed: seed ?? 1, clock: state.clock, eventIntervalMs: eventIntervalMs ?? 3_000 });
  return new Runtime({ engine: new Engine({ ...engine, schema }), state, journal, chaos });
}
