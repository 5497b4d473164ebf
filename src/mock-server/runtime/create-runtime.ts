import { Engine, type EngineOptions } from './engine/engine.js';
import { createExecutableSchema } from './graphql/executable-schema.js';
import type { MockState } from './state/mock-state.js';

/** The engine over the mock's schema and `state`; every door is built on one of these. */
export function createEngine(state: MockState, options: Omit<EngineOptions, 'schema' | 'state'> = {}): Engine {
  return new Engine({ ...options, schema: createExecutableSchema(), state });
}
