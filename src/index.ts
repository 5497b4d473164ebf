/**
 * Parley's programmatic API: start the reference mock inside your own tests, or build its state
 * and engine yourself.
 *
 * @example
 * const mock = await startMockServer({ port: 0 });
 * // ... point your client at mock.url, and a graphql-ws client at mock.wsUrl ...
 * await mock.close();
 */
export { startMockServer, type MockServerOptions, type RunningMockServer } from './mock-server/mock-server.js';
export { createDemoState, type DemoDataOptions } from './mock-server/demo/create-demo-state.js';
export { DEMO_PASSWORD, DEMO_USERS } from './mock-server/demo/logins.js';
export { createEngine } from './mock-server/create-engine.js';
export { Engine, type EngineOptions, type OperationRequest } from './mock-server/engine/engine.js';
export { MockState, type MockStateOptions } from './mock-server/state/mock-state.js';
export { webPasswordHasher, type PasswordHasher } from './mock-server/state/accounts/passwords.js';
export { nodePasswordHasher } from './mock-server/platform/node-passwords.js';
export { ManualClock, systemClock, type Clock, type Timer } from './mock-server/state/clock.js';
export { typingRules } from './mock-server/state/live/typing.js';
export { socketRules, type SocketRules } from './mock-server/realtime/socket-rules.js';
export { SocketClose } from './mock-server/realtime/close-codes.js';
export { DomainError } from './mock-server/state/errors.js';
export { ErrorCode } from './schema/error-codes.js';
export { schemaSdl, schemaPath } from './schema/load.js';
export { Chaos, type ChaosPlan } from './mock-server/engine/chaos.js';
export { ChaosSettingsError, type ChaosSettings, type LatencyRange, type OperationChaos } from './mock-server/engine/chaos-settings.js';
export { RequestJournal, type JournalEntry, type JournalCaller, type JournalTransport } from './mock-server/engine/journal.js';
