import { jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';
import { notFoundError, stringField } from './params.js';
import { findUser } from '../../dev/read-model.js';

/**
 * `POST /dev/sessions` `{ "user": "<id or username>" }`: a real session for that user, as `login`
 * would open (no password asked), and a GraphiQL URL signed in as them. The console then acts as
 * the user through ordinary GraphQL, so every permission and event holds.
 */
export const sessionsRoute: DevRoute = {
  path: '/dev/sessions',
  description: 'POST { "user": ID or username }: a session for that user (access and refresh tokens, no password) and a GraphiQL URL signed in as them',
  methods: {
    POST: async ({ host, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      const ref = stringField(body.json, 'user');
      if (ref instanceof Response) return ref;
      const user = findUser(host.state, ref);
      if (!user) return notFoundError('user', `no user ${JSON.stringify(ref)} (give an id or a username)`);
      const tokens = host.state.sessions.open(user.id, false);
      // Sessions are part of the state (a --persist file keeps them).
      host.changed();
      return jsonResponse(201, {
        userId: user.id,
        username: user.username,
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        graphiqlUrl: `${graphqlPathOf(request)}#token=${encodeURIComponent(tokens.accessToken)}`,
      });
    },
  },
};

/** `/graphql` under the request's base: a sandbox's dev route answers its own `/sandboxes/<id>/graphql`. */
function graphqlPathOf(request: Request): string {
  const { pathname } = new URL(request.url);
  return `${pathname.slice(0, pathname.length - '/dev/sessions'.length)}/graphql`;
}
