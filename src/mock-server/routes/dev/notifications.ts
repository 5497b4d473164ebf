import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { limitParam, notFoundError, requiredParam } from './params.js';
import { findUser, notificationView } from '../../dev/read-model.js';

/** `GET /dev/notifications?user=<id or username>&limit=<n>`: a user's newest notifications. */
export const notificationsRoute: DevRoute = {
  path: '/dev/notifications',
  description: 'a user\'s notifications, newest first: ?user=ID or username (&limit=1..100, default 50)',
  methods: {
    GET: ({ host, query }) => {
      const ref = requiredParam(query, 'user');
      if (ref instanceof Response) return ref;
      const limit = limitParam(query);
      if (limit instanceof Response) return limit;
      const user = findUser(host.state, ref);
      if (!user) return notFoundError('user', `no user ${JSON.stringify(ref)} (give an id or a username)`);
      const page = host.state.notificationInbox.page(user.id, null, limit);
      return jsonResponse(200, { userId: user.id, notifications: page.nodes.map(notificationView), hasMore: page.hasNextPage });
    },
  },
};
