import { jsonResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';
import { integerParam, limitParam, notFoundError, requiredParam } from './params.js';
import { messageView } from '../../dev/read-model.js';

/** `GET /dev/messages?conversation=<id>&before=<sequence>&limit=<n>`: a conversation's messages, newest first, deleted ones included. */
export const messagesRoute: DevRoute = {
  path: '/dev/messages',
  description: 'a conversation\'s messages, newest first, deleted ones included: ?conversation=ID (&before=SEQUENCE to page back, &limit=1..100, default 50)',
  methods: {
    GET: ({ host, query }) => {
      const conversationId = requiredParam(query, 'conversation');
      if (conversationId instanceof Response) return conversationId;
      const before = integerParam(query, 'before', 1, Number.MAX_SAFE_INTEGER, null);
      if (before instanceof Response) return before;
      const limit = limitParam(query);
      if (limit instanceof Response) return limit;
      const { state } = host;
      if (!state.conversations.find(conversationId)) return notFoundError('conversation', `conversation ${conversationId} does not exist`);
      const page = state.messagePages.newestBefore(conversationId, before, limit);
      return jsonResponse(200, { conversationId, messages: page.messages.map((message) => messageView(state, message)), hasMore: page.hasMore });
    },
  },
};
