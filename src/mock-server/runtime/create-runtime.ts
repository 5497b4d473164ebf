import { Engine, type EngineOptions } from '../engine/engine.js';
import { createExecutableSchema } from '../graphql/executable-schema.js';
import type { MockState } from '../state/mock-state.js';
import { Runtime, type RuntimeOptions } from './runtime.js';

/** What {@link createRuntime} takes besides the state: the engine's options, the journal and chaos. */
export type CreateRuntimeOptions = Omit<EngineOptions, 'schema'> & Pick<RuntimeOptions, 'journal' | 'chaos'>;

/** A runtime over `state` with the engine over the mock's schema; every door is built on one of these. */
export function createRuntime(state: MockState, options: CreateRuntimeOptions = {}): Runtime {
  const { journal, chaos, ...engine } = options;
  return new Runtime({ engine: new Engine({ ...engine, schema: createExecutableSchema() }), state, journal, chaos });
}
