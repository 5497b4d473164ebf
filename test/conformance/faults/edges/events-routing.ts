import { given, type Fault } from '../../support/fault.js';
import type { RelaySession } from '../../support/socket-relay.js';
import { type Subscription, subscriptionOf, eventNode, isRefusal, endings, sendOf, BEARER, connectionToken } from './events-relay.js';

/**
 * Servers that route subscription events (SPEC.md 6) wrongly where the scripted checks do not
 * look: one subscription per connection, one subscriber per conversation, one send at a time,
 * no echo to the actor.
 */

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
