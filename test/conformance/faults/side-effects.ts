import { given, markReadAsCaller, type Fault, type MessageQuery } from '../support/fault.js';
import type { GraphQLRequest } from '../support/proxy.js';
import { pageIn } from '../support/response.js';

/** Faults in what the reads change and in what a send acknowledges (4.1 rule 8, 4.2 rule 6, 2.1 sequence). */

/** After answering `field`, marks the conversation read up to the newest node, as the caller. */
function movesReadMarker(field: MessageQuery, rule: string, breaks: string): Fault {
  return {
    name: `${field === 'messages' ? 'messages' : 'since'}-moves-read-marker`,
    rule,
    breaks: [breaks],
    hooks: {
      async response(response, call) {
        const newest = call.fields.includes(field) ? pageIn(response, field)?.nodes.at(-1) : undefined;
        if (!newest) return undefined;
        await markReadAsCaller(call, given(call.received, field, 'conversationId'), newest.sequence);
        return undefined;
      },
    },
  };
}

export const messagesMovesReadMarker = movesReadMarker('messages', '4.1 rule 8: the query does not update the read marker', 'messages.read-marker.unchanged');
export const sinceMovesReadMarker = movesReadMarker('messagesSince', '4.2 rule 6: the query does not update the read marker', 'since.read-marker.unchanged');

function makeRacySendSequence(): Fault {
  /** Sends in flight per conversation. */
  const inFlight = new Map<string, number>();
  const conversationOf = (request: GraphQLRequest): string | undefined => {
    const input = given(request, 'sendMessage', 'input') as { conversationId?: unknown } | undefined;
    return typeof input?.conversationId === 'string' ? input.conversationId : undefined;
  };
  return {
    name: 'send-acknowledges-stale-sequence',
    rule: '2.1 MessageView.sequence: the increasing order number of the message within the conversation (here: a send racing another acknowledges the previous one\'s)',
    breaks: ['cross.concurrent-sends'],
    hooks: {
      request(request, fields) {
        const conversationId = fields.includes('sendMessage') ? conversationOf(request) : undefined;
        if (conversationId) inFlight.set(conversationId, (inFlight.get(conversationId) ?? 0) + 1);
        return undefined;
      },
      response(response, call) {
        const conversationId = call.fields.includes('sendMessage') ? conversationOf(call.received) : undefined;
        if (!conversationId) return undefined;
        const racing = (inFlight.get(conversationId) ?? 1) > 1;
        inFlight.set(conversationId, (inFlight.get(conversationId) ?? 1) - 1);
        const sent = response.body.data?.['sendMessage'] as { sequence?: number } | null | undefined;
        if (!racing || typeof sent?.sequence !== 'number' || sent.sequence <= 1) return undefined;
        return { ...response, body: { ...response.body, data: { ...response.body.data, sendMessage: { ...sent, sequence: sent.sequence - 1 } } } };
      },
    },
  };
}

export const racySendSequence = makeRacySendSequence();

export const sideEffectFaults: readonly Fault[] = [messagesMovesReadMarker, sinceMovesReadMarker, racySendSequence];
