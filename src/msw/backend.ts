import type { Chaos } from '../mock-server/engine/chaos.js';
import type { Engine } from '../mock-server/engine/engine.js';
import { graphqlOverHttp, type GraphQLHttpResponse } from '../mock-server/engine/graphql-over-http.js';
import { bodyTooLarge } from '../mock-server/engine/payload-too-large.js';
import type { RequestJournal } from '../mock-server/engine/journal.js';
import { createMock, type MockOptions } from '../mock-server/mock.js';
import { createGraphQLWsSessions, type GraphQLWsSessions } from '../mock-server/realtime/graphql-ws-session.js';
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
export type ParleyBackendOptions = Omit<MockOptions, 'state'>;

/**
 * Where the MSW handlers send what they intercept: a Fetch Request to answer, and the graphql-ws
 * sessions a socket opens on. The handlers are the same whether the backend runs in the test or
 * page itself ({@link createParleyBackend}) or in a SharedWorker every tab shares
 * (`createSharedParleyHandlers`).
 */
export interface ParleyBackend {
  /** Answers one request to the endpoint: GraphQL over HTTP, as the HTTP door answers it. */
  answer(request: Request): Promise<Response>;
  /** Where an intercepted WebSocket runs graphql-ws's protocol. */
  readonly sessions: GraphQLWsSessions;
}

/** A backend in this JavaScript realm, with its state at hand. */
export interface LocalParleyBackend extends ParleyBackend {
  /** The state requests run on, to arrange data and assert on it. A getter: {@link reset} replaces it. */
  readonly state: MockState;
  /** The engine requests run on (its `state` is {@link state}). */
  readonly engine: Engine;
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
}

/**
 * The engine and state behind the MSW door, with the two things a door needs of them: a Fetch
 * Request in, a Response out (same status codes, content types and bodies as the HTTP door, through
 * the shared `graphql-over-http.ts`), and graphql-ws sessions for intercepted sockets (the Node
 * WebSocket door's, `realtime/graphql-ws-session.ts`). Built by `createMock`, as the HTTP door's
 * mock is. Nothing here imports msw or Node: it runs in a test, a page or a worker.
 */
export async function createParleyBackend(options: ParleyBackendOptions = {}): Promise<LocalParleyBackend> {
  const { engine, controls } = await createMock({ ...options, execution: options.execution ?? 'interpreted' });
  const dev = controls!;
  const handle = graphqlOverHttp(engine, { transport: 'msw' });

  const answer = async (request: Request): Promise<Response> => {
    // The HTTP door answers a CORS preflight so; a page's service worker never sees one, Node has none.
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
    const url = new URL(request.url);
    let body = '';
    if (request.method === 'POST') {
      body = await request.text();
      if (new TextEncoder().encode(body).length > engine.limits.maxBodyBytes) return toResponse(bodyTooLarge(engine.limits));
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const context = { publicOrigin: url.origin, authorization: request.headers.get('authorization'), accept: request.headers.get('accept') ?? undefined };
    return toResponse(await handle({ url: url.pathname + url.search, method: request.method, headers, body, context }));
  };

  return {
    answer,
    sessions: createGraphQLWsSessions(engine, { transport: 'msw' }),
    get state() {
      return engine.state;
    },
    engine,
    chaos: dev.chaos,
    journal: dev.journal,
    // The sessions close every open socket with 1012 when the engine swaps its state.
    reset: async () => dev.reset(),
    snapshot: () => dev.snapshot(),
    restore: (snapshot) => dev.restore(snapshot),
    loadFixtures: (fixtures) => dev.loadFixtures(fixtures),
  };
}

/** A Fetch Response of what the GraphQL-over-HTTP core answered. */
function toResponse([body, init]: GraphQLHttpResponse): Response {
  return new Response(body, { status: init.status, statusText: init.statusText, headers: init.headers as Record<string, string> | undefined });
}
