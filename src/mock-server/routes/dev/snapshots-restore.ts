import { jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';
import { nameOf, namedSnapshotAnswer } from './snapshots.js';
import { checkSnapshotName } from '../../dev/named-snapshots.js';

/** `POST /dev/snapshots/restore` `{ "name" }`: the state saved under that name becomes the state; WebSockets close with 1012. */
export const snapshotsRestoreRoute: DevRoute = {
  path: '/dev/snapshots/restore',
  description: 'POST { "name" }: replace the state with the snapshot saved under that name (open WebSockets close with 1012)',
  methods: {
    POST: async ({ controls, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      let name: string;
      try {
        name = checkSnapshotName(nameOf(body.json));
        await controls.restoreNamed(name);
      } catch (error) {
        return namedSnapshotAnswer(error);
      }
      return jsonResponse(200, { status: 'restored', name });
    },
  },
};
