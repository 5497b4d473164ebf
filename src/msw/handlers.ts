import { http, HttpResponse, type HttpHandler } from 'msw';
import { ErrorCode } from '../schema/error-codes.js';
import { Engine, type ExecutionMode } from '../mock-server/engine/engine.js';
import { graphqlOverHttp } from '../mock-server/engine/graphql-over-http.js';
import { limitFlags, type QueryLimits } from '../mock-server/engine/limits.js';
import { createExecutableSchema } from '../mock-server/graphql/executable-schema.js';
import { createDemoState } from '../mock-server/fixtures.js';
import { MockState } from '../mock-server/state/mock-state.js';
import { StateBaseline } from '../mock-server/state/snapshot/baseline.js';

export interface ParleyHandlersOptions {
  /** The GraphQL endpoint your client calls (absolute, or a path for the browser). @default 'http://localhost:4000/graphql' */
  readonly endpoint?: string;
  /** Seeds the demo data, as `parley mock serve --seed`. @default 1 */
  readonly seed?: number;
  /** Start with no data at all instead of the demo workspace. @default false */
  readonly empty?: boolean;
  /** Request limits, as the HTTP door's flags. @default the HTTP door's defaults */
  readonly limits?: Partial<QueryLimits>;
  /**
   * How operations run. @default 'interpreted': graphql-js, which runs everywhere (graphql-jit
   * compiles with `new Function`, which a page's Content-Security-Policy may forbid), and a test
   * runs each document a few times only, where compiling would not pay.
   */
  readonly execution?: ExecutionMode;
}

export interface ParleyHandlers {
  /** Give these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser). */
  readonly handlers: HttpHandler[];
  /**
   * The state the handlers run on, to arrange data and assert on it. A getter: {@link reset}
   * replaces it, so read `parley.state` again after a reset rather than keeping the old one.
   */
  readonly state: MockState;
  /** The engine the handlers run on (its `state` is {@link state}). */
  readonly engine: Engine;
  /**
   * Back to the seeded data (or empty): a fresh state, as after `createParleyHandlers`, restored
   * from a snapshot taken once (well under a millisecond for the demo data; no re-seed).
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
 * Subscriptions (`ws.link`) are not served yet.
 */
export async function createParleyHandlers(options: ParleyHandlersOptions = {}): Promise<ParleyHandlers> {
  const endpoint = options.endpoint ?? 'http://localhost:4000/graphql';
  const schema = createExecutableSchema();
  const state = options.empty ? new MockState() : await createDemoState({ seed: options.seed ?? 1 });
  const engine = new Engine({ schema, state, execution: options.execution ?? 'interpreted', limits: options.limits });
  const baseline = StateBaseline.of(state);
  const handle = graphqlOverHttp(engine);

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
    handlers: [http.all(endpoint, ({ request }) => answer(request))],
    get state() {
      return engine.state;
    },
    engine,
    async reset() {
      engine.replaceState(baseline.fresh());
    },
  };
}
