/**
 * Parley's programmatic API: start the reference mock inside your own tests, arrange its data
 * and read it through `mock.data`. What this module exports is the public surface semver covers
 * (the README, "What is public"); the mock's state and runtime are internal.
 *
 * @example
 * const mock = await startMockServer({ port: 0 });
 * // ... point your client at mock.url, and a graphql-ws client at mock.wsUrl ...
 * await mock.close();
 */
export { startMockServer, type MockServerOptions, type RunningMockServer, type SimulateStart } from './mock-server/mock-server.js';
export type { SandboxHandle, SandboxesApi } from './mock-server/sandboxes/sandbox-handle.js';
export { DEMO_PASSWORD, DEMO_USERS } from './mock-server/demo/logins.js';
export { MockData, type MockConversation, type MockMail, type MockMessage, type MockTokens, type MockUser, type MockWorkspace, type UserRef, type WorkspaceRef } from './mock-server/facade/mock-data.js';
export { ControllableClock, ManualClock, systemClock, type Clock, type Timer } from './mock-server/state/clock.js';
export { typingRules } from './mock-server/state/live/typing.js';
export { socketRules, type SocketRules } from './mock-server/realtime/socket-rules.js';
export { SocketClose } from './mock-server/realtime/close-codes.js';
export { DomainError } from './mock-server/state/errors.js';
export { ErrorCode } from './schema/error-codes.js';
export { schemaSdl, schemaPath } from './schema/load.js';
export { Chaos, type ChaosPlan } from './mock-server/runtime/chaos/chaos.js';
export { ChaosSettingsError, type ChaosSettings, type LatencyRange, type OperationChaos } from './mock-server/runtime/chaos/chaos-settings.js';
export { RequestJournal, type JournalEntry, type JournalCaller, type JournalTransport } from './mock-server/runtime/journal/journal.js';
export { builtInScenarios, ScenarioError, type Scenario, type ScenarioInput, type ScenarioProblem, type SimulateOptions, type SimulationHandle, type SimulatorStatus } from './mock-server/simulator/index.js';
