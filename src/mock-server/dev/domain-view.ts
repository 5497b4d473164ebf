import { messageView, notificationView } from './read-model.js';
import { topic, type DomainEvent, type DomainEventKind } from '../state/events.js';
import type { MockState } from '../state/mock-state.js';

/**
 * A domain event as the dev event stream shows it (`event: domain`): its kind, its topic (kind and
 * scope), when it was published on the state's clock, and a payload of plain JSON. Secrets stay
 * out: a revocation tells how many tokens stopped working, never the tokens.
 */
export function domainEventView(state: MockState, kind: DomainEventKind, scope: string, event: DomainEvent) {
  return { kind, topic: topic(kind, scope).trimEnd(), at: new Date(state.clock.now()).toISOString(), payload: payloadOf(state, event) };
}

function payloadOf(state: MockState, event: DomainEvent): Record<string, unknown> {
  switch (event.kind) {
    case 'messageCreated':
    case 'messageUpdated':
    case 'messageDeleted':
      return { conversationId: event.message.conversationId, message: messageView(state, event.message) };
    case 'typingChanged':
    case 'presenceChanged':
      return { conversationId: event.conversationId, userId: event.userId, active: event.active };
    case 'notificationReceived':
      return { userId: event.notification.userId, notification: notificationView(event.notification) };
    case 'membershipEnded':
      return { conversationId: event.conversationId, userId: event.userId };
    case 'accessRevoked':
      return { tokens: event.accessTokens.length };
  }
}
