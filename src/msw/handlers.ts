import { http, type HttpHandler, type WebSocketHandler } from 'msw';
import { createParleyBackend, type LocalParleyBackend, type ParleyBackend, type ParleyBackendOptions } from './backend.js';
import { graphqlWsLink, webSocketEndpoint } from './graphql-ws-link.js';

export interface ParleyHandlersOptions extends ParleyBackendOptions {
  /** The GraphQL endpoint your client calls (absolute, or a path for the browser). @default 'http://localhost:4000/graphql' */
  readonly endpoint?: string;
}

/** MSW handlers for one endpoint, whatever backend answers them. */
export interface ParleyHandlerSet {
  /**
   * Give these to `setupServer(...)` (msw/node) or `setupWorker(...)` (msw/browser): GraphQL over
   * HTTP on the endpoint, the mock's other routes on the endpoint's origin (uploads, file links,
   * the OAuth page, `/ready`, `/dev`), and graphql-ws (`graphql-transport-ws`) on {@link webSocketUrl}.
   */
  readonly handlers: (HttpHandler | WebSocketHandler)[];
  /**
   * Where subscriptions are served: the endpoint with `ws:` for `http:` (`wss:` for `https:`), e.g.
   * `ws://localhost:4000/graphql`; a path endpoint stays a path. Give it to graphql-ws's
   * `createClient({ url })` after `server.listen()` / `worker.start()` (see the README).
   */
  readonly webSocketUrl: string;
}

/** The handlers, with the state they run on and its dev controls: chaos, journal, `reset()`, snapshots and fixtures (see {@link LocalParleyBackend}). */
export interface ParleyHandlers extends ParleyHandlerSet, Omit<LocalParleyBackend, 'answer' | 'route' | 'sessions'> {}

/**
 * The mock's routes besides GraphQL, on the endpoint's origin: the URLs its answers hand out
 * (`/uploads/<key>` for uploads and `publicUrl`s, `/files/<token>` for downloads and previews,
 * `/oauth/authorize`), and `/ready` and `/dev/...`, as `parley mock serve` serves them.
 */
const ROUTE_PATHS = ['/uploads/:key', '/files/:token', '/oauth/authorize', '/ready', '/dev', '/dev/*'];

/** The origin of `endpoint` (`http://localhost:4000`), or '' for a path (MSW resolves a path against the page). */
function originOf(endpoint: string): string {
  return URL.canParse(endpoint) ? new URL(endpoint).origin : '';
}

/** The handlers of `endpoint` over a backend: its HTTP answers, its other routes on the same origin, and its graphql-ws sessions. */
export function parleyHandlerSet(endpoint: string, backend: ParleyBackend): ParleyHandlerSet {
  const origin = originOf(endpoint);
  return {
    handlers: [
      http.all(endpoint, ({ request }) => backend.answer(request)),
      ...ROUTE_PATHS.map((path) => http.all(`${origin}${path}`, ({ request }) => backend.route(request))),
      graphqlWsLink(endpoint, backend.sessions),
    ],
    webSocketUrl: webSocketEndpoint(endpoint),
  };
}

/**
 * The MSW door (docs/architecture.md, "One runtime, three doors"): MSW request handlers that run GraphQL
 * requests to `endpoint` through the same engine, limits and error shaping as the HTTP door, on a
 * state that lives in your test (or your page) instead of a server process. A Fetch Request in,
 * a Response out: same status codes, content types and bodies as `parley mock serve`.
 *
 * Per-test overrides are MSW's own: `server.use(graphql.mutation('SendMessage', ...))` comes
 * before these handlers; {@link failOperation} covers "fail this operation with this code".
 *
 * Subscriptions run over MSW's WebSocket interception (`ws.link` on {@link ParleyHandlerSet.webSocketUrl}),
 * with graphql-ws's protocol and the Node WebSocket door's rules (token in `connection_init`, 4401,
 * expiry, revocation, presence), on the same state: a `messageCreated` subscription sees a
 * `sendMessage` sent through the HTTP handlers. In Node, MSW intercepts `globalThis.WebSocket`,
 * which Node 20 lacks (see the README, "Subscriptions through MSW").
 *
 * Every tab of a page runs its own state this way; `createSharedParleyHandlers` shares one among
 * all tabs through a SharedWorker.
 */
export async function createParleyHandlers(options: ParleyHandlersOptions = {}): Promise<ParleyHandlers> {
  const backend = await createParleyBackend(options);
  const { handlers, webSocketUrl } = parleyHandlerSet(options.endpoint ?? 'http://localhost:4000/graphql', backend);
  return {
    handlers,
    webSocketUrl,
    get state() {
      return backend.state;
    },
    runtime: backend.runtime,
    data: backend.data,
    chaos: backend.chaos,
    journal: backend.journal,
    reset: () => backend.reset(),
    snapshot: () => backend.snapshot(),
    restore: (snapshot) => backend.restore(snapshot),
    loadFixtures: (fixtures) => backend.loadFixtures(fixtures),
    simulate: (scenario, options) => backend.simulate(scenario, options),
  };
}
