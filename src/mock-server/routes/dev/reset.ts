import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';

/**
 * `POST /dev/reset`: back to how the server started (`DevControls.reset`, as the MSW handler
 * set's `reset()`): the starting state (demo seed, empty, fixtures, or the `--persist` file as
 * loaded), the chaos it started with, and an empty journal.
 */
export const resetRoute: DevRoute = {
  path: '/dev/reset',
  description: 'back to how the server started: its state, its starting chaos, an empty journal; open WebSockets close with 1012',
  methods: {
    POST: ({ controls }) => {
      controls.reset();
      return jsonResponse(200, { status: 'reset' });
    },
  },
};
