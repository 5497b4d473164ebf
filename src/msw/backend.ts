import { Chaos } from '../mock-server/engine/chaos.js';
import type { ChaosSettings } from '../mock-server/engine/chaos-settings.js';
import { Engine, type ExecutionMode } from '../mock-server/engine/engine.js';
import { graphqlOverHttp } from '../mock-server/engine/graphql-over-http.js';
import { RequestJournal } from '../mock-server/engine/journal.js';
import { limitFlags, type QueryLimits } from '../mock-server/engine/limits.js';
import { createExecutableSchema } from '../mock-server/graphql/executable-schema.js';
import { createDemoState } from '../mock-server/demo/create-demo-state.js';
import type { FixturesInput } from '../mock-server/user-fixtures/format.js';
import { createGraphQLWsSessions, type GraphQLWsSessions } from '../mock-server/realtime/graphql-ws-session.js';
import { MockState } from '../mock-server/state/mock-state.js';
import { StateBaseline } from '../mock-server/state/snapshot/baseline.js';
import { ErrorCode } from '../schema/error-codes.js';

/** What state the MSW door runs on, and how (everything but where it is mounted). */
export interface ParleyBackendOptions {
  /** Seeds the demo data, as `parley mock serve --seed`. @default 1 */
  readonly seed?: number;
  /** Start with no data at all instead of the demo workspace. @default false */
  readonly empty?: boolean;
  /**
   * Start with the data of a fixtures file (docs/fixtures-format.md), as a parsed object (import
   * the JSON, or `JSON.parse` it), instead of the demo workspace; `reset()` goes back to it. A file
   * with problems rejects with a `FixturesError` listing each with its JSON path.
   * @default none: the demo data (or nothing with `empty`)
   */
  readonly fixtures?: FixturesInput | Readonly<Record<string, unknown>>;
  /** Request limits, as the HTTP door's flags. @default the HTTP door's defaults */
  readonly limits?: Partial<QueryLimits>;
  /**
   * How operations run. @default 'interpreted': graphql-js, which runs everywhere (graphql-jit
   * compiles with `new Function`, which a page's Content-Security-Policy may forbid), and a test
   * runs each document a few times only, where compiling would not pay.
   */
  readonly execution?: ExecutionMode;
  /** Chaos to start with (and to go back to on `reset()`). @default none */
  readonly chaos?: ChaosSettings;
}

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
   * Back to the seeded data (or empty, or the fixtures), the starting chaos and an empty journal:
   * the starting state is restored from a snapshot taken once (well under a millisecond for the
   * demo data; no re-seed). Open subscription sockets ran on the old state: they are closed with
   * 1012 ("service restart"), and tokens issued since the start belong to the old state, so a
   * client logs in again.
   */
  reset(): Promise<void>;
}

/**
 * The engine and state behind the MSW door, with the two things a door needs of them: a Fetch
 * Request in, a Response out (same status codes, content types and bodies as the HTTP door, through
 * the shared `graphql-over-http.ts`), and graphql-ws sessions for intercepted sockets (the Node
 * WebSocket door's, `realtime/graphql-ws-session.ts`). Nothing here imports msw or Node: it runs
 * in a test, a page or a worker.
 */
export async function createParleyBackend(options: ParleyBackendOptions = {}): Promise<LocalParleyBackend> {
  const chaos = new Chaos(options.chaos);
  const journal = new RequestJournal();
  const state =
    options.fixtures !== undefined
      ? await (await import('../mock-server/user-fixtures/load.js')).loadFixtures(options.fixtures)
      : options.empty
        ? new MockState()
        : await createDemoState({ seed: options.seed ?? 1 });
  const schema = createExecutableSchema();
  const engine = new Engine({ schema, state, execution: options.execution ?? 'interpreted', limits: options.limits, chaos, journal });
  // reset() restores this snapshot of the starting state: well under a millisecond, no re-seed.
  const baseline = StateBaseline.of(state);
  const handle = graphqlOverHttp(engine, { transport: 'msw' });

  const answer = async (request: Request): Promise<Response> => {
    // The HTTP door answers a CORS preflight so; a page's service worker never sees one, Node has none.
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
    const { maxBodyBytes } = engine.limits;
    const url = new URL(request.url);
    let body = '';
    if (request.method === 'POST') {
      body = await request.text();
      if (new TextEncoder().encode(body).length > maxBodyBytes) {
        const message = `the request body is larger than ${maxBodyBytes} bytes; raise the limit with ${limitFlags.maxBodyBytes}`;
        return Response.json({ errors: [{ message, extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE } }] }, { status: 413 });
      }
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const context = { publicOrigin: url.origin, authorization: request.headers.get('authorization'), accept: request.headers.get('accept') ?? undefined };
    const [responseBody, init] = await handle({ url: url.pathname + url.search, method: request.method, headers, body, context });
    return new Response(responseBody, { status: init.status, statusText: init.statusText, headers: init.headers as Record<string, string> | undefined });
  };

  return {
    answer,
    sessions: createGraphQLWsSessions(engine, { transport: 'msw' }),
    get state() {
      return engine.state;
    },
    engine,
    chaos,
    journal,
    async reset() {
      // The sessions close every open socket with 1012 when the engine swaps its state.
      engine.replaceState(baseline.fresh());
      chaos.set(options.chaos ?? {});
      journal.clear();
    },
  };
}
