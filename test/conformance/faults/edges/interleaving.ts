import { given, messageQueriesIn, type Fault } from '../../support/fault.js';
import { rewriteArgument, withArgument } from '../../support/operation.js';
import type { GraphQLRequest, GraphQLResponse, ProxyCall } from '../../support/proxy.js';
import type { WsMessage } from '../../support/socket-relay.js';
import { pageIn, withNodes, withPage, type WireNode, type WirePage } from '../../support/response.js';
import { conversationOf, MAX_FIRST, messagesUpstream, sinceUpstream, stringArgument } from './upstream.js';

/**
 * Servers that are right while nothing else happens and wrong when writes come between reads:
 * the scripted checks write nothing to a conversation between the reads they compare.
 */

const onMessages = (call: ProxyCall) => call.fields.includes('messages');

/** The upstream cursor below the `offset` newest messages (the oldest one's when there are fewer); undefined when the caller may not read. */
async function cursorBelowNewest(call: ProxyCall, conversationId: string, offset: number): Promise<string | null | undefined> {
  let before: string | null = null;
  for (let remaining = offset; remaining > 0; ) {
    const page: WirePage | null = await messagesUpstream(call, conversationId, { first: Math.min(MAX_FIRST, remaining), before });
    if (!page) return undefined;
    if (page.nodes.length === 0) break;
    remaining -= page.nodes.length;
    before = page.endCursor;
    if (!page.hasNextPage) break;
  }
  return before;
}

/** How many messages are newer than `sequence`. */
async function countNewer(call: ProxyCall, conversationId: string, sequence: number): Promise<number | undefined> {
  let count = 0;
  let after = sequence;
  for (let round = 0; round < 1_000; round++) {
    const page = await sinceUpstream(call, conversationId, after);
    if (!page) return undefined;
    count += page.nodes.length;
    const last = page.nodes.at(-1);
    if (!page.hasNextPage || !last) return count;
    after = last.sequence;
  }
  return count;
}

/**
 * OFFSET pagination behind an opaque cursor: a cursor stands for "the messages after the N
 * newest", so a message sent between two page reads shifts every position by one and the next
 * page repeats the previous page's oldest message.
 */
export function makeOffsetCursor(): Fault {
  interface Issued {
    readonly conversationId: string;
    readonly offset: number;
    /** The upstream's cursor for the same page, passed on where the upstream decides (a foreign conversation). */
    readonly upstream: string;
  }
  const issued = new Map<string, Issued>();
  let count = 0;
  const issue = (conversationId: string, offset: number, upstream: string): string => {
    const cursor = `${upstream}.${++count}`;
    issued.set(cursor, { conversationId, offset, upstream });
    return cursor;
  };
  return {
    name: 'messages-offset-cursor',
    rule: '4.1 argument before and rule 6: before returns messages with a smaller sequence than the cursor\'s, continuing with before = endCursor (here: the cursor is an offset from the newest message, so a message sent between two page reads makes the next page repeat one)',
    breaks: ['model.messages'],
    hooks: {
      request(request, fields) {
        const before = fields.includes('messages') ? stringArgument(request, 'messages', 'before') : undefined;
        const mine = before === undefined ? undefined : issued.get(before);
        // The upstream checks the cursor (conversation, caller) as it would its own; the response hook reads by offset.
        return mine ? withArgument(request, 'messages', 'before', mine.upstream) : undefined;
      },
      async response(response, call) {
        const conversationId = onMessages(call) ? conversationOf(call.received, 'messages') : undefined;
        if (!conversationId || !pageIn(response, 'messages')) return undefined;
        const before = stringArgument(call.received, 'messages', 'before');
        const around = stringArgument(call.received, 'messages', 'aroundMessageId');
        let answer = response;
        let base: number;
        if (before !== undefined) {
          const mine = issued.get(before);
          if (!mine || mine.conversationId !== conversationId) return undefined;
          const cursor = await cursorBelowNewest(call, conversationId, mine.offset);
          if (cursor === undefined) return undefined;
          answer = cursor === null ? await call.upstream(withArgument(call.sent, 'messages', 'before', null)) : await call.upstream(withArgument(call.sent, 'messages', 'before', cursor));
          base = mine.offset;
        } else if (around !== undefined) {
          const anchor = (await messagesUpstream(call, conversationId, { first: 1, around }))?.nodes[0];
          const newer = anchor ? await countNewer(call, conversationId, anchor.sequence) : undefined;
          if (newer === undefined) return undefined;
          base = newer;
        } else {
          base = 0;
        }
        const page = pageIn(answer, 'messages');
        if (!page?.endCursor) return answer === response ? undefined : answer;
        const cursor = issue(conversationId, base + page.nodes.length, page.endCursor);
        return withPage(answer, 'messages', (p) => ({ ...p, endCursor: cursor }));
      },
    },
  };
}

const CACHE_MS = 1_000;

/**
 * A read-through cache of the newest page per caller and arguments, for a second, that no write
 * invalidates: a message sent, edited or deleted is missing from, or stale in, the next newest
 * page read within the second.
 */
export function makeNewestPageCache(): Fault {
  const cache = new Map<string, { readonly at: number; readonly response: GraphQLResponse }>();
  return {
    name: 'messages-newest-page-cached-1s',
    rule: `4.1 rule 3: without before and aroundMessageId, the page holds the newest messages (here: the newest page is served from a ${CACHE_MS} ms cache that writes do not invalidate)`,
    breaks: ['model.messages'],
    hooks: {
      response(response, call) {
        if (!onMessages(call) || stringArgument(call.received, 'messages', 'before') !== undefined || stringArgument(call.received, 'messages', 'aroundMessageId') !== undefined) return undefined;
        const key = JSON.stringify([call.received.authorization ?? null, call.received.query, call.received.operationName ?? null, call.received.variables]);
        const now = performance.now();
        const hit = cache.get(key);
        if (hit && now - hit.at < CACHE_MS) return hit.response;
        if (pageIn(response, 'messages') && !response.body.errors?.length) cache.set(key, { at: now, response });
        return undefined;
      },
    },
  };
}

/** The mutations whose answer is one MessageView (its `sequence` shown as the server numbers it). */
const MESSAGE_MUTATIONS = ['sendMessage', 'editMessage', 'deleteMessage', 'addReaction', 'removeReaction'] as const;
const EVENT_FIELDS = ['messageCreated', 'messageUpdated', 'messageDeleted'] as const;

/**
 * The next sequence is MAX(sequence) + 1 over the conversation's messages, but that query goes
 * through the ORM's soft-delete scope: deleting the newest message frees its number, and the next
 * message sent takes it again. The proxy numbers messages that way (from the sends and deletes it
 * relays) and shows those numbers everywhere; messagesSince reads after the number it is given.
 */
export function makeSequenceReusedAfterDelete(): Fault {
  interface Conversation {
    /** Message id to upstream sequence, as acknowledged. */
    readonly real: Map<string, number>;
    /** Deletes in order: the message, and the newest upstream sequence known when it happened. */
    readonly deletes: { readonly id: string; readonly after: number }[];
    /** The numbering as last computed; dropped at each send or delete. */
    numbered?: Map<number, number>;
  }
  const conversations = new Map<string, Conversation>();
  const conversationOfMessage = new Map<string, string>();
  const of = (conversationId: string): Conversation => {
    let conversation = conversations.get(conversationId);
    if (!conversation) conversations.set(conversationId, (conversation = { real: new Map(), deletes: [] }));
    return conversation;
  };

  /** Upstream sequence to shown sequence, for every message known in the conversation (empty: every number as the upstream's). */
  function numbering(conversation: Conversation): Map<number, number> {
    if (conversation.deletes.length === 0) return new Map();
    return (conversation.numbered ??= number(conversation));
  }

  function number(conversation: Conversation): Map<number, number> {
    const entries = [...conversation.real.entries()].map(([id, real]) => ({ id, real })).sort((x, y) => x.real - y.real);
    const deletes = [...conversation.deletes].sort((x, y) => x.after - y.after);
    const shown = new Map<number, number>();
    const live = new Map<string, { real: number; shown: number }>();
    let applied = 0;
    for (const entry of entries) {
      while (applied < deletes.length && deletes[applied]!.after < entry.real) live.delete(deletes[applied++]!.id);
      // The newest live message by number; the messages between it and this one that the proxy never saw count as live.
      let top = { real: 0, shown: 0 };
      for (const message of live.values()) if (message.shown > top.shown || (message.shown === top.shown && message.real > top.real)) top = message;
      const deletedBetween = entries.filter((e) => e.real > top.real && e.real < entry.real && !live.has(e.id)).length;
      const number = top.shown + (entry.real - top.real) - deletedBetween;
      shown.set(entry.real, number);
      live.set(entry.id, { real: entry.real, shown: number });
    }
    return shown;
  }

  const diverges = (conversation: Conversation) => [...numbering(conversation)].some(([real, shown]) => real !== shown);

  function shownNode<T extends Record<string, unknown>>(node: T): T {
    const conversationId = typeof node['id'] === 'string' ? conversationOfMessage.get(node['id']) : undefined;
    const conversation = conversationId === undefined ? undefined : conversations.get(conversationId);
    if (!conversation || typeof node['sequence'] !== 'number') return node;
    const shown = numbering(conversation).get(node['sequence']);
    return shown === undefined || shown === node['sequence'] ? node : { ...node, sequence: shown };
  }

  function shownResponse(response: GraphQLResponse, call: ProxyCall): GraphQLResponse {
    let out = messageQueriesIn(call.fields).reduce((r, field) => withNodes(r, field, (node) => shownNode(node)), response);
    for (const field of MESSAGE_MUTATIONS) {
      const value = call.fields.includes(field) ? out.body.data?.[field] : undefined;
      if (value && typeof value === 'object') out = { ...out, body: { ...out.body, data: { ...out.body.data, [field]: shownNode(value as WireNode) } } };
    }
    return out;
  }

  /** The upstream afterSequence that reads what "after shown number s" reads here. */
  function realAfter(conversationId: string, shownAfter: number): number {
    const conversation = conversations.get(conversationId);
    if (!conversation || !diverges(conversation)) return shownAfter;
    let after = 0;
    for (const [real, shown] of numbering(conversation)) if (shown <= shownAfter && real > after) after = real;
    return after;
  }

  async function noteSend(response: GraphQLResponse, call: ProxyCall): Promise<void> {
    const input = given(call.received, 'sendMessage', 'input') as { conversationId?: unknown; clientMessageId?: unknown } | undefined;
    if (typeof input?.conversationId !== 'string') return;
    let sent = response.body.data?.['sendMessage'] as { id?: unknown; sequence?: unknown } | null | undefined;
    if (!sent) return;
    if (typeof sent.id !== 'string' || typeof sent.sequence !== 'number') {
      // The client did not ask for them: a retry (same clientMessageId) returns the same message.
      const again = await call.upstream({ ...call.sent, query: 'mutation EdgeSendAgain($input: SendMessageInput!) { sendMessage(input: $input) { id sequence } }', variables: { input: given(call.sent, 'sendMessage', 'input') }, operationName: null });
      sent = again.body.data?.['sendMessage'] as { id?: unknown; sequence?: unknown } | null | undefined;
      if (typeof sent?.id !== 'string' || typeof sent.sequence !== 'number') return;
    }
    const conversation = of(input.conversationId);
    conversation.real.set(sent.id, sent.sequence);
    delete conversation.numbered;
    conversationOfMessage.set(sent.id, input.conversationId);
  }

  function noteDelete(response: GraphQLResponse, call: ProxyCall): void {
    const id = given(call.received, 'deleteMessage', 'id');
    const conversationId = typeof id === 'string' ? conversationOfMessage.get(id) : undefined;
    if (typeof id !== 'string' || !conversationId || !response.body.data?.['deleteMessage']) return;
    const conversation = of(conversationId);
    if (conversation.deletes.some((d) => d.id === id)) return;
    conversation.deletes.push({ id, after: Math.max(0, ...conversation.real.values()) });
    delete conversation.numbered;
  }

  return {
    name: 'sequence-reused-after-delete',
    rule: '2.1 MessageView.sequence: the increasing order number within the conversation, and 3: a soft-deleted message keeps its sequence (here: the next message takes the number of the newest message when that one was deleted, MAX(sequence) + 1 over live messages)',
    breaks: ['model.messages', 'model.messages-since'],
    hooks: {
      request(request, fields): GraphQLRequest | undefined {
        const conversationId = fields.includes('messagesSince') ? conversationOf(request, 'messagesSince') : undefined;
        if (!conversationId) return undefined;
        return rewriteArgument(request, 'messagesSince', 'afterSequence', (state) =>
          state.present && typeof state.value === 'number' && state.value >= 0 ? { present: true, value: realAfter(conversationId, state.value) } : state,
        );
      },
      async response(response, call) {
        if (call.fields.includes('sendMessage')) await noteSend(response, call);
        if (call.fields.includes('deleteMessage')) noteDelete(response, call);
        const out = shownResponse(response, call);
        return out === response ? undefined : out;
      },
      frames: {
        toClient(message): readonly WsMessage[] | undefined {
          if (message['type'] !== 'next') return undefined;
          const payload = message['payload'] as { data?: Record<string, unknown> | null } | undefined;
          const field = EVENT_FIELDS.find((name) => payload?.data?.[name] && typeof payload.data[name] === 'object');
          if (!field || !payload?.data) return undefined;
          const node = payload.data[field] as WireNode;
          const shown = shownNode(node);
          return shown === node ? undefined : [{ ...message, payload: { ...payload, data: { ...payload.data, [field]: shown } } }];
        },
      },
    },
  };
}

export function makeInterleavingFaults(): Fault[] {
  return [makeOffsetCursor(), makeNewestPageCache(), makeSequenceReusedAfterDelete()];
}
