import { http, HttpResponse, type HttpHandler, type WebSocketHandler } from 'msw';
import { ErrorCode } from '../schema/error-codes.js';
import { Chaos } from '../mock-server/engine/chaos.js';
import type { ChaosSettings } from '../mock-server/engine/chaos-settings.js';
import { Engine, type ExecutionMode } from '../mock-server/engine/engine.js';
import { graphqlOverHttp } from '../mock-server/engine/graphql-over-http.js';
import { RequestJournal } from '../mock-server/engine/journal.js';
import { limitFlags, type QueryLimits } from '../mock-server/engine/limits.js';
import { createExecutableSchema } from '../mock-server/graphql/executable-schema.js';
import { createDemoState } from '../mock-server/fixtures.js';
import { createGraphQLWsSessions } from '../mock-server/realtime/graphql-ws-session.js';
import { MockState } from '../mock-server/state/mock-state.js';
import { StateBaseline } from '../mock-server/state/snapshot/baseline.js';
import { graphqlWsLink, webSocketEndpoint } from './graphql-ws-link.js';
import type { FixturesInput } from '../mock-server/fixtures-file/format.js';

export interface ParleyHandlersOptions {
  /** The GraphQL endpoint your client calls (absolute, or a path for the browser). @default 'http://localhost:4000/graphql' */
  readonly endpoint?: string;
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
  /** Chaos to start with (and to go back to on {@link ParleyHandlers.reset}). @default none */
  readonly chaos?: ChaosSettings;
}

export interface ParleyHandlers {
  /**
   * Give these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser): GraphQL over
   * HTTP on `endpoint`, and graphql-ws (`graphql-transport-ws`) on {@link webSocketUrl}.
   */
  readonly handlers: (HttpHandler | WebSocketHandler)[];
  /**
   * Where subscriptions are served: `endpoint` with `ws:` for `http:` (`wss:` for `https:`), e.g.
   * `ws://localhost:4000/graphql`; a path endpoint stays a path. Give it to graphql-ws's
   * `createClient({ url })` after `server.listen()` / `worker.start()` (see the README).
   */
  readonly webSocketUrl: string;
  /**
   * The state the handlers run on, to arrange data and assert on it. A getter: {@link reset}
   * replaces it, so read `parley.state` again after a reset rather than keeping the old one.
   */
  readonly state: MockState;
  /** The engine the handlers run on (its `state` is {@link state}). */
  readonly engine: Engine;
  /**
   * Injected latency and failures, the same as `POST /dev/chaos` on the server:
   * `parley.chaos.set({ operations: { SendMessage: { errorCode: 'FORBIDDEN' } } })`, `parley.chaos.clear()`,
   * `parley.chaos.settings`. Latency waits on the state's clock. The same object across resets.
   */
  readonly chaos: Chaos;
  /** The last requests the handlers answered, as `GET /dev/journal`: `parley.journal.list()`, `.clear()`. */
  readonly journal: RequestJournal;
  /**
   * Back to the seeded data (or empty, or the fixtures), the starting chaos and an empty journal,
   * as after `createParleyHandlers`: the starting state is restored from a snapshot taken once (well
   * under a millisecond for the demo data; no re-seed). Open subscription sockets ran on the old
   * state: they are closed with 1012 ("service restart"), and tokens issued since the start belong
   * to the old state, so a client logs in again.
   */
  reset(): Promise<void>;
}

/**
 * The MSW door (DESIGN.md, "One engine, three doors"): MSW request handlers that run GraphQL
 * requests to `endpoint` through the same engine, limits and error shaping as the HTTP door, on a
 * state that lives in your test (or your page) instead of a server process. A Fetch Request in,
 * a Response out: same status codes, content types and bodies as `parley mock serve`.
 *
 * Per-test overrides are MSW's own: `server.use(graphql.mutation('SendMessage', ...))` comes
 * before these handlers; {@link failOperation} covers "fail this operation with this code".
 *
 * Subscriptions run over MSW's WebSocket interception (`ws.link` on {@link ParleyHandlers.webSocketUrl}),
 * with graphql-ws's protocol and the Node WebSocket door's rules (token in `connection_init`, 4401,
 * expiry, revocation, presence), on the same state: a `messageCreated` subscription sees a
 * `sendMessage` sent through the HTTP handlers. In Node, MSW intercepts `globalThis.WebSocket`,
 * which Node 20 lacks (see the README, "Subscriptions through MSW").
 */
export async function createParleyHandlers(options: ParleyHandlersOptions = {}): Promise<ParleyHandlers> {
  const endpoint = options.endpoint ?? 'http://localhost:4000/graphql';
  const schema = createExecutableSchema();
  const chaos = new Chaos(options.chaos);
  const journal = new RequestJournal();
  const state =
    options.fixtures !== undefined
      ? await (await import('../mock-server/fixtures-file/load.js')).loadFixtures(options.fixtures)
      : options.empty
        ? new MockState()
        : await createDemoState({ seed: options.seed ?? 1 });
  const engine = new Engine({ schema, state, execution: options.execution ?? 'interpreted', limits: options.limits, chaos, journal });
  // reset() restores this snapshot of the starting state: well under a millisecond, no re-seed.
  const baseline = StateBaseline.of(state);
  const handle = graphqlOverHttp(engine, { transport: 'msw' });
  const subscriptions = graphqlWsLink(endpoint, createGraphQLWsSessions(engine, { transport: 'msw' }));

  const answer = async (request: Request): Promise<Response> => {
    // The HTTP door answers a CORS preflight so; a page's service worker never sees one, Node has none.
    if (request.method === 'OPTIONS') return new HttpResponse(null, { status: 204 });
    const { maxBodyBytes } = engine.limits;
    const url = new URL(request.url);
    let body = '';
    if (request.method === 'POST') {
      body = await request.text();
      if (new TextEncoder().encode(body).length > maxBodyBytes) {
        const message = `the request body is larger than ${maxBodyBytes} bytes; raise the limit with ${limitFlags.maxBodyBytes}`;
        return HttpResponse.json({ errors: [{ message, extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE } }] }, { status: 413 });
      }
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const context = { publicOrigin: url.origin, authorization: request.headers.get('authorization'), accept: request.headers.get('accept') ?? undefined };
    const [responseBody, init] = await handle({ url: url.pathname + url.search, method: request.method, headers, body, context });
    return new HttpResponse(responseBody, { status: init.status, statusText: init.statusText, headers: init.headers as Record<string, string> | undefined });
  };

  return {
    handlers: [http.all(endpoint, ({ request }) => answer(request)), subscriptions],
    webSocketUrl: webSocketEndpoint(endpoint),
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
