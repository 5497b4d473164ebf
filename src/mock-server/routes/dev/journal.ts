import { ErrorCode } from '../../../schema/error-codes.js';
import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';

/**
 * `GET /dev/journal[?limit=N]`, `DELETE /dev/journal`: the last GraphQL requests of every door.
 * The journal holds only bounded, already redacted copies (`runtime/journal/journal.ts`), so reading it
 * serialises at most `maxBytes` and cannot fail on what a request sent.
 */
export const journalRoute: DevRoute = {
  path: '/dev/journal',
  description: 'the last GraphQL requests (HTTP, WebSocket, MSW), newest first, secrets redacted, variables cut to 4 KiB; ?limit=N; DELETE clears it',
  methods: {
    GET: ({ controls, query }) => {
      const { journal } = controls;
      const raw = query.get('limit');
      let limit = journal.capacity;
      if (raw !== null) {
        limit = Number(raw);
        if (!/^\d+$/.test(raw) || limit < 1 || limit > journal.capacity) {
          const message = `limit must be a whole number from 1 to ${journal.capacity}, but got ${JSON.stringify(raw)}`;
          return jsonResponse(400, { errors: [{ message, extensions: { code: ErrorCode.BAD_USER_INPUT, field: 'limit' } }] });
        }
      }
      return jsonResponse(200, { capacity: journal.capacity, bytes: journal.bytes, maxBytes: journal.maxBytes, entries: journal.list(limit) });
    },
    DELETE: ({ controls }) => jsonResponse(200, { cleared: controls.journal.clear() }),
  },
};
