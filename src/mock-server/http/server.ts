import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../schema/error-codes.js';
import type { DevControls } from '../dev-controls.js';
import type { Runtime } from '../runtime/runtime.js';
import { prefersHtml } from '../routes/prefers-html.js';
import { createRouter } from '../routes/router.js';
import type { SandboxRegistry } from '../sandboxes/sandbox-registry.js';
import { sandboxesRoute, sandboxPlace, steersSandboxes } from '../sandboxes/sandboxes-route.js';
import { answerInTurn } from './answers-in-turn.js';
import { requestOf, sendResponse } from './fetch-adapter.js';
import { consolePlaceOf, consoleRoute, CONSOLE_ASSET_PATH } from './console-route.js';
import { graphiqlRoute } from './graphiql-route.js';
import { graphqlRoute } from './graphql-route.js';
import { sendError } from './respond.js';
import { devCorsHeaders, DevOriginPolicy, refusedOriginMessage } from './dev-origin.js';
import { HostAllowList, refusedHostMessage } from './host-allow-list.js';
import { isLoopbackHost } from './loopback.js';

export interface HttpDoorOptions {
  /** Interface to bind; also a `Host` the door answers, and what decides the default of `devRoutes`. @default '127.0.0.1' */
  readonly host?: string;
  /**
   * Answer cross-origin requests to `/graphql`, `/uploads` and `/files` from any origin, so a
   * frontend dev server on another port can call the mock from a browser (bearer tokens, no
   * cookies: see docs/mock-behaviour.md, "Safe defaults"). `/dev` is never open to every origin.
   * @default true
   */
  readonly cors?: boolean;
  /**
   * Web origins (such as `http://localhost:5173`) that may call `/dev` from a page besides the
   * mock's own (`--cors-origin`). An origin that is no http(s) URL throws. @default []
   */
  readonly corsOrigins?: readonly string[];
  /**
   * `Host` names answered besides `localhost`, `*.localhost`, IP literals and `host`
   * (`--allowed-host`); `.example.test` allows that name and its subdomains. Any other `Host`
   * gets 403, the defence against DNS rebinding. @default []
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Serve `/dev` and `/dev/...` (dev controls: outbox, request journal, chaos; `GET /dev` lists them).
   * @default true on a loopback `host`, false on any other (`--dev-routes` turns it on there)
   */
  readonly devRoutes?: boolean;
  /**
   * Answer `GET /graphql` from a browser (one that prefers `text/html`) with GraphiQL, and serve
   * its bundle at `/graphiql/...`. Other clients' GET requests stay GraphQL over HTTP. @default true
   */
  readonly graphiql?: boolean;
}

/** Whether `/dev` is served: as asked, else on a loopback `host` only. */
export function devRoutesServed(options: HttpDoorOptions): boolean {
  return options.devRoutes ?? isLoopbackHost(options.host ?? '127.0.0.1');
}

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, accept',
  'access-control-max-age': '600',
};

const CORS_HEADER_MAP = new Map(Object.entries(CORS_HEADERS));

/**
 * The HTTP door: one port for `/graphql`, `/ready`, `/uploads/<key>`, `/files/<token>`, `/oauth/authorize`, `/dev/...`, GraphiQL (`/graphql` for browsers, `/graphiql/...`) and the dev console (`/dev` for browsers, `/dev/console/...`). It only decides
 * who may call (the Host allow-list, CORS, the origins `/dev` answers) and translates: every route
 * but GraphiQL and the dev console (page and bundle) is a Fetch route (`routes/router.ts`, the MSW door's too), reached through one
 * adapter (`fetch-adapter.ts`); `/graphql` takes a fast path to the same GraphQL-over-HTTP core.
 * With `sandboxes` (served where `/dev` is), `/sandboxes/...` goes to them: making, dropping and a
 * sandbox's `/dev` are guarded as `/dev` is; a sandbox's other routes as the root's.
 */
export function createHttpDoor(runtime: Runtime, controls: DevControls | null, hosts: HostAllowList, options: HttpDoorOptions = {}, sandboxes: SandboxRegistry | null = null): Server {
  const graphql = graphqlRoute(runtime);
  const cors = options.cors ?? true;
  const devOrigins = new DevOriginPolicy(options.corsOrigins);
  const graphiql = (options.graphiql ?? true) ? graphiqlRoute() : null;
  // `/dev` is served when the dev controls were built (see devRoutesServed).
  const router = createRouter({ host: runtime, graphql: graphql.fetch, dev: devRoutesServed(options) ? controls : null });
  const devServed = devRoutesServed(options) && controls !== null;
  const devConsole = devServed ? consoleRoute() : null;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The hot path: the raw target decides `/graphql`, without a URL object or a Request.
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const raw = query < 0 ? target : target.slice(0, query);
    if (raw === '/graphql') {
      if (!hosts.allows(req.headers.host)) return sendError(res, 403, ErrorCode.FORBIDDEN, refusedHostMessage(req.headers.host));
      if (cors) res.setHeaders(CORS_HEADER_MAP);
      if (req.method === 'OPTIONS' && cors) {
        res.writeHead(204).end();
        return;
      }
      if (graphiql && req.method === 'GET' && prefersHtml(req.headers.accept)) return graphiql.page(res);
      // Only an allowed Host gets here, so the URLs handed out (uploads, files) never name another.
      return graphql.serve(req, res, `http://${req.headers.host!}`);
    }
    // Every other route: the path as the router will read it (the URL parser's, dot segments resolved).
    const request = requestOf(req, originOf(req.headers.host));
    if (request === null) return sendError(res, 400, ErrorCode.BAD_REQUEST, 'the request has a header the mock cannot read');
    const { pathname } = new URL(request.url);
    // A readiness probe reads a constant, so it answers any Host (a container's health check
    // may use a name nobody allowed); every other route is behind the allow-list.
    if (pathname !== '/ready' && !hosts.allows(req.headers.host)) {
      return sendError(res, 403, ErrorCode.FORBIDDEN, refusedHostMessage(req.headers.host));
    }
    const place = sandboxes && devServed ? sandboxPlace(pathname) : null;
    const isDev = pathname === '/dev' || pathname.startsWith('/dev/') || (place !== null && steersSandboxes(place));
    const serve = (request: Request): Promise<Response> => (place ? sandboxesRoute(sandboxes!, request, place) : router(request));
    if (devServed && isDev) {
      const origin = req.headers.origin;
      const verdict = devOrigins.judge(origin, req.headers.host);
      if (verdict === 'refused') return sendError(res, 403, ErrorCode.FORBIDDEN, refusedOriginMessage(origin!));
      if (verdict === 'named') {
        res.setHeaders(new Map(Object.entries(devCorsHeaders(origin!))));
        if (req.method === 'OPTIONS') {
          res.writeHead(204).end();
          return;
        }
      }
      // The dev console: `GET /dev` from a browser, and its bundle; a sandbox's only while it exists.
      const at = devConsole ? consolePlaceOf(pathname, place) : null;
      if (at && (at.sandboxId === null || sandboxes!.get(at.sandboxId))) {
        if (at.rest.startsWith(CONSOLE_ASSET_PATH)) return devConsole!.asset(req, res, at.rest.slice(CONSOLE_ASSET_PATH.length));
        if ((req.method === 'GET' || req.method === 'HEAD') && prefersHtml(req.headers.accept) && (await devConsole!.page(req, res, at.base))) return;
      }
      return sendResponse(res, await serve(request));
    }
    // `/dev` off (--no-dev-routes) is a 404 like any unknown path, and gets no CORS either.
    const open = cors && !isDev;
    if (open) res.setHeaders(CORS_HEADER_MAP);
    if (req.method === 'OPTIONS' && open) {
      res.writeHead(204).end();
      return;
    }
    if (graphiql && raw.startsWith('/graphiql/')) return graphiql.asset(req, res, raw.slice('/graphiql/'.length));
    return sendResponse(res, await serve(request));
  }

  return createServer((req, res) => {
    // One answer at a time per connection, so a client that does not read holds at most one.
    answerInTurn(req, res, () => route(req, res)).catch((error: unknown) => {
      // The client went away mid-request (an upload abandoned half-way): nobody to answer, no bug.
      if (clientGone(req, error)) return void res.destroy();
      // A bug in a door: log it with its stack, answer without it.
      console.error('[parley] internal error:', error instanceof Error ? error.stack : error);
      if (!res.headersSent) sendError(res, 500, ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
      else res.destroy();
    });
  });
}

/** Whether `error` is Node's report that the client closed the connection before its request had arrived. */
function clientGone(req: IncomingMessage, error: unknown): boolean {
  return req.destroyed && error instanceof Error && (error as NodeJS.ErrnoException).code === 'ECONNRESET';
}

/** `http://<Host>`, the origin the routes see; a Host no URL can carry (only `/ready` answers one) reads as localhost. */
function originOf(hostHeader: string | undefined): string {
  const origin = `http://${hostHeader ?? 'localhost'}`;
  return URL.canParse(origin) ? origin : 'http://localhost';
}

/** Starts listening; resolves with the bound address (port 0 picks a free port). */
export function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}
