import { ErrorCode } from '../../../schema/error-codes.js';
import type { DevControls } from '../../dev-controls.js';
import { errorResponse } from '../respond.js';
import type { RouteHost } from '../route-host.js';
import { chaosRoute } from './chaos.js';
import type { DevMethod, DevRoute } from './dev-route.js';
import { devIndex } from './index-page.js';
import { journalRoute } from './journal.js';
import { fixturesRoute } from './fixtures.js';
import { outboxRoute } from './outbox.js';
import { resetRoute } from './reset.js';
import { snapshotRoute } from './snapshot.js';
import { simulatorRoute } from './simulator.js';
import { stateRoute } from './state.js';
import { messagesRoute } from './messages.js';
import { membersRoute } from './members.js';
import { filesRoute } from './files.js';
import { notificationsRoute } from './notifications.js';
import { searchRoute } from './search.js';
import { sessionsRoute } from './sessions.js';
import { eventsRoute } from './events.js';
import { clockRoute } from './clock.js';
import { snapshotsRoute } from './snapshots.js';
import { snapshotsRestoreRoute } from './snapshots-restore.js';
import { snapshotsFileRoute } from './snapshots-file.js';

/**
 * The dev routes, in the order the index lists them: one line each (a route lives in its own
 * file in this folder). `GET /dev` lists them from this table.
 */
export const devRoutes: readonly DevRoute[] = [
  outboxRoute,
  journalRoute,
  chaosRoute,
  resetRoute,
  snapshotRoute,
  fixturesRoute,
  stateRoute,
  messagesRoute,
  membersRoute,
  filesRoute,
  notificationsRoute,
  searchRoute,
  sessionsRoute,
  eventsRoute,
  clockRoute,
  snapshotsRoute,
  snapshotsRestoreRoute,
  snapshotsFileRoute,
  simulatorRoute,
];

/**
 * `/dev` and `/dev/...`: what a developer or a test needs to see and steer of the mock that a real
 * backend keeps to itself (WireMock's `/__admin` is the model). `--no-dev-routes` turns it all off.
 */
export async function devRoute(host: RouteHost, controls: DevControls, request: Request, pathname: string, query: URLSearchParams, base = ''): Promise<Response> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (pathname === '/dev' || pathname === '/dev/') {
    if (method !== 'GET') return errorResponse(405, ErrorCode.BAD_REQUEST, 'use GET /dev', { allow: 'GET, HEAD' });
    return devIndex(devRoutes, request.headers.get('accept'), controls.chaos.settings, controls.chaos.active, base);
  }
  const route = devRoutes.find((candidate) => candidate.path === pathname);
  if (!route) return errorResponse(404, ErrorCode.NOT_FOUND, `nothing is served at ${pathname}; GET /dev lists the dev routes`);
  // Own methods only: the request's method names no inherited property of the table.
  const handler = Object.hasOwn(route.methods, method) ? route.methods[method as DevMethod] : undefined;
  if (!handler) {
    const allowed = Object.keys(route.methods);
    const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
    return errorResponse(405, ErrorCode.BAD_REQUEST, `use ${allowed.join(' or ')} ${route.path}`, { allow });
  }
  return handler({ host, controls, request, query });
}
