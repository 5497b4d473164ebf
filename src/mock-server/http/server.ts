import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '../../schema/error-codes.js';
import type { DevControls } from '../dev-controls.js';
import type { Engine } from '../engine/engine.js';
import { lazy } from '../state/lazy.js';
import { answerInTurn } from './answers-in-turn.js';
import { graphiqlRoute, prefersHtml } from './graphiql-route.js';
import { graphqlRoute } from './graphql-route.js';
import { sendError, sendJson } from './respond.js';
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
 * Routes that few requests take load at their first request, not at start-up (every module on
 * the start-up path costs about a millisecond): the dev routes (nine modules), the authorize page,
 * and the upload and download routes (with content-disposition).
 */
const devRoutesModule = lazy(() => import('./dev-routes.js'));
const oauthRouteModule = lazy(() => import('./oauth-route.js'));
const uploadsRouteModule = lazy(() => import('./uploads-route.js'));
const filesRouteModule = lazy(() => import('./files-route.js'));

/**
 * The HTTP door: one port for `/graphql`, `/ready`, `/uploads/<key>`, `/files/<token>`, `/oauth/authorize`, `/dev/...` and GraphiQL (`/graphql` for browsers, `/graphiql/...`). It only routes and
 * translates; every GraphQL rule is the engine's.
 */
export function createHttpDoor(engine: Engine, controls: DevControls | null, hosts: HostAllowList, options: HttpDoorOptions = {}): Server {
  const graphql = graphqlRoute(engine);
  const cors = options.cors ?? true;
  const devOrigins = new DevOriginPolicy(options.corsOrigins);
  const graphiql = (options.graphiql ?? true) ? graphiqlRoute() : null;
  // `/dev` is served when the dev controls were built (see devRoutesServed).
  const dev = devRoutesServed(options) ? controls : null;

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The path alone decides the route; a URL object per request would cost more than the routing.
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const pathname = query < 0 ? target : target.slice(0, query);
    // A readiness probe reads a constant, so it answers any Host (a container's health check
    // may use a name nobody allowed); every other route is behind the allow-list.
    if (pathname !== '/ready' && !hosts.allows(req.headers.host)) {
      return sendError(res, 403, ErrorCode.FORBIDDEN, refusedHostMessage(req.headers.host));
    }
    const isDev = pathname === '/dev' || pathname.startsWith('/dev/');
    if (dev && isDev) {
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
      const { devRoute } = await devRoutesModule();
      return devRoute(dev, req, res, pathname, query < 0 ? '' : target.slice(query + 1));
    }
    // `/dev` off (--no-dev-routes) is a 404 like any unknown path, and gets no CORS either.
    const open = cors && !isDev;
    if (open) res.setHeaders(CORS_HEADER_MAP);
    if (req.method === 'OPTIONS' && open) {
      res.writeHead(204).end();
      return;
    }
    if (pathname === '/graphql') {
      if (graphiql && req.method === 'GET' && prefersHtml(req.headers.accept)) return graphiql.page(res);
      // Only an allowed Host gets here, so the URLs handed out (uploads, files) never name another.
      return graphql(req, res, `http://${req.headers.host!}`);
    }
    if (graphiql && pathname.startsWith('/graphiql/')) return graphiql.asset(req, res, pathname.slice('/graphiql/'.length));
    if (pathname === '/ready') {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return sendError(res, 405, ErrorCode.BAD_REQUEST, 'use GET /ready', { allow: 'GET, HEAD' });
      }
      return sendJson(res, 200, { status: 'ready' });
    }
    if (pathname === '/oauth/authorize') {
      const { oauthRoute } = await oauthRouteModule();
      return oauthRoute(engine.state, req, res, target.slice(pathname.length));
    }
    const upload = /^\/uploads\/([^/]+)$/.exec(pathname);
    if (upload) {
      const { uploadsRoute } = await uploadsRouteModule();
      return uploadsRoute(engine.state, req, res, safeDecode(upload[1]!), () => engine.changed());
    }
    const file = /^\/files\/([^/]+)$/.exec(pathname);
    if (file) {
      const { filesRoute } = await filesRouteModule();
      return filesRoute(engine.state, req, res, file[1]!);
    }
    sendError(res, 404, ErrorCode.NOT_FOUND, `nothing is served at ${pathname}; GraphQL is at /graphql`);
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

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not a key we issued; the route answers 404
  }
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
