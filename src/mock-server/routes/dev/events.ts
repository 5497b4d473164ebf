import { ErrorCode } from '../../../schema/error-codes.js';
import { DEV_EVENT_TYPES, type DevEventType } from '../../dev/event-stream.js';
import { errorResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { fieldError } from './params.js';

/**
 * `GET /dev/events[?types=journal,domain,simulator]`: a Server-Sent Events stream that stays open
 * (see `dev/dev-events.ts`): `event: journal`, `event: domain`, `event: simulator`, and
 * `event: reset` on a state swap; `: keep-alive` every 15 s. Bounded: a client that does not read
 * is dropped, and past the most streams at once a new one is refused with 429.
 */
export const eventsRoute: DevRoute = {
  path: '/dev/events',
  description: 'a live Server-Sent Events stream: journal (requests), domain (events as published), simulator (status), reset (state swapped); ?types=journal,domain,simulator (default all)',
  methods: {
    GET: ({ controls, query }) => {
      const types = typesOf(query.get('types'));
      if (types instanceof Response) return types;
      const { events } = controls;
      const stream = events.openStream(types);
      if (stream === null) {
        return errorResponse(429, ErrorCode.QUOTA_EXCEEDED, `at most ${events.limits.maxStreams} event streams are open at once: close one (a console tab) first`);
      }
      return new Response(stream.body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' },
      });
    },
  },
};

function typesOf(raw: string | null): ReadonlySet<DevEventType> | Response {
  if (raw === null || raw === '') return new Set(DEV_EVENT_TYPES);
  const types = new Set<DevEventType>();
  for (const each of raw.split(',')) {
    const type = DEV_EVENT_TYPES.find((known) => known === each.trim());
    if (!type) return fieldError('types', `types must be a comma-separated list of ${DEV_EVENT_TYPES.join(', ')}, but has ${JSON.stringify(each.slice(0, 40))}`);
    types.add(type);
  }
  return types;
}
