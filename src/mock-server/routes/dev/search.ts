import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { limitParam, requiredParam } from './params.js';
import { searchMessages } from '../../dev/read-model.js';

/** The longest `q` of `/dev/search`. */
export const DEV_SEARCH_MAX_QUERY = 200;

/** `GET /dev/search?q=<text>&limit=<n>`: messages of every workspace containing the text, any case, newest first. */
export const searchRoute: DevRoute = {
  path: '/dev/search',
  description: 'messages of every workspace whose text contains q, in any case, newest first: ?q=TEXT (1..200 characters; &limit=1..100, default 50)',
  methods: {
    GET: ({ host, query }) => {
      const q = requiredParam(query, 'q', DEV_SEARCH_MAX_QUERY);
      if (q instanceof Response) return q;
      const limit = limitParam(query);
      if (limit instanceof Response) return limit;
      return jsonResponse(200, { query: q, results: searchMessages(host.state, q, limit) });
    },
  },
};
