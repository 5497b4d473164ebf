import { checkSnapshotName, NamedSnapshotError } from '../../dev/named-snapshots.js';
import { jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';
import { fieldError, requiredParam } from './params.js';

/** A refused name or save as its answer (400, 404 or 429, naming the field); anything else is rethrown. */
export function namedSnapshotAnswer(error: unknown): Response {
  if (!(error instanceof NamedSnapshotError)) throw error;
  return fieldError(error.field, error.message, error.code, error.status);
}

/**
 * `GET /dev/snapshots`: the snapshots saved by name. `POST` `{ "name" }`: saves the current state
 * under that name (replacing one of the same name). `DELETE ?name=`: forgets one. In memory,
 * bounded in count and bytes; `/dev/snapshots/restore` and `/dev/snapshots/file` use them.
 */
export const snapshotsRoute: DevRoute = {
  path: '/dev/snapshots',
  description: 'snapshots of the state saved by name, in memory: GET lists them, POST { "name" } saves one, DELETE ?name= forgets one',
  methods: {
    GET: ({ controls }) => {
      const { snapshots } = controls;
      return jsonResponse(200, { snapshots: snapshots.list(), max: snapshots.maxCount, bytes: snapshots.bytes, maxBytes: snapshots.maxBytes });
    },
    POST: async ({ controls, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      try {
        return jsonResponse(201, controls.saveSnapshot(checkSnapshotName(nameOf(body.json))));
      } catch (error) {
        return namedSnapshotAnswer(error);
      }
    },
    DELETE: ({ controls, query }) => {
      const name = requiredParam(query, 'name', 100);
      if (name instanceof Response) return name;
      try {
        controls.snapshots.delete(name);
      } catch (error) {
        return namedSnapshotAnswer(error);
      }
      return jsonResponse(200, { deleted: name });
    },
  },
};

/** The body's `name`, unchecked (the store checks it and names the field). */
export function nameOf(json: unknown): unknown {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && Object.hasOwn(json, 'name') ? (json as Record<string, unknown>)['name'] : undefined;
}
