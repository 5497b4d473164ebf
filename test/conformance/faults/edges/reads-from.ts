import { firstOf, messageQueriesIn, type Fault } from '../../support/fault.js';
import { rewriteArgument, withArgument } from '../../support/operation.js';
import type { ProxyCall } from '../../support/proxy.js';
import { pageIn, withPage } from '../../support/response.js';
import { conversationOf, cursorAtMessage, messageAtSequence, newestMessage, numberArgument, stringArgument } from './upstream.js';

/**
 * Servers that read from the wrong place for arguments the scripted checks never send: an
 * afterSequence that names a deleted message or lies past the newest one, first = 1, a small
 * first with aroundMessageId, the cursor of a page read around an anchor.
 */

const onSince = (call: ProxyCall) => call.fields.includes('messagesSince');

/** The same messagesSince request upstream, reading after `afterSequence` instead. */
function sinceAfter(call: ProxyCall, afterSequence: number) {
  return call.upstream(rewriteArgument(call.sent, 'messagesSince', 'afterSequence', () => ({ present: true, value: afterSequence })));
}

/** afterSequence is resolved to the message that has it among live messages; none found means "from the start". */
export function makeSinceAfterDeletedRestarts(): Fault {
  return {
    name: 'since-after-deleted-message-restarts',
    rule: '4.2 argument afterSequence and rule 2: only messages with a larger sequence than afterSequence are returned (here: the sequence of a deleted message reads from the start, as if it were 0)',
    breaks: ['model.messages-since'],
    hooks: {
      async response(response, call) {
        const after = onSince(call) ? numberArgument(call.received, 'messagesSince', 'afterSequence') : undefined;
        const conversationId = conversationOf(call.received, 'messagesSince');
        if (after === undefined || after < 1 || !conversationId || !pageIn(response, 'messagesSince')) return undefined;
        const named = await messageAtSequence(call, conversationId, after);
        return named?.deletedAt ? sinceAfter(call, 0) : undefined;
      },
    },
  };
}

/** A client ahead of the server (after a restore, say) gets the newest page rather than nothing. */
export function makeSincePastNewestGivesNewest(): Fault {
  return {
    name: 'since-past-newest-gives-newest-page',
    rule: '4.2 argument afterSequence and rule 2: only messages with a larger sequence are returned (here: an afterSequence past the newest message returns the newest page instead of an empty one)',
    breaks: ['model.messages-since'],
    hooks: {
      async response(response, call) {
        const after = onSince(call) ? numberArgument(call.received, 'messagesSince', 'afterSequence') : undefined;
        const conversationId = conversationOf(call.received, 'messagesSince');
        const page = pageIn(response, 'messagesSince');
        if (after === undefined || after < 1 || !conversationId || !page || page.nodes.length > 0) return undefined;
        const newest = await newestMessage(call, conversationId);
        if (!newest || after <= newest.sequence) return undefined;
        return sinceAfter(call, Math.max(0, newest.sequence - firstOf(call.received, 'messagesSince')));
      },
    },
  };
}

/** A fast path for single-message pages (the "latest message" preview) that never looks further. */
export function makeFirstOneHasNextPageFalse(): Fault {
  return {
    name: 'first-1-has-next-page-false',
    rule: '4.1 rule 6 and 4.2 rule 3: hasNextPage is true when more messages remain in the direction of traversal (here: never with first = 1)',
    breaks: ['model.messages', 'model.messages-since'],
    hooks: {
      response(response, call) {
        let out = response;
        for (const field of messageQueriesIn(call.fields)) {
          if (numberArgument(call.received, field, 'first') === 1) out = withPage(out, field, (page) => ({ ...page, hasNextPage: false }));
        }
        return out === response ? undefined : out;
      },
    },
  };
}

const AROUND_CONTEXT = 3;

/** Pages around an anchor show at least a little context. */
export function makeAroundAtLeastThree(): Fault {
  return {
    name: 'around-page-at-least-3-messages',
    rule: `4.1 argument first: the page size (here: a page around an anchor holds at least ${AROUND_CONTEXT} messages, whatever first asks)`,
    breaks: ['model.messages'],
    hooks: {
      request(request, fields) {
        if (!fields.includes('messages') || stringArgument(request, 'messages', 'before') !== undefined || stringArgument(request, 'messages', 'aroundMessageId') === undefined) return undefined;
        const first = numberArgument(request, 'messages', 'first');
        return first !== undefined && first >= 1 && first < AROUND_CONTEXT ? withArgument(request, 'messages', 'first', AROUND_CONTEXT) : undefined;
      },
    },
  };
}

/** The page around an anchor takes its cursor from the anchor, the message it was asked for. */
export function makeAroundEndCursorAtAnchor(): Fault {
  return {
    name: 'messages-around-end-cursor-at-anchor',
    rule: '4.1 rule 5: endCursor is the cursor at the oldest message of the page (here: a page read around an anchor has the cursor at the anchor, its newest message)',
    breaks: ['model.messages'],
    hooks: {
      async response(response, call) {
        if (!call.fields.includes('messages') || stringArgument(call.received, 'messages', 'before') !== undefined) return undefined;
        const anchor = stringArgument(call.received, 'messages', 'aroundMessageId');
        const conversationId = conversationOf(call.received, 'messages');
        const page = pageIn(response, 'messages');
        if (!anchor || !conversationId || !page || page.nodes.length < 2) return undefined;
        const cursor = await cursorAtMessage(call, conversationId, anchor);
        return cursor ? withPage(response, 'messages', (p) => ({ ...p, endCursor: cursor })) : undefined;
      },
    },
  };
}

export function makeReadsFromFaults(): Fault[] {
  return [makeSinceAfterDeletedRestarts(), makeSincePastNewestGivesNewest(), makeFirstOneHasNextPageFalse(), makeAroundAtLeastThree(), makeAroundEndCursorAtAnchor()];
}
