import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { workspaceParam } from './params.js';
import { membersView } from '../../dev/read-model.js';

/** `GET /dev/members?workspace=<id or slug>`: a workspace's members with their role and department. */
export const membersRoute: DevRoute = {
  path: '/dev/members',
  description: 'a workspace\'s members (username, name, role, department): ?workspace=ID or slug',
  methods: {
    GET: ({ host, query }) => {
      const workspace = workspaceParam(host.state, query);
      if (workspace instanceof Response) return workspace;
      return jsonResponse(200, membersView(host.state, workspace));
    },
  },
};
