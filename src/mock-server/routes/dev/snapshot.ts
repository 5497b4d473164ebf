import { SnapshotError } from '../../state/snapshot/errors.js';
import { errorResponse, jsonResponse, textResponse } from '../respond.js';
import { readTextBody, type DevRoute } from './dev-route.js';

/** The largest snapshot `PUT /dev/snapshot` reads. */
const MAX_SNAPSHOT_BYTES = 256 * 1024 ** 2;

/**
 * `GET /dev/snapshot`: the whole state as a JSON download. `PUT /dev/snapshot`: replace the state
 * with a snapshot (a bad one is refused with 400 and one sentence, and nothing changes). A restore
 * closes the open WebSocket connections (their subscriptions belong to the old state); sessions are
 * part of a snapshot, so tokens of the restored state keep working.
 */
export const snapshotRoute: DevRoute = {
  path: '/dev/snapshot',
  description: 'GET the whole state as JSON (parley-state.json); PUT one to restore it',
  methods: {
    GET: ({ controls }) =>
      textResponse(200, JSON.stringify(controls.snapshot()), {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': 'attachment; filename="parley-state.json"',
      }),
    PUT: async ({ controls, request }) => {
      const text = await readTextBody(request, MAX_SNAPSHOT_BYTES);
      if (text instanceof Response) return text;
      try {
        await controls.restore(text);
      } catch (error) {
        if (error instanceof SnapshotError) return errorResponse(400, error.code, error.message);
        throw error;
      }
      return jsonResponse(200, { status: 'restored' });
    },
  },
};
