import { ErrorCode } from '../../schema/error-codes.js';
import type { DevControls } from '../dev-controls.js';
import { lazy } from '../state/lazy.js';
import { errorResponse, jsonResponse } from './respond.js';
import type { FetchRoute, RouteHost } from './route-host.js';

/** What the router serves: the state's routes over `host`, GraphQL, and `/dev` when `dev` is given. */
export interface RouterOptions {
  readonly host: RouteHost;
  /** `/graphql` (`graphqlRoute` over the door's GraphQL-over-HTTP core). */
  readonly graphql: FetchRoute;
  /** The dev controls `/dev` steers; null when `/dev` is not served (a 404, as any unknown path). */
  readonly dev: DevControls | null;
  /**
   * The path every route is under (a sandbox's `/sandboxes/<id>`): taken off before the route is
   * chosen. The door sends only paths under it. @default '' (the root)
   */
  readonly base?: string;
}

/**
 * Routes few requests take load at their first request, not at start-up: the dev routes (nine
 * modules), the authorize page, and the upload and download routes (with content-disposition).
 */
const devRoutesModule = lazy(() => import('./dev/routes.js'));
const oauthRouteModule = lazy(() => import('./oauth.js'));
const uploadsRouteModule = lazy(() => import('./uploads.js'));
const filesRouteModule = lazy(() => import('./files.js'));

const UPLOAD = /^\/uploads\/([^/]+)$/;
const FILE = /^\/files\/([^/]+)$/;

/**
 * Every route of the mock but the WebSocket upgrade, as one Fetch handler: the method and the path
 * decide. Both doors call it: the HTTP door through its Node adapter (`http/fetch-adapter.ts`),
 * the MSW door with the Request MSW intercepted. Who may call (the Host allow-list, CORS, the
 * origins `/dev` answers) is the Node door's concern, before it calls this. A HEAD is answered
 * as its GET, without the body.
 */
export function createRouter(options: RouterOptions): FetchRoute {
  const { host, graphql, dev, base = '' } = options;

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const pathname = base === '' ? url.pathname : url.pathname.slice(base.length) || '/';
    if (pathname === '/graphql') return graphql(request);
    if (pathname === '/ready') {
      if (request.method !== 'GET' && request.method !== 'HEAD') return errorResponse(405, ErrorCode.BAD_REQUEST, 'use GET /ready', { allow: 'GET, HEAD' });
      return jsonResponse(200, { status: 'ready' });
    }
    if (dev && (pathname === '/dev' || pathname.startsWith('/dev/'))) {
      const { devRoute } = await devRoutesModule();
      return devRoute(host, dev, request, pathname, url.searchParams, base);
    }
    if (pathname === '/oauth/authorize') {
      const { oauthRoute } = await oauthRouteModule();
      return oauthRoute(host, request);
    }
    const upload = UPLOAD.exec(pathname);
    if (upload) {
      const { uploadsRoute } = await uploadsRouteModule();
      return uploadsRoute(host, request, safeDecode(upload[1]!));
    }
    const file = FILE.exec(pathname);
    if (file) {
      const { filesRoute } = await filesRouteModule();
      return filesRoute(host, request, file[1]!);
    }
    return errorResponse(404, ErrorCode.NOT_FOUND, `nothing is served at ${pathname}; GraphQL is at /graphql`);
  }

  return async (request) => {
    const response = await route(request);
    if (request.method !== 'HEAD' || response.body === null) return response;
    await response.body.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not a key we issued; the route answers 404
  }
}
