import type { Fault } from '../../support/fault.js';
import { withArgument } from '../../support/operation.js';
import type { ProxyCall } from '../../support/proxy.js';
import { answer, pageIn, withPage, type WirePage } from '../../support/response.js';
import { conversationOf, deletedFlags, liveNewerThan, liveOlderThan, messagesUpstream, sinceCursorAt, stringArgument } from './upstream.js';

/**
 * Servers that get a page wrong only where soft-deleted messages sit at its edge: the code counts
 * or looks for live messages (`WHERE deleted_at IS NULL`, an ORM's default scope) where the spec
 * counts every message (2.1 MessagePage, 3: a soft-deleted message "keeps its sequence and stays
 * in message results"). The scripted checks' conversation has its deleted messages among live
 * ones, never a page that ends on, or holds only, deleted ones.
 */

const onMessages = (call: ProxyCall) => call.fields.includes('messages');
const onSince = (call: ProxyCall) => call.fields.includes('messagesSince');
const live = (page: WirePage) => page.nodes.filter((node) => !node.deletedAt);

export function makeMessagesHasNextPageLiveOnly(): Fault {
  return {
    name: 'messages-has-next-page-counts-live-only',
    rule: '4.1 rule 6 and 2.1 MessagePage.hasNextPage: hasNextPage is true when older messages exist beyond the page (here: only live ones count, so it is false when every older message is deleted)',
    breaks: ['model.messages'],
    hooks: {
      async response(response, call) {
        const page = onMessages(call) ? pageIn(response, 'messages') : null;
        const conversationId = conversationOf(call.received, 'messages');
        if (!page?.hasNextPage || !page.endCursor || !conversationId) return undefined;
        return (await liveOlderThan(call, conversationId, page.endCursor)) ? undefined : withPage(response, 'messages', (p) => ({ ...p, hasNextPage: false }));
      },
    },
  };
}

export function makeSinceHasNextPageLiveOnly(): Fault {
  return {
    name: 'since-has-next-page-counts-live-only',
    rule: '4.2 rule 3 and 2.1 MessagePage.hasNextPage: hasNextPage is true when newer messages remain after the page (here: only live ones count, so it is false when every newer message is deleted)',
    breaks: ['model.messages-since'],
    hooks: {
      async response(response, call) {
        const page = onSince(call) ? pageIn(response, 'messagesSince') : null;
        const last = page?.nodes.at(-1);
        const conversationId = conversationOf(call.received, 'messagesSince');
        if (!page?.hasNextPage || !last || !conversationId) return undefined;
        return (await liveNewerThan(call, conversationId, last.sequence)) ? undefined : withPage(response, 'messagesSince', (p) => ({ ...p, hasNextPage: false }));
      },
    },
  };
}

export function makeSinceEndCursorAtNewestLive(): Fault {
  return {
    name: 'since-end-cursor-at-newest-live-node',
    rule: '4.2 rule 4: endCursor encodes the conversation and the newest sequence in the page (here: the newest live one, so a page that ends on deleted messages has the cursor of a shorter page)',
    breaks: ['model.messages-since'],
    hooks: {
      async response(response, call) {
        const page = onSince(call) ? pageIn(response, 'messagesSince') : null;
        const conversationId = conversationOf(call.received, 'messagesSince');
        if (!page?.endCursor || !conversationId) return undefined;
        const deleted = await deletedFlags(call, 'messagesSince', page);
        const newestLive = deleted ? page.nodes.findLast((_node, i) => !deleted[i]) : undefined;
        if (!newestLive || !deleted?.at(-1)) return undefined;
        const cursor = await sinceCursorAt(call, conversationId, newestLive);
        return cursor ? withPage(response, 'messagesSince', (p) => ({ ...p, endCursor: cursor })) : undefined;
      },
    },
  };
}

/** endCursor taken from the live nodes only: null for a page that holds only deleted messages. */
function endCursorNullOnDeletedPage(field: 'messages' | 'messagesSince', name: string, rule: string, breaks: string): Fault {
  return {
    name,
    rule,
    breaks: [breaks],
    hooks: {
      async response(response, call) {
        const page = call.fields.includes(field) ? pageIn(response, field) : null;
        if (!page?.endCursor || page.nodes.length === 0) return undefined;
        const deleted = await deletedFlags(call, field, page);
        return deleted?.every(Boolean) ? withPage(response, field, (p) => ({ ...p, endCursor: null })) : undefined;
      },
    },
  };
}

export function makeMessagesEndCursorNullOnDeletedPage(): Fault {
  return endCursorNullOnDeletedPage(
    'messages',
    'messages-end-cursor-null-on-deleted-page',
    '4.1 rule 5: endCursor is the cursor at the oldest message of the page, null only when the page is empty (here: also null when every message of the page is deleted)',
    'model.messages',
  );
}

export function makeSinceEndCursorNullOnDeletedPage(): Fault {
  return endCursorNullOnDeletedPage(
    'messagesSince',
    'since-end-cursor-null-on-deleted-page',
    '4.2 rule 4: endCursor encodes the conversation and the newest sequence in the page, null for an empty page (here: also null when every message of the page is deleted)',
    'model.messages-since',
  );
}

/**
 * The newest page starts from the conversation's newest live message (found as "the last
 * message", which skips deleted ones): deleted messages newer than it are left out.
 */
export function makeNewestPageFromNewestLive(): Fault {
  return {
    name: 'messages-newest-page-from-newest-live',
    rule: '4.1 rules 3 and 7: without before and aroundMessageId the page holds the newest messages, and soft-deleted messages remain in results (here: deleted messages newer than the newest live one are left out)',
    breaks: ['model.messages'],
    hooks: {
      async response(response, call) {
        if (!onMessages(call) || stringArgument(call.received, 'messages', 'before') !== undefined || stringArgument(call.received, 'messages', 'aroundMessageId') !== undefined) return undefined;
        const page = pageIn(response, 'messages');
        const conversationId = conversationOf(call.received, 'messages');
        const deleted = page && conversationId ? await deletedFlags(call, 'messages', page) : null;
        if (!page || !conversationId || !deleted?.at(-1)) return undefined;
        let newestLive: { readonly id: string } | undefined = page.nodes.findLast((_node, i) => !deleted[i]);
        // Read on from the page's own cursor: the client may not have asked for endCursor.
        const own = newestLive ? null : await messagesUpstream(call, conversationId, { first: page.nodes.length });
        let cursor = own?.hasNextPage ? own.endCursor : null;
        for (let round = 0; !newestLive && cursor && round < 1_000; round++) {
          const older = await messagesUpstream(call, conversationId, { before: cursor });
          if (!older) return undefined;
          newestLive = live(older).at(-1);
          cursor = older.hasNextPage ? older.endCursor : null;
        }
        if (!newestLive) return answer('messages', { nodes: [], endCursor: null, hasNextPage: false });
        // The page that ends at the newest live message, as the client asked for it otherwise.
        const ending = await call.upstream(withArgument(call.sent, 'messages', 'aroundMessageId', newestLive.id));
        return pageIn(ending, 'messages') ? ending : undefined;
      },
    },
  };
}

export function makeDeletedEdgeFaults(): Fault[] {
  return [
    makeMessagesHasNextPageLiveOnly(),
    makeSinceHasNextPageLiveOnly(),
    makeSinceEndCursorAtNewestLive(),
    makeMessagesEndCursorNullOnDeletedPage(),
    makeSinceEndCursorNullOnDeletedPage(),
    makeNewestPageFromNewestLive(),
  ];
}
