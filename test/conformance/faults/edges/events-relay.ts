import { Kind, parse, print, visit, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { given } from '../../support/fault.js';
import { argumentOf, rootFields } from '../../support/operation.js';
import type { GraphQLRequest, GraphQLResponse } from '../../support/proxy.js';
import type { RelaySession, WsMessage } from '../../support/socket-relay.js';

/**
 * What the event faults read off the relayed traffic: which subscription a `next` answers, the
 * MessageView it carries, the writes a request makes and the token a connection presented.
 */

export type EventField = 'messageCreated' | 'messageUpdated' | 'messageDeleted';
export const EVENT_FIELDS: readonly string[] = ['messageCreated', 'messageUpdated', 'messageDeleted'];

export interface Subscription {
  readonly field: EventField;
  readonly conversationId: string | undefined;
}

/** What the client subscribed to with `id` on this connection, when it is a message event. */
export function subscriptionOf(session: RelaySession, id: unknown): Subscription | undefined {
  const started = typeof id === 'string' ? session.subscriptions.get(id) : undefined;
  if (!started) return undefined;
  const field = rootFields(started.query).find((name) => EVENT_FIELDS.includes(name)) as EventField | undefined;
  if (!field) return undefined;
  const conversation = argumentOf({ query: started.query, variables: started.variables }, field, 'conversationId');
  return { field, conversationId: conversation.present && typeof conversation.value === 'string' ? conversation.value : undefined };
}

/** The MessageView a `next` message carries, or undefined (another message, a refusal). */
export function eventNode(message: WsMessage, field: EventField): Record<string, unknown> | undefined {
  if (message['type'] !== 'next') return undefined;
  const data = (message['payload'] as { data?: Record<string, unknown> | null } | undefined)?.data;
  const node = data?.[field];
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

/** The `next` message with its MessageView changed. */
export function withEventNode(message: WsMessage, field: EventField, node: Record<string, unknown>): WsMessage {
  const payload = message['payload'] as { data: Record<string, unknown> };
  return { ...message, payload: { ...payload, data: { ...payload.data, [field]: node } } };
}

/** A refusal of a subscription: an `error` message, or a `next` with errors and no data. */
export function isRefusal(message: WsMessage): boolean {
  if (message['type'] === 'error') return true;
  const payload = message['payload'] as { data?: unknown; errors?: unknown[] } | undefined;
  return message['type'] === 'next' && (payload?.errors?.length ?? 0) > 0 && payload?.data == null;
}

/** Subscription ids per connection that ended (completed by either side, or refused). */
export function endings() {
  const ended = new WeakMap<RelaySession, Set<string>>();
  const of = (session: RelaySession) => {
    let set = ended.get(session);
    if (!set) ended.set(session, (set = new Set()));
    return set;
  };
  return {
    /** Notes a message that ends a subscription, either way. */
    note(message: WsMessage, session: RelaySession): void {
      if (typeof message['id'] === 'string' && (message['type'] === 'complete' || isRefusal(message))) of(session).add(message['id']);
    },
    has: (session: RelaySession, id: string) => of(session).has(id),
  };
}

/** An edit's arguments, from the client's request. */
export function editOf(request: GraphQLRequest, fields: readonly string[]): { id: string; content: string } | undefined {
  if (!fields.includes('editMessage')) return undefined;
  const id = given(request, 'editMessage', 'id');
  const content = given(request, 'editMessage', 'content');
  return typeof id === 'string' && typeof content === 'string' ? { id, content } : undefined;
}

/** Whether the server answered the mutation `field` with data. */
export function succeeded(response: GraphQLResponse, field: string): boolean {
  return response.body.data?.[field] != null;
}

/** The conversation and clientMessageId of a sendMessage request. */
export function sendOf(request: GraphQLRequest, fields: readonly string[]): { conversationId: string; clientMessageId: string } | undefined {
  if (!fields.includes('sendMessage')) return undefined;
  const input = given(request, 'sendMessage', 'input') as { conversationId?: unknown; clientMessageId?: unknown } | undefined;
  return typeof input?.conversationId === 'string' && typeof input.clientMessageId === 'string' ? { conversationId: input.conversationId, clientMessageId: input.clientMessageId } : undefined;
}

export const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
export const PAYLOAD_KEYS = ['Authorization', 'authorization', 'authentication', 'token', 'authToken'] as const;

/** The token a connection presented (connection_init, else the upgrade request's header). */
export function connectionToken(message: WsMessage, session: RelaySession): string | undefined {
  const payload = (message['payload'] ?? {}) as Record<string, unknown>;
  const headers = (payload['headers'] ?? {}) as Record<string, unknown>;
  for (const value of [...PAYLOAD_KEYS.map((key) => payload[key]), headers['Authorization'], headers['authorization']]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/^Bearer[ \t]+/i, '');
  }
  const header = session.request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/** The client's subscription document with its messageCreated field reading messageUpdated instead, under the same name. */
export function updatedAsCreated(query: string): string | undefined {
  try {
    const document = parse(query);
    let changed = false;
    const rewritten = visit(document, {
      OperationDefinition(operation: OperationDefinitionNode) {
        const selections = operation.selectionSet.selections.map((selection) => {
          if (selection.kind !== Kind.FIELD || selection.name.value !== 'messageCreated') return selection;
          changed = true;
          const field: FieldNode = { ...selection, alias: selection.alias ?? { kind: Kind.NAME, value: 'messageCreated' }, name: { kind: Kind.NAME, value: 'messageUpdated' } };
          return field;
        });
        return { ...operation, selectionSet: { ...operation.selectionSet, selections } };
      },
    });
    return changed ? print(rewritten) : undefined;
  } catch {
    return undefined;
  }
}

export const EDITS = ':edits';
