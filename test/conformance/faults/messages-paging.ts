import { firstOf, given, type Fault } from '../support/fault.js';
import { withArgument, withoutArgument } from '../support/operation.js';
import type { GraphQLRequest, ProxyCall } from '../support/proxy.js';
import { pageIn, refusedWith, withPage } from '../support/response.js';

/** Faults in how `messages` pages (SPEC.md 4.1 rules 2 to 6, argument `before` and `aroundMessageId`). */

/** The endCursor the upstream gives at `messageId`: the page that ends at it, one message long. */
async function cursorAt(call: ProxyCall, messageId: string): Promise<string | null> {
  const one = await call.upstream(withoutArgument(withArgument(withArgument(call.sent, 'messages', 'aroundMessageId', messageId), 'messages', 'first', 1), 'messages', 'before'));
  return pageIn(one, 'messages')?.endCursor ?? null;
}

/** The same request upstream, with `before` at `cursor` and no anchor. */
function below(request: GraphQLRequest, cursor: string): GraphQLRequest {
  return withoutArgument(withArgument(request, 'messages', 'before', cursor), 'messages', 'aroundMessageId');
}

const onMessages = (call: ProxyCall) => call.fields.includes('messages');

export const reverseOrder: Fault = {
  name: 'messages-newest-first-within-page',
  rule: '4.1 rule 4: within each page nodes are in ascending sequence order',
  breaks: ['messages.order.ascending'],
  hooks: {
    response: (response, call) => (onMessages(call) ? withPage(response, 'messages', (page) => ({ ...page, nodes: [...page.nodes].reverse() })) : undefined),
  },
};

export const hasNextPageFullPage: Fault = {
  name: 'messages-has-next-page-when-page-full',
  rule: '4.1 rule 6: hasNextPage is true when older messages exist beyond the page (here: whenever the page is full)',
  breaks: ['messages.has-next-page.exact-boundary'],
  hooks: {
    response: (response, call) =>
      onMessages(call) ? withPage(response, 'messages', (page) => ({ ...page, hasNextPage: page.hasNextPage || page.nodes.length === firstOf(call.received, 'messages') })) : undefined,
  },
};

export const hasNextPageNever: Fault = {
  name: 'messages-has-next-page-always-false',
  rule: '4.1 rule 6: hasNextPage is true when older messages exist beyond the page',
  breaks: ['messages.has-next-page.older-exist', 'cross.walks-agree'],
  hooks: { response: (response, call) => (onMessages(call) ? withPage(response, 'messages', (page) => ({ ...page, hasNextPage: false })) : undefined) },
};

export const endCursorAtNewest: Fault = {
  name: 'messages-end-cursor-at-newest',
  rule: '4.1 rule 5: endCursor is the cursor at the oldest message of the page',
  breaks: ['messages.end-cursor.oldest'],
  hooks: {
    async response(response, call) {
      const page = onMessages(call) ? pageIn(response, 'messages') : null;
      const newest = page?.nodes.at(-1);
      if (!page || !newest || page.nodes.length < 2) return undefined;
      const cursor = await cursorAt(call, newest.id);
      return cursor ? withPage(response, 'messages', (p) => ({ ...p, endCursor: cursor })) : undefined;
    },
  },
};

export const endCursorOnEmptyPage: Fault = {
  name: 'messages-end-cursor-on-empty-page',
  rule: '4.1 rule 5: endCursor is null when the page is empty',
  breaks: ['messages.end-cursor.null-when-empty', 'messages.empty-conversation'],
  hooks: {
    response(response, call) {
      if (!onMessages(call)) return undefined;
      const before = given(call.received, 'messages', 'before');
      return withPage(response, 'messages', (page) => (page.nodes.length > 0 ? page : { ...page, endCursor: typeof before === 'string' ? before : 'end-of-conversation' }));
    },
  },
};

function makeBeforeInclusive(): Fault {
  /** The cursors handed out, each with the oldest message of its page (the cursor's message). */
  const pageStarts = new Map<string, string>();
  return {
    name: 'messages-before-inclusive',
    rule: '4.1 argument before: returns messages with a smaller sequence than the cursor\'s (here: the cursor\'s own message again)',
    breaks: ['messages.before.older-only'],
    hooks: {
      request(request, fields) {
        const before = fields.includes('messages') ? given(request, 'messages', 'before') : undefined;
        const start = typeof before === 'string' ? pageStarts.get(before) : undefined;
        return start ? withArgument(withoutArgument(request, 'messages', 'before'), 'messages', 'aroundMessageId', start) : undefined;
      },
      async response(response, call) {
        if (!onMessages(call)) return undefined;
        // The cursor's own message was deleted since: answer as a correct server would.
        const answer = call.sent !== call.received && refusedWith(response, 'NOT_FOUND') ? await call.upstream(call.received) : response;
        const page = pageIn(answer, 'messages');
        if (page?.endCursor && page.nodes[0]) pageStarts.set(page.endCursor, page.nodes[0].id);
        return answer;
      },
    },
  };
}

export const beforeInclusive: Fault = makeBeforeInclusive();

export const newestLeftOut: Fault = {
  name: 'messages-first-page-without-newest',
  rule: '4.1 rule 3: without before and aroundMessageId, the page holds the newest messages (here: all but the newest)',
  breaks: ['messages.newest-first-page'],
  hooks: {
    async response(response, call) {
      if (!onMessages(call) || given(call.received, 'messages', 'before') !== undefined || given(call.received, 'messages', 'aroundMessageId') !== undefined) return undefined;
      const newest = pageIn(response, 'messages')?.nodes.at(-1);
      const cursor = newest && (await cursorAt(call, newest.id));
      return cursor ? call.upstream(below(call.sent, cursor)) : undefined;
    },
  },
};

export const anchorLeftOut: Fault = {
  name: 'messages-around-excludes-anchor',
  rule: '4.1 argument aroundMessageId: the page ends at the anchor and contains it',
  breaks: ['messages.around.ends-at-anchor', 'messages.around.oldest-anchor'],
  hooks: {
    async response(response, call) {
      const anchor = onMessages(call) && given(call.received, 'messages', 'before') === undefined ? given(call.received, 'messages', 'aroundMessageId') : undefined;
      if (typeof anchor !== 'string' || !pageIn(response, 'messages')) return undefined;
      const cursor = await cursorAt(call, anchor);
      return cursor ? call.upstream(below(call.sent, cursor)) : undefined;
    },
  },
};

export const aroundOverBefore: Fault = {
  name: 'messages-around-over-before',
  rule: '4.1 rule 2: when both before and aroundMessageId are given, before takes precedence',
  breaks: ['messages.before-over-around'],
  hooks: {
    request(request, fields) {
      if (!fields.includes('messages') || given(request, 'messages', 'aroundMessageId') === undefined) return undefined;
      return withoutArgument(request, 'messages', 'before');
    },
  },
};

export const messagesPagingFaults: readonly Fault[] = [
  reverseOrder,
  hasNextPageFullPage,
  hasNextPageNever,
  endCursorAtNewest,
  endCursorOnEmptyPage,
  beforeInclusive,
  newestLeftOut,
  anchorLeftOut,
  aroundOverBefore,
];
