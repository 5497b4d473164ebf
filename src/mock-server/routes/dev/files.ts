import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { workspaceParam } from './params.js';
import { filesView } from '../../dev/read-model.js';

/** `GET /dev/files?workspace=<id or slug>`: the files of a workspace's library (metadata, not bytes). */
export const filesRoute: DevRoute = {
  path: '/dev/files',
  description: 'the stored files of a workspace\'s library (name, type, size, uploader; trashed ones too): ?workspace=ID or slug',
  methods: {
    GET: ({ host, query }) => {
      const workspace = workspaceParam(host.state, query);
      if (workspace instanceof Response) return workspace;
      return jsonResponse(200, filesView(host.state, workspace));
    },
  },
};
