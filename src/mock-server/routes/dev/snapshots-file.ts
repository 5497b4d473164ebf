import { textResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { requiredParam } from './params.js';
import { namedSnapshotAnswer } from './snapshots.js';

/** `GET /dev/snapshots/file?name=`: the snapshot saved under that name, as a JSON download (`PUT /dev/snapshot` takes it back). */
export const snapshotsFileRoute: DevRoute = {
  path: '/dev/snapshots/file',
  description: 'GET ?name=: the snapshot saved under that name as a JSON download (PUT /dev/snapshot restores it)',
  methods: {
    GET: ({ controls, query }) => {
      const name = requiredParam(query, 'name', 100);
      if (name instanceof Response) return name;
      let json: string;
      try {
        json = controls.snapshots.json(name);
      } catch (error) {
        return namedSnapshotAnswer(error);
      }
      // The name is checked ([A-Za-z0-9._-]): nothing in it can break out of the quotes.
      return textResponse(200, json, { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="parley-${name}.json"` });
    },
  },
};
