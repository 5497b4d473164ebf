import { sendJson } from '../respond.js';
import type { DevRoute } from './dev-route.js';

/**
 * `POST /dev/reset`: back to the state the server started with (demo seed, empty, fixtures, or the
 * `--persist` file as loaded), restored from the snapshot taken at start. The chaos in force and
 * the journal stay: they are the developer's controls, not the data.
 */
export const resetRoute: DevRoute = {
  path: '/dev/reset',
  description: 'back to the state the server started with; open WebSockets close with 1012',
  methods: {
    POST: ({ engine, baseline }, res) => {
      engine.replaceState(baseline.fresh());
      sendJson(res, 200, { status: 'reset' });
    },
  },
};
