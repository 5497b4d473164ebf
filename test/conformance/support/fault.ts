import { argumentOf } from './operation.js';
import type { GraphQLRequest, GraphQLResponse, ProxyCall, ProxyHooks } from './proxy.js';
import { withNodes, type WireNode } from './response.js';

/**
 * A faulty server: the mock behind a proxy whose hooks break exactly one rule of SPEC.md. The
 * self-test runs the suite against it and expects every check in `breaks` to fail.
 */
export interface Fault {
  /** Short, unique, kebab-case: it names the test. */
  readonly name: string;
  /** The rule of SPEC.md it breaks, quoted or closely paraphrased, with its section. */
  readonly rule: string;
  /** Check ids that must fail against it (others may fail too). */
  readonly breaks: readonly string[];
  readonly hooks: ProxyHooks;
}

/** The two queries the suite is about. */
export const MESSAGE_QUERIES = ['messages', 'messagesSince'] as const;
export type MessageQuery = (typeof MESSAGE_QUERIES)[number];

/** The message queries among a request's root fields. */
export function messageQueriesIn(fields: readonly string[]): MessageQuery[] {
  return MESSAGE_QUERIES.filter((query) => fields.includes(query));
}

/** The defaults of `first` that SPEC.md states (4.1, 4.2, section 8). */
export const DEFAULT_FIRST: Readonly<Record<MessageQuery, number>> = { messages: 30, messagesSince: 50 };

/** The value `argument` of root field `field` receives, or undefined when it is absent or null. */
export function given(request: GraphQLRequest, field: string, argument: string): unknown {
  const state = argumentOf(request, field, argument);
  return state.present ? (state.value ?? undefined) : undefined;
}

/** The page size a message query asks for, with the spec's default. */
export function firstOf(request: GraphQLRequest, field: MessageQuery): number {
  const first = given(request, field, 'first');
  return typeof first === 'number' ? first : DEFAULT_FIRST[field];
}

/** Changes every node of both message queries in the response. */
export function eachNode(response: GraphQLResponse, call: ProxyCall, change: (node: WireNode) => WireNode): GraphQLResponse {
  return messageQueriesIn(call.fields).reduce((r, field) => withNodes(r, field, change), response);
}

const MARK_READ = 'mutation MarkRead($id: ID!, $sequence: Int!) { markConversationAsRead(conversationId: $id, sequence: $sequence) { id } }';

/** Calls markConversationAsRead upstream as the caller of `call`, the way a server with a side effect would. */
export async function markReadAsCaller(call: ProxyCall, conversationId: unknown, sequence: number): Promise<void> {
  const request: GraphQLRequest = { query: MARK_READ, variables: { id: conversationId, sequence } };
  await call.upstream(call.received.authorization === undefined ? request : { ...request, authorization: call.received.authorization });
}
