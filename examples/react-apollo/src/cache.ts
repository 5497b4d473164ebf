import { InMemoryCache, type ApolloCache, type ApolloClient, type FieldPolicy, type Reference, type TypePolicies } from '@apollo/client';
import { MESSAGES, MESSAGES_SINCE, type Message } from './operations.js';

/**
 * The cache rules of this API, the part every client of it needs and gets wrong without them.
 * They hold against a real server as much as against Parley: they follow the contract in
 * schema.graphql (`messages` pages backward, `messagesSince` reads forward, events do not replay),
 * not anything the mock does.
 *
 * Every message is normalised once (`MessageView:<id>`); a conversation's list is the
 * `messages` field of the root query, holding references to them.
 */

/** Id prefix of a message we sent that the server has not answered yet (see `pendingMessage`). */
const PENDING = 'pending:';

export const isPendingId = (id: string): boolean => id.startsWith(PENDING);

/** The optimistic stand-in of a message being sent: its own id until the server gives it one. */
export function pendingMessage(input: { conversationId: string; clientMessageId: string; content: string }, senderId: string): Message {
  return {
    __typename: 'MessageView',
    id: `${PENDING}${input.clientMessageId}`,
    clientMessageId: input.clientMessageId,
    conversationId: input.conversationId,
    senderId,
    // Unknown until the server orders it; pending messages sort after every stored one anyway.
    sequence: Number.MAX_SAFE_INTEGER,
    content: input.content,
    createdAt: new Date().toISOString(),
    deletedAt: null,
  };
}

/** What the cache keeps for `messages(conversationId)`: one list per conversation, all pages joined. */
interface StoredPage {
  readonly __typename?: string;
  readonly nodes: readonly Reference[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

type ReadField = <T>(field: string, from: Reference) => T | undefined;

/**
 * Joins two runs of message references into one list: ascending by `sequence`, each message once.
 *
 * - Once by `id`: pages overlap (a refetch of the newest page, a catch-up that re-reads what an
 *   event already brought, the mutation's answer and the `messageCreated` echo of the same send).
 * - Once by sender and `clientMessageId`: the optimistic message of a send has an id of its own
 *   (`pending:…`), and the server's copy of it can reach the cache first through the echo on the
 *   subscription. Apollo replays a pending optimistic update over newer data (when an earlier
 *   mutation settles), so without this rule the echo and the stand-in would both show. The
 *   server's copy always wins over the stand-in; `clientMessageId` is the client's own id of a
 *   send, made for exactly this match (and for retries: the server answers a retry with the
 *   message it already stored).
 * - Ascending by `sequence`, the order of the API's pages and of the conversation; pending
 *   messages (not ordered by the server yet) go last, in the order they were sent.
 */
function joinMessages(runs: readonly (readonly Reference[])[], readField: ReadField): Reference[] {
  const byKey = new Map<string, Reference>();
  for (const run of runs) {
    for (const ref of run) {
      const id = readField<string>('id', ref);
      if (id === undefined) continue; // an entity evicted from the cache: nothing to show
      const key = `${readField<string>('senderId', ref) ?? ''}\u0000${readField<string>('clientMessageId', ref) ?? id}`;
      const held = byKey.get(key);
      // The later copy wins (fresher), except that a pending stand-in never replaces the server's copy.
      if (held === undefined || !isPendingId(id) || isPendingId(readField<string>('id', held) ?? '')) byKey.set(key, ref);
    }
  }
  const order = (ref: Reference): [number, number] => {
    const pending = isPendingId(readField<string>('id', ref) ?? '');
    return [pending ? 1 : 0, pending ? 0 : (readField<number>('sequence', ref) ?? 0)];
  };
  // Array.prototype.sort is stable: pending messages keep the order they were added in.
  return [...byKey.values()].sort((a, b) => {
    const [pa, sa] = order(a);
    const [pb, sb] = order(b);
    return pa - pb || sa - sb;
  });
}

const newestSequence = (nodes: readonly Reference[], readField: ReadField): number =>
  Math.max(-1, ...nodes.filter((ref) => !isPendingId(readField<string>('id', ref) ?? '')).map((ref) => readField<number>('sequence', ref) ?? -1));

/**
 * `Query.messages`: one list per conversation that grows backward as older pages come in.
 */
const messagesPolicy: FieldPolicy<StoredPage, StoredPage> = {
  // One entry per conversation: `first` and `before` only say which slice of that one list a
  // request reads, so they must not split the cache (Apollo's default keys on every argument, and
  // `fetchMore` with `before` would then write a list of its own that the screen never reads).
  keyArgs: ['conversationId'],
  merge(existing, incoming, { args, readField }) {
    const nodes = joinMessages([existing?.nodes ?? [], incoming.nodes], readField);
    if (!existing) return { ...incoming, nodes };
    if (args?.['before']) {
      // An older page (`fetchMore({ variables: { before: endCursor } })`): its nodes go in front
      // (the sort puts them there), and its `endCursor` (the cursor at its oldest message) and
      // `hasNextPage` (older ones remain) now describe the oldest end of the whole list. An empty
      // page has a null cursor: keep the one we had, nothing older exists.
      return { ...existing, nodes, endCursor: incoming.endCursor ?? existing.endCursor, hasNextPage: incoming.nodes.length > 0 && incoming.hasNextPage };
    }
    // The newest page again (a refetch), or a local write of newer messages (an event, the
    // answer to a send, a catch-up: see `addMessages`). When it reaches back into what we hold,
    // or to the start of the conversation, the older pages we hold still join it: keep our oldest
    // end. When it does not (more than a page arrived while we were away, and older messages
    // remain beyond it), there may be a hole between the two: start over from the new page.
    // (`+ 1`: a conversation's sequences follow one another; were they ever to skip a number, this
    // would only start over where it need not, never leave a hole.)
    const incomingOldest = Math.min(...incoming.nodes.map((ref) => readField<number>('sequence', ref) ?? Infinity));
    const joins = !incoming.hasNextPage || incoming.nodes.length === 0 || incomingOldest <= newestSequence(existing.nodes, readField) + 1;
    if (!joins) return { ...incoming, nodes: joinMessages([incoming.nodes], readField) };
    return { ...existing, nodes };
  },
};

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      messages: messagesPolicy,
    },
  },
  // Typing and presence states have no id: they are events, never stored (the screen keeps them).
  EphemeralState: { keyFields: false },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}

/**
 * Adds messages to a conversation's list, if the screen holds one: a `messageCreated` event, the
 * answer to a send, the pages of a `messagesSince` catch-up. They go through the same merge as the
 * pages (dedup by id and by `clientMessageId`, ascending order), written as the list we hold plus
 * the new ones, so the merge sees a newest page that joins what we hold.
 */
export function addMessages(cache: ApolloCache, conversationId: string, messages: readonly Message[]): void {
  if (messages.length === 0) return;
  cache.updateQuery({ query: MESSAGES, variables: { conversationId } }, (data) =>
    data ? { messages: { ...data.messages, nodes: [...data.messages.nodes, ...messages] } } : undefined,
  );
}

/** The newest `sequence` the cache holds from the server for a conversation (optimistic data aside), or null. */
export function newestHeldSequence(cache: ApolloCache, conversationId: string): number | null {
  const data = cache.readQuery({ query: MESSAGES, variables: { conversationId } });
  const stored = data?.messages.nodes.filter((message) => !isPendingId(message.id)) ?? [];
  return stored.length ? Math.max(...stored.map((message) => message.sequence)) : null;
}

/**
 * After the socket comes back: reads what the conversation got while it was down with
 * `messagesSince` from the newest sequence we hold, page after page, into the same list.
 * Subscriptions never replay, so without this a message sent during a drop is simply missing
 * until a reload. Runs at every `connected` (the first too, which closes the gap between
 * reading the newest page and the subscription starting); with no list held there is nothing
 * to catch up. `no-cache`: the pages need no entry of their own, `addMessages` stores them.
 */
export async function catchUp(client: ApolloClient, conversationId: string): Promise<void> {
  let after = newestHeldSequence(client.cache, conversationId);
  while (after !== null) {
    const { data } = await client.query({ query: MESSAGES_SINCE, variables: { conversationId, afterSequence: after }, fetchPolicy: 'no-cache' });
    const page = data?.messagesSince;
    if (!page) return;
    addMessages(client.cache, conversationId, page.nodes);
    after = page.hasNextPage ? (page.nodes.at(-1)?.sequence ?? null) : null;
  }
}
