import { Engine, type EngineOptions } from '../engine/engine.js';
import type { Clock } from '../state/clock.js';
import { MockState } from '../state/mock-state.js';
import { createRandomSchema } from './random-schema.js';

/** Options of random mode (`parley mock serve --random`). */
export interface RandomModeOptions {
  /** Milliseconds between two events of each subscription. @default 3000 */
  readonly eventIntervalMs?: number;
}

export interface RandomEngineOptions extends RandomModeOptions, Omit<EngineOptions, 'schema' | 'state'> {
  /** Seed of every value. @default 1 */
  readonly seed?: number;
  /** Times subscription events. @default the system clock */
  readonly clock?: Clock;
}

/**
 * The engine over the random schema: the same limits, document cache, execution and error
 * shaping as the stateful mock, with schema-valid random answers instead of state. Its state is
 * empty and stays so (only `/dev` and `/uploads` would read it).
 */
export function createRandomEngine(options: RandomEngineOptions = {}): Engine {
  const { seed, clock, eventIntervalMs, ...engine } = options;
  const state = new MockState({ clock });
  const schema = createRandomSchema({ seed: seed ?? 1, clock: state.clock, eventIntervalMs: eventIntervalMs ?? 3_000 });
  return new Engine({ ...engine, schema, state });
}
