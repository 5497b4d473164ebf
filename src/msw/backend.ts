import type { Chaos } from '../mock-server/runtime/chaos/chaos.js';
import type { ScenarioInput, SimulateOptions, SimulationHandle } from '../mock-server/simulator/index.js';
import { simulatorFor } from '../mock-server/routes/dev/simulator.js';
import { graphqlOverHttp } from '../mock-server/routes/graphql-over-http.js';
import type { RequestJournal } from '../mock-server/runtime/journal/journal.js';
import { createMock, type MockOptions } from '../mock-server/mock.js';
import { createGraphQLWsSessions, type GraphQLWsSessions } from '../mock-server/realtime/graphql-ws-session.js';
import { graphqlRoute } from '../mock-server/routes/graphql.js';
import { createRouter } from '../mock-server/routes/router.js';
import type { MockData } from '../mock-server/facade/mock-data.js';
import type { Runtime } from '../mock-server/runtime/runtime.js';
import type { MockState } from '../mock-server/state/mock-state.js';
import type { SnapshotDocument } from '../mock-server/state/snapshot/schema.js';
import type { FixturesResult } from '../mock-server/user-fixtures/load.js';

/**
 * What state the MSW door runs on, and how (everything but where it is mounted): the options of
 * every door (`MockOptions`, the HTTP door's too). `execution` defaults to 'interpreted' here:
 * graphql-js runs everywhere (graphql-jit compiles with `new Function`, which a page's
 * Content-Security-Policy may forbid), and a test runs each document a few times only, where
 * compiling would not pay.
 */
export type ParleyBackendOptions = Omit<MockOptions, 'state' | 'random'>;

/**
 * Where the MSW handlers send what they intercept: a Fetch Request to answer, and the graphql-ws
 * sessions a socket opens on. The handlers are the same whether the backend runs in the test or
 * page itself ({@link createParleyBackend}) or in a SharedWorker every tab shares
 * (`createSharedParleyHandlers`).
 */
export interface ParleyBackend {
  /** Answers one request to the endpoint: GraphQL over HTTP, as the HTTP door answers it. */
  answer(request: Request): Promise<Response>;
  /**
   * Answers one request to any other route of the mock, by its path, as the HTTP door answers it:
   * `/uploads/<key>` (the upload URLs and `publicUrl`s handed out), `/files/<token>` (downloads
   * and previews), `/oauth/authorize`, `/ready` and `/dev/...`.
   */
  route(request: Request): Promise<Response>;
  /** Where an intercepted WebSocket runs graphql-ws's protocol. */
  readonly sessions: GraphQLWsSessions;
}

/** A backend in this JavaScript realm, with its state at hand. */
export interface LocalParleyBackend extends ParleyBackend {
  /**
   * The state requests run on. A getter: {@link reset} replaces it. Internal: not covered by semver;
   * arrange and read through {@link data}.
   * @internal
   */
  readonly state: MockState;
  /**
   * Arrange data and read it in tests: users, workspaces, conversations, messages, sign-ins, the
   * outbox (`MockData`). The same object across resets.
   */
  readonly data: MockData;
  /** The runtime requests run on: its `state` is {@link state}, its `engine` executes. Internal: not covered by semver. @internal */
  readonly runtime: Runtime;
  /** Injected latency and failures (`POST /dev/chaos` on the server). The same object across resets. */
  readonly chaos: Chaos;
  /** The last requests answered (`GET /dev/journal` on the server). The same object across resets. */
  readonly journal: RequestJournal;
  /**
   * Back to how the handlers started (`POST /dev/reset` on the server): the seeded data (or
   * empty, or the fixtures) restored from a snapshot taken once (no re-seed), the starting chaos
   * and an empty journal. Open subscription sockets ran on the old state: they are closed with
   * 1012 ("service restart"), and tokens issued since the start belong to the old state, so a
   * client logs in again.
   */
  reset(): Promise<void>;
  /** The whole state as a snapshot document (`GET /dev/snapshot`). */
  snapshot(): SnapshotDocument;
  /** Replaces the state with a snapshot, text or parsed (`PUT /dev/snapshot`); a bad one throws `SnapshotError` and changes nothing. */
  restore(snapshot: string | unknown): Promise<void>;
  /** Replaces the state with a fixtures file's, text or parsed (`POST /dev/fixtures`); a bad one changes nothing and lists its problems. */
  loadFixtures(fixtures: string | unknown): Promise<FixturesResult>;
  /**
   * Starts the simulator (`POST /dev/simulator` on the server; docs/simulator.md): a built-in
   * scenario's name or a scenario object, in place of one playing. Its timers run on the mock's
   * clock (pass a `ManualClock` as `clock` to drive it in a test). A scenario with problems rejects
   * with a `ScenarioError` naming each field. The handle's `stop()` stops it.
   */
  simulate(scenario: string | ScenarioInput, options?: Omit<SimulateOptions, 'publicOrigin'>): Promise<SimulationHandle>;
}

/**
 * The runtime and state behind the MSW door, with the two things a door needs of them: a Fetch
 * Request in, a Response out (same status codes, content types and bodies as the HTTP door, through
 * the shared `graphql-over-http.ts`) and for every other route (`routes/router.ts`, the HTTP door's
 * routes), and graphql-ws sessions for intercepted sockets (the Node
 * WebSocket door's, `realtime/graphql-ws-session.ts`). Built by `createMock`, as the HTTP door's
 * mock is. Nothing here imports msw or Node: it runs in a test, a page or a worker.
 */
export async function createParleyBackend(options: ParleyBackendOptions = {}): Promise<LocalParleyBackend> {
  const { runtime, controls, data } = await createMock({ ...options, execution: options.execution ?? 'interpreted' });
  const dev = controls!;
  const graphql = graphqlRoute(graphqlOverHttp(runtime, { transport: 'msw' }), runtime.limits);
  const router = createRouter({ host: runtime, graphql, dev });
  // The HTTP door answers a CORS preflight so; a page's service worker never sees one, Node has none.
  const preflight = (request: Request): Response | null => (request.method === 'OPTIONS' ? new Response(null, { status: 204 }) : null);

  return {
    answer: async (request) => preflight(request) ?? graphql(request),
    route: async (request) => preflight(request) ?? router(request),
    sessions: createGraphQLWsSessions(runtime, { transport: 'msw' }),
    get state() {
      return runtime.state;
    },
    runtime,
    data,
    chaos: dev.chaos,
    journal: dev.journal,
    // The sessions close every open socket with 1012 when the runtime swaps its state.
    reset: async () => dev.reset(),
    snapshot: () => dev.snapshot(),
    restore: (snapshot) => dev.restore(snapshot),
    loadFixtures: (fixtures) => dev.loadFixtures(fixtures),
    simulate: (scenario, simulateOptions = {}) => simulatorFor(dev).play(scenario, { ...simulateOptions, publicOrigin: 'http://localhost' }),
  };
}
