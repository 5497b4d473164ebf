import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { stateView } from '../../dev/read-model.js';

/** `GET /dev/state`: every user and workspace (bounded), each workspace's members and conversations, and counts. */
export const stateRoute: DevRoute = {
  path: '/dev/state',
  description: 'users, workspaces (members, conversations) and counts of the whole mock, read only; at most 500 users and 200 workspaces (truncated: true past them)',
  methods: {
    GET: ({ host }) => jsonResponse(200, stateView(host.state)),
  },
};
