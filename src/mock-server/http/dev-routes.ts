import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import type { DevControls } from '../dev-controls.js';
import { chaosRoute } from './dev/chaos.js';
import type { DevMethod, DevRoute } from './dev/dev-route.js';
import { sendDevIndex } from './dev/index-page.js';
import { journalRoute } from './dev/journal.js';
import { fixturesRoute } from './dev/fixtures.js';
import { outboxRoute } from './dev/outbox.js';
import { resetRoute } from './dev/reset.js';
import { snapshotRoute } from './dev/snapshot.js';
import { sendError } from './respond.js';

/**
 * The dev routes, in the order the index lists them: one line each (a route lives in its own
 * file under `dev/`). `GET /dev` lists them from this table.
 */
export const devRoutes: readonly DevRoute[] = [
  outboxRoute,
  journalRoute,
  chaosRoute,
  resetRoute,
  snapshotRoute,
  fixturesRoute,
];

/**
 * `/dev` and `/dev/...`: what a developer or a test needs to see and steer of the mock that a real
 * backend keeps to itself (WireMock's `/__admin` is the model). `--no-dev-routes` turns it all off.
 */
export async function devRoute(controls: DevControls, req: IncomingMessage, res: ServerResponse, pathname: string, search: string): Promise<void> {
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  if (pathname === '/dev' || pathname === '/dev/') {
    if (method !== 'GET') return sendError(res, 405, ErrorCode.BAD_REQUEST, 'use GET /dev', { allow: 'GET, HEAD' });
    return sendDevIndex(devRoutes, req.headers.accept, controls.chaos.settings, controls.chaos.active, res);
  }
  const route = devRoutes.find((candidate) => candidate.path === pathname);
  if (!route) return sendError(res, 404, ErrorCode.NOT_FOUND, `nothing is served at ${pathname}; GET /dev lists the dev routes`);
  // Own methods only: the request's method names no inherited property of the table.
  const handler = Object.hasOwn(route.methods, method) ? route.methods[method as DevMethod] : undefined;
  if (!handler) {
    const allowed = Object.keys(route.methods);
    const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
    return sendError(res, 405, ErrorCode.BAD_REQUEST, `use ${allowed.join(' or ')} ${route.path}`, { allow });
  }
  await handler({ engine: controls.engine, controls, req, query: new URLSearchParams(search) }, res);
}
