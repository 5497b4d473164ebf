/**
 * `parley/msw`: Parley's mock as MSW handlers, for a frontend's unit and component tests
 * (`setupServer` from `msw/node`) and its browser build (`setupWorker` from `msw/browser`).
 *
 * @example
 * const parley = await createParleyHandlers();
 * const server = setupServer(...parley.handlers);
 * beforeAll(() => server.listen());
 * afterEach(async () => { server.resetHandlers(); await parley.reset(); });
 * afterAll(() => server.close());
 */
export { createParleyHandlers, parleyHandlerSet, type ParleyHandlers, type ParleyHandlerSet, type ParleyHandlersOptions } from './handlers.js';
export { createParleyBackend, type LocalParleyBackend, type ParleyBackend, type ParleyBackendOptions } from './backend.js';
export { createSharedParleyHandlers, type SharedParleyHandlers, type SharedParleyHandlersOptions } from './shared-worker/page.js';
export { failOperation, type FailOperationOptions } from './fail-operation.js';
export { DEMO_PASSWORD, DEMO_USERS } from '../mock-server/demo/logins.js';
export { MockData, type MockConversation, type MockMail, type MockMessage, type MockTokens, type MockUser, type MockWorkspace } from '../mock-server/facade/mock-data.js';
export { ErrorCode } from '../schema/error-codes.js';
export type { Chaos } from '../mock-server/runtime/chaos/chaos.js';
export { ChaosSettingsError, type ChaosSettings, type LatencyRange, type OperationChaos } from '../mock-server/runtime/chaos/chaos-settings.js';
export type { JournalEntry, RequestJournal } from '../mock-server/runtime/journal/journal.js';
export { FixturesError, type FixtureProblem } from '../mock-server/user-fixtures/problems.js';
export type { FixturesInput } from '../mock-server/user-fixtures/format.js';
export { builtInScenarios, ScenarioError, type Scenario, type ScenarioInput, type ScenarioProblem, type SimulateOptions, type SimulationHandle, type SimulatorStatus } from '../mock-server/simulator/index.js';
