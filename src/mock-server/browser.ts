/**
 * Everything below the doors, for a browser bundle: the state, its demo data and the engine,
 * with no `node:` import and no Node global on the way (docs/architecture.md, "One runtime, three doors").
 * The MSW door builds on this entry; `test/build/browser-bundle.test.ts` bundles it for the
 * browser and runs it where Node's globals are absent.
 *
 * Passwords are hashed with `webPasswordHasher` (pure-JS scrypt) here, the default of
 * `MockState`; the Node doors pass Node's native one instead.
 */
export { createDemoState, type DemoDataOptions } from './demo/create-demo-state.js';
export { DEMO_PASSWORD, DEMO_USERS } from './demo/logins.js';
export { createRuntime, type CreateRuntimeOptions } from './runtime/create-runtime.js';
export { Runtime, type RuntimeOptions } from './runtime/runtime.js';
export { loadFixtures, fixturesFromText, checkFixtures, FixturesError, type FixtureProblem, type FixturesInput } from './user-fixtures/index.js';
export { Engine, type EngineOptions, type ExecutionMode, type OperationRequest } from './engine/engine.js';
export { MockState, type MockStateOptions } from './state/mock-state.js';
export { ManualClock, systemClock, type Clock, type Timer } from './state/clock.js';
export { webPasswordHasher, type PasswordHasher } from './state/accounts/passwords.js';
export { DomainError } from './state/errors.js';
export { ErrorCode } from '../schema/error-codes.js';
export { schemaSdlText } from './graphql/generated/schema-sdl.js';
export { createRouter, type RouterOptions } from './routes/router.js';
export type { FetchRoute, RouteHost } from './routes/route-host.js';
