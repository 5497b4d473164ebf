import { DEFAULT_FIRST, given, type MessageQuery } from '../../support/fault.js';
import type { GraphQLRequest, ProxyCall } from '../../support/proxy.js';
import { pageIn, type WireNode, type WirePage } from '../../support/response.js';

/**
 * What the edge faults ask the mock behind the proxy, as the caller of the request they answer:
 * the fault's own look at the conversation (ids, sequences, deleted or not, cursors), the way a
 * server's own code would look at its tables.
 */

const PAGE = 'nodes { id sequence deletedAt } endCursor hasNextPage';
const MESSAGES = `query EdgeMessages($c: ID!, $first: Int, $before: String, $around: ID) { messages(conversationId: $c, first: $first, before: $before, aroundMessageId: $around) { ${PAGE} } }`;
const SINCE = `query EdgeSince($c: ID!, $after: Int!, $first: Int) { messagesSince(conversationId: $c, afterSequence: $after, first: $first) { ${PAGE} } }`;

/** The most `first` allows (4.1, 4.2): the faults read in pages this long. */
export const MAX_FIRST = 100;

/** `query` with `variables`, sent as the caller of `call` (same Authorization header, or none). */
function asCaller(call: ProxyCall, query: string, variables: Record<string, unknown>): GraphQLRequest {
  return call.received.authorization === undefined ? { query, variables } : { query, variables, authorization: call.received.authorization };
}

export interface MessagesArgs {
  readonly first?: number;
  readonly before?: string | null;
  readonly around?: string | null;
}

/** A `messages` page of the conversation, as the caller; null when the upstream refused. */
export async function messagesUpstream(call: ProxyCall, conversationId: string, args: MessagesArgs): Promise<WirePage | null> {
  const response = await call.upstream(asCaller(call, MESSAGES, { c: conversationId, first: args.first ?? MAX_FIRST, before: args.before ?? null, around: args.around ?? null }));
  return pageIn(response, 'messages');
}

/** A `messagesSince` page of the conversation, as the caller; null when the upstream refused. */
export async function sinceUpstream(call: ProxyCall, conversationId: string, afterSequence: number, first: number = MAX_FIRST): Promise<WirePage | null> {
  const response = await call.upstream(asCaller(call, SINCE, { c: conversationId, after: afterSequence, first }));
  return pageIn(response, 'messagesSince');
}

/** The upstream's `messages` cursor at `messageId` (the page that ends at it, one long); null when it cannot anchor (deleted, unknown). */
export async function cursorAtMessage(call: ProxyCall, conversationId: string, messageId: string): Promise<string | null> {
  return (await messagesUpstream(call, conversationId, { first: 1, around: messageId }))?.endCursor ?? null;
}

/** The upstream's `messagesSince` endCursor of a page whose newest message is `node`. */
export async function sinceCursorAt(call: ProxyCall, conversationId: string, node: WireNode): Promise<string | null> {
  const page = await sinceUpstream(call, conversationId, node.sequence - 1, 1);
  return page?.nodes[0]?.id === node.id ? page.endCursor : null;
}

/** The message with exactly this sequence, or null (none, or the caller may not read). */
export async function messageAtSequence(call: ProxyCall, conversationId: string, sequence: number): Promise<WireNode | null> {
  if (sequence < 1) return null;
  const node = (await sinceUpstream(call, conversationId, sequence - 1, 1))?.nodes[0];
  return node?.sequence === sequence ? node : null;
}

/** The newest message of the conversation, or null (empty, or the caller may not read). */
export async function newestMessage(call: ProxyCall, conversationId: string): Promise<WireNode | null> {
  return (await messagesUpstream(call, conversationId, { first: 1 }))?.nodes[0] ?? null;
}

/**
 * Which nodes of the page the client got are deleted, in order: from the page itself when the
 * client asked for `deletedAt`, else from the same page read again with the fault's own
 * selection (a server knows whatever the client selected). Null when that read differs.
 */
export async function deletedFlags(call: ProxyCall, field: MessageQuery, page: WirePage): Promise<boolean[] | null> {
  if (page.nodes.every((node) => 'deletedAt' in node)) return page.nodes.map((node) => Boolean(node.deletedAt));
  const conversationId = conversationOf(call.sent, field);
  if (!conversationId) return null;
  const first = numberArgument(call.sent, field, 'first') ?? DEFAULT_FIRST[field];
  const again =
    field === 'messages'
      ? await messagesUpstream(call, conversationId, { first, before: stringArgument(call.sent, field, 'before') ?? null, around: stringArgument(call.sent, field, 'aroundMessageId') ?? null })
      : await sinceUpstream(call, conversationId, numberArgument(call.sent, field, 'afterSequence') ?? 0, first);
  if (!again || again.nodes.length !== page.nodes.length) return null;
  return again.nodes.map((node) => Boolean(node.deletedAt));
}

/** Whether a live message is older than the `messages` cursor `before`, reading back page by page. */
export async function liveOlderThan(call: ProxyCall, conversationId: string, before: string): Promise<boolean> {
  let cursor: string | null = before;
  for (let round = 0; round < 1_000 && cursor; round++) {
    const page: WirePage | null = await messagesUpstream(call, conversationId, { before: cursor });
    if (!page) return true; // cannot tell: keep what the upstream said
    if (page.nodes.some((node) => !node.deletedAt)) return true;
    if (!page.hasNextPage) return false;
    cursor = page.endCursor;
  }
  return true;
}

/** Whether a live message is newer than `afterSequence`, reading forward page by page. */
export async function liveNewerThan(call: ProxyCall, conversationId: string, afterSequence: number): Promise<boolean> {
  let after = afterSequence;
  for (let round = 0; round < 1_000; round++) {
    const page = await sinceUpstream(call, conversationId, after);
    if (!page) return true;
    if (page.nodes.some((node) => !node.deletedAt)) return true;
    const last = page.nodes.at(-1);
    if (!page.hasNextPage || !last) return false;
    after = last.sequence;
  }
  return true;
}

/** The conversation a message query of the client's request reads, when it is a string. */
export function conversationOf(request: GraphQLRequest, field: MessageQuery): string | undefined {
  const id = given(request, field, 'conversationId');
  return typeof id === 'string' ? id : undefined;
}

/** A numeric argument of a message query, or undefined. */
export function numberArgument(request: GraphQLRequest, field: MessageQuery, argument: string): number | undefined {
  const value = given(request, field, argument);
  return typeof value === 'number' ? value : undefined;
}

/** A string argument of a message query, or undefined (absent or null). */
export function stringArgument(request: GraphQLRequest, field: MessageQuery, argument: string): string | undefined {
  const value = given(request, field, argument);
  return typeof value === 'string' ? value : undefined;
}
