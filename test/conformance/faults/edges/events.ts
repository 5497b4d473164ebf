import { Kind, parse, print, visit, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { given, type Fault } from '../../support/fault.js';
import { argumentOf, rootFields } from '../../support/operation.js';
import type { GraphQLRequest, GraphQLResponse } from '../../support/proxy.js';
import type { RelaySession, WsMessage } from '../../support/socket-relay.js';

/**
 * Servers whose subscriptions (SPEC.md 6) go wrong where the scripted checks do not look: they
 * open one subscription per connection, one subscriber per conversation, edit a message once,
 * never delete an edited one, and send one message at a time.
 */

type EventField = 'messageCreated' | 'messageUpdated' | 'messageDeleted';
const EVENT_FIELDS: readonly string[] = ['messageCreated', 'messageUpdated', 'messageDeleted'];

interface Subscription {
  readonly field: EventField;
  readonly conversationId: string | undefined;
}

/** What the client subscribed to with `id` on this connection, when it is a message event. */
function subscriptionOf(session: RelaySession, id: unknown): Subscription | undefined {
  const started = typeof id === 'string' ? session.subscriptions.get(id) : undefined;
  if (!started) return undefined;
  const field = rootFields(started.query).find((name) => EVENT_FIELDS.includes(name)) as EventField | undefined;
  if (!field) return undefined;
  const conversation = argumentOf({ query: started.query, variables: started.variables }, field, 'conversationId');
  return { field, conversationId: conversation.present && typeof conversation.value === 'string' ? conversation.value : undefined };
}

/** The MessageView a `next` message carries, or undefined (another message, a refusal). */
function eventNode(message: WsMessage, field: EventField): Record<string, unknown> | undefined {
  if (message['type'] !== 'next') return undefined;
  const data = (message['payload'] as { data?: Record<string, unknown> | null } | undefined)?.data;
  const node = data?.[field];
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

/** The `next` message with its MessageView changed. */
function withEventNode(message: WsMessage, field: EventField, node: Record<string, unknown>): WsMessage {
  const payload = message['payload'] as { data: Record<string, unknown> };
  return { ...message, payload: { ...payload, data: { ...payload.data, [field]: node } } };
}

/** A refusal of a subscription: an `error` message, or a `next` with errors and no data. */
function isRefusal(message: WsMessage): boolean {
  if (message['type'] === 'error') return true;
  const payload = message['payload'] as { data?: unknown; errors?: unknown[] } | undefined;
  return message['type'] === 'next' && (payload?.errors?.length ?? 0) > 0 && payload?.data == null;
}

/** Subscription ids per connection that ended (completed by either side, or refused). */
function endings() {
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
function editOf(request: GraphQLRequest, fields: readonly string[]): { id: string; content: string } | undefined {
  if (!fields.includes('editMessage')) return undefined;
  const id = given(request, 'editMessage', 'id');
  const content = given(request, 'editMessage', 'content');
  return typeof id === 'string' && typeof content === 'string' ? { id, content } : undefined;
}

/** Whether the server answered the mutation `field` with data. */
function succeeded(response: GraphQLResponse, field: string): boolean {
  return response.body.data?.[field] != null;
}

/**
 * Events are routed per connection and event name: every messageCreated event a connection
 * receives goes to each of its messageCreated subscriptions, whatever conversation it names.
 */
export function makeCreatedFansOutPerConnection(): Fault {
  const ended = endings();
  return {
    name: 'created-events-fan-out-per-connection',
    rule: '6 messageCreated(conversationId): a message was created in *the* conversation (here: a connection subscribed to X and to Z receives Z\'s new messages on its subscription to X too)',
    breaks: ['model.events'],
    hooks: {
      frames: {
        toServer(message, session) {
          ended.note(message, session);
          return undefined;
        },
        toClient(message, session) {
          ended.note(message, session);
          const own = subscriptionOf(session, message['id']);
          if (own?.field !== 'messageCreated' || !eventNode(message, 'messageCreated')) return undefined;
          const others = [...session.subscriptions.keys()].filter((id) => {
            const other = subscriptionOf(session, id);
            return id !== message['id'] && !ended.has(session, id) && other?.field === 'messageCreated' && other.conversationId !== own.conversationId;
          });
          return [message, ...others.map((id) => ({ ...message, id }))];
        },
      },
    },
  };
}

/**
 * One subscriber slot per conversation and event: the newest subscription takes it, and the
 * earlier subscribers of that conversation hear nothing more.
 */
export function makeLastSubscriberWins(): Fault {
  interface Holder {
    readonly session: RelaySession;
    readonly id: string;
  }
  const slots = new Map<string, { holder: Holder; previous: Holder | undefined }>();
  const keyOf = (subscription: Subscription) => `${subscription.field}\u0000${subscription.conversationId ?? ''}`;
  const holds = (holder: Holder | undefined, session: RelaySession, id: unknown) => holder?.session === session && holder.id === id;
  return {
    name: 'last-subscriber-wins',
    rule: '6: messageCreated, messageUpdated and messageDeleted report changes as they happen, to every member subscribed (here: only the newest subscription of a conversation receives them; earlier subscribers, another member or another tab, hear nothing)',
    breaks: ['model.events'],
    hooks: {
      frames: {
        toServer(message, session) {
          const subscription = subscriptionOf(session, message['id']);
          if (!subscription) return undefined;
          const key = keyOf(subscription);
          const slot = slots.get(key);
          if (message['type'] === 'subscribe') slots.set(key, { holder: { session, id: String(message['id']) }, previous: slot?.holder });
          if (message['type'] === 'complete' && holds(slot?.holder, session, message['id'])) slots.delete(key);
          return undefined;
        },
        toClient(message, session) {
          const subscription = subscriptionOf(session, message['id']);
          if (!subscription) return undefined;
          const key = keyOf(subscription);
          const slot = slots.get(key);
          // A refused subscription never took the slot (the server checks membership first).
          if (isRefusal(message) && holds(slot?.holder, session, message['id'])) {
            if (slot?.previous) slots.set(key, { holder: slot.previous, previous: undefined });
            else slots.delete(key);
            return undefined;
          }
          if (!eventNode(message, subscription.field)) return undefined;
          return holds(slot?.holder, session, message['id']) ? undefined : [];
        },
      },
    },
  };
}

/** The events carry a MessageView cached at the first edit, never refreshed by later ones. */
export function makeUpdatedStaleAfterSecondEdit(): Fault {
  const firstEdit = new Map<string, string>();
  return {
    name: 'updated-event-stale-after-second-edit',
    rule: '6 + 3: messageUpdated reports an edit as it happens, carrying the message as edited (here: after a second edit it still carries the first edit\'s content)',
    breaks: ['model.events'],
    hooks: {
      response(response, call) {
        const edit = editOf(call.received, call.fields);
        if (edit && succeeded(response, 'editMessage') && !firstEdit.has(edit.id)) firstEdit.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toClient(message) {
          const node = eventNode(message, 'messageUpdated');
          const cached = typeof node?.['id'] === 'string' ? firstEdit.get(node['id']) : undefined;
          if (!node || cached === undefined || !('content' in node) || node['content'] === cached) return undefined;
          return [withEventNode(message, 'messageUpdated', { ...node, content: cached })];
        },
      },
    },
  };
}

/** messageDeleted is built from the last edit's payload, with deletedAt set: an edited message's text survives. */
export function makeDeletedEventShowsEditedContent(): Fault {
  const lastEdit = new Map<string, string>();
  return {
    name: 'deleted-event-shows-edited-content',
    rule: '6 + 3: messageDeleted carries the soft-deleted message, whose content is null (here: a message edited before it was deleted still shows the edited text)',
    breaks: ['model.events'],
    hooks: {
      response(response, call) {
        const edit = editOf(call.received, call.fields);
        if (edit && succeeded(response, 'editMessage')) lastEdit.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toClient(message) {
          const node = eventNode(message, 'messageDeleted');
          const edited = typeof node?.['id'] === 'string' ? lastEdit.get(node['id']) : undefined;
          if (!node || edited === undefined || !('content' in node)) return undefined;
          return [withEventNode(message, 'messageDeleted', { ...node, content: edited })];
        },
      },
    },
  };
}

/** The conversation and clientMessageId of a sendMessage request. */
function sendOf(request: GraphQLRequest, fields: readonly string[]): { conversationId: string; clientMessageId: string } | undefined {
  if (!fields.includes('sendMessage')) return undefined;
  const input = given(request, 'sendMessage', 'input') as { conversationId?: unknown; clientMessageId?: unknown } | undefined;
  return typeof input?.conversationId === 'string' && typeof input.clientMessageId === 'string' ? { conversationId: input.conversationId, clientMessageId: input.clientMessageId } : undefined;
}

/**
 * Publishing takes a per-conversation lock with try-lock: a send that arrives while another send
 * to the same conversation is in flight stores its message but publishes no messageCreated.
 */
export function makeConcurrentSendEventLost(): Fault {
  const inFlight = new Map<string, number>();
  /** The clientMessageIds of the sends that published nothing, and their messages' ids once acknowledged. */
  const unpublished = new Set<string>();
  const unpublishedIds = new Set<string>();
  return {
    name: 'concurrent-send-event-lost',
    rule: '6 + 3: messageCreated reports every message sent, as it happens (here: a send that arrives while another send to the same conversation is in flight publishes nothing)',
    breaks: ['model.events'],
    hooks: {
      request(request, fields) {
        const send = sendOf(request, fields);
        if (!send) return undefined;
        const count = inFlight.get(send.conversationId) ?? 0;
        if (count > 0) unpublished.add(send.clientMessageId);
        inFlight.set(send.conversationId, count + 1);
        return undefined;
      },
      response(response, call) {
        const send = sendOf(call.received, call.fields);
        if (!send) return undefined;
        inFlight.set(send.conversationId, (inFlight.get(send.conversationId) ?? 1) - 1);
        const id = (response.body.data?.['sendMessage'] as { id?: unknown } | null | undefined)?.id;
        if (unpublished.has(send.clientMessageId) && typeof id === 'string') unpublishedIds.add(id);
        return undefined;
      },
      frames: {
        toClient(message) {
          const node = eventNode(message, 'messageCreated');
          const lost = (typeof node?.['clientMessageId'] === 'string' && unpublished.has(node['clientMessageId'])) || (typeof node?.['id'] === 'string' && unpublishedIds.has(node['id']));
          return lost ? [] : undefined;
        },
      },
    },
  };
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const PAYLOAD_KEYS = ['Authorization', 'authorization', 'authentication', 'token', 'authToken'] as const;

/** The token a connection presented (connection_init, else the upgrade request's header). */
function connectionToken(message: WsMessage, session: RelaySession): string | undefined {
  const payload = (message['payload'] ?? {}) as Record<string, unknown>;
  const headers = (payload['headers'] ?? {}) as Record<string, unknown>;
  for (const value of [...PAYLOAD_KEYS.map((key) => payload[key]), headers['Authorization'], headers['authorization']]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/^Bearer[ \t]+/i, '');
  }
  const header = session.request.headers.authorization;
  return header === undefined ? undefined : BEARER.exec(header)?.[1];
}

/**
 * "Don't echo to the actor": the events of an edit or a delete skip the connections of the user
 * who made it (the client updated its own view already). messageCreated and reactions are left
 * as they are: the scripted probe needs the first, and reactions are open (SHOULD).
 */
export function makeNoEchoOfOwnEditsAndDeletes(): Fault {
  /** Access token to user id, from every AuthPayload seen. */
  const userOf = new Map<string, string>();
  /** Who last edited or deleted a message (user id, or the token when the user is not known). */
  const actorOf = new Map<string, string>();
  const connectionUser = new WeakMap<RelaySession, string>();
  const who = (token: string) => userOf.get(token) ?? token;
  return {
    name: 'no-echo-of-own-edits-and-deletes',
    rule: '6 + 3: messageUpdated and messageDeleted report an edit or a delete to the conversation\'s subscribers as it happens (here: not to the subscriptions of the member who made it, their other tabs and devices included)',
    breaks: ['model.events'],
    hooks: {
      request(request, fields) {
        const token = request.authorization === undefined ? undefined : BEARER.exec(request.authorization)?.[1];
        for (const field of ['editMessage', 'deleteMessage'] as const) {
          const id = fields.includes(field) ? given(request, field, 'id') : undefined;
          if (typeof id === 'string' && token) actorOf.set(id, who(token));
        }
        for (const field of ['addReaction', 'removeReaction'] as const) {
          const id = fields.includes(field) ? given(request, field, 'messageId') : undefined;
          if (typeof id === 'string') actorOf.delete(id);
        }
        return undefined;
      },
      response(response) {
        for (const value of Object.values(response.body.data ?? {})) {
          const payload = value as { accessToken?: unknown; user?: { id?: unknown } } | null;
          if (payload && typeof payload === 'object' && typeof payload.accessToken === 'string' && typeof payload.user?.id === 'string') userOf.set(payload.accessToken, payload.user.id);
        }
        return undefined;
      },
      frames: {
        toServer(message, session) {
          if (message['type'] !== 'connection_init') return undefined;
          const token = connectionToken(message, session);
          if (token) connectionUser.set(session, who(token));
          return undefined;
        },
        toClient(message, session) {
          for (const field of ['messageUpdated', 'messageDeleted'] as const) {
            const node = eventNode(message, field);
            const id = node?.['id'];
            if (typeof id === 'string' && actorOf.get(id) !== undefined && actorOf.get(id) === connectionUser.get(session)) return [];
          }
          return undefined;
        },
      },
    },
  };
}

/** The client's subscription document with its messageCreated field reading messageUpdated instead, under the same name. */
function updatedAsCreated(query: string): string | undefined {
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

const EDITS = ':edits';

/**
 * The conversation's "upsert" topic feeds messageCreated: an edited message is published to the
 * messageCreated subscribers too, as if it were new.
 */
export function makeEditsRepublishedAsCreated(): Fault {
  /** The content of each message's latest edit request. */
  const edited = new Map<string, string>();
  const forwarded = new WeakMap<RelaySession, Set<string>>();
  return {
    name: 'edits-republished-as-created',
    rule: '6 messageCreated: a message was created in the conversation (here: an edit also reaches messageCreated subscribers, as a new message with the old sequence)',
    breaks: ['model.events'],
    hooks: {
      request(request, fields) {
        const edit = editOf(request, fields);
        if (edit) edited.set(edit.id, edit.content);
        return undefined;
      },
      frames: {
        toServer(message, session) {
          const id = message['id'];
          if (typeof id !== 'string' || subscriptionOf(session, id)?.field !== 'messageCreated') return undefined;
          if (message['type'] === 'complete') return [message, { ...message, id: `${id}${EDITS}` }];
          if (message['type'] !== 'subscribe') return undefined;
          const payload = (message['payload'] ?? {}) as Record<string, unknown>;
          const query = typeof payload['query'] === 'string' ? updatedAsCreated(payload['query']) : undefined;
          return query ? [message, { ...message, id: `${id}${EDITS}`, payload: { ...payload, query } }] : undefined;
        },
        toClient(message, session) {
          const id = message['id'];
          if (typeof id !== 'string' || !id.endsWith(EDITS)) return undefined;
          const node = eventNode(message, 'messageCreated');
          const messageId = node?.['id'];
          const content = typeof messageId === 'string' ? edited.get(messageId) : undefined;
          // Only edits: a reaction's messageUpdated (open in the spec) stays off this topic.
          if (!node || content === undefined || ('content' in node && node['content'] !== content)) return [];
          const seen = forwarded.get(session) ?? new Set<string>();
          forwarded.set(session, seen);
          const key = `${String(messageId)}\u0000${content}`;
          if (seen.has(key)) return [];
          seen.add(key);
          return [{ ...message, id: id.slice(0, -EDITS.length) }];
        },
      },
    },
  };
}

export function makeEventFaults(): Fault[] {
  return [
    makeCreatedFansOutPerConnection(),
    makeLastSubscriberWins(),
    makeUpdatedStaleAfterSecondEdit(),
    makeDeletedEventShowsEditedContent(),
    makeConcurrentSendEventLost(),
    makeNoEchoOfOwnEditsAndDeletes(),
    makeEditsRepublishedAsCreated(),
  ];
}
