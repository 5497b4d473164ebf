import type { MockState } from '../../../src/mock-server/state/mock-state.js';
import type { DomainEvent, MessageEvent } from '../../../src/mock-server/state/events.js';
import type { MessageRecord } from '../../../src/mock-server/state/messages/records.js';

/**
 * Faulty realtime servers: the mock with one seam of its state patched, each breaking one rule of
 * SPEC.md section 6 (or an expectation the suite holds where section 6 is open). They are patched
 * mocks rather than proxies because some faults (a non-member's subscription that delivers) need
 * the server's own data.
 */
export interface PatchedFault {
  readonly name: string;
  readonly rule: string;
  readonly breaks: readonly string[];
  patch(state: MockState): void;
}

type Streams = MockState['eventStreams'];

/** Replaces how the state publishes: `change` returns the events to publish instead of `event`. */
function rewritePublish(state: MockState, change: (event: DomainEvent) => readonly DomainEvent[]): void {
  const publish = state.events.publish.bind(state.events);
  state.events.publish = ((kind: DomainEvent['kind'], scope: string, event: DomainEvent) => {
    for (const changed of change(event)) publish(changed.kind, scope, changed as never);
  }) as typeof state.events.publish;
}

/** Wraps the conversation streams subscriptions read from. */
function wrapStreams(state: MockState, wrap: (original: Streams['conversation'], ...args: Parameters<Streams['conversation']>) => ReturnType<Streams['conversation']>): void {
  const original = state.eventStreams.conversation.bind(state.eventStreams);
  state.eventStreams.conversation = ((kind, conversationId, userId) => wrap(original, kind, conversationId, userId)) as Streams['conversation'];
}

/** The caller, or the conversation's first member when the caller is not one: a server that skips the membership check. */
function asMember(state: MockState, conversationId: string, userId: string): string {
  const conversation = state.tables.conversations.get(conversationId);
  return conversation?.members.has(userId) === false ? [...conversation.members.keys()][0]! : userId;
}

export const patchedFaults: readonly PatchedFault[] = [
  {
    name: 'replays-stored-messages-on-subscribe',
    rule: '6: subscriptions "do not replay stored data"',
    breaks: ['events.no-replay'],
    patch(state) {
      wrapStreams(state, (original, kind, conversationId, userId) => {
        const live = original(kind, conversationId, userId);
        if (kind !== 'messageCreated') return live;
        const stored = state.messagePages.inOrder(conversationId).slice(-3);
        return (async function* () {
          for (const message of stored) yield { kind: 'messageCreated', message } as MessageEvent<'messageCreated'>;
          yield* live;
        })() as ReturnType<Streams['conversation']>;
      });
    },
  },
  {
    name: 'lets-a-non-member-subscribe',
    rule: "6 + 5 rule 3: a conversation's messages are for its members, live as in the queries (MUST; refusing the subscribe is the suite's SHOULD)",
    breaks: ['events.non-member.no-messages', 'events.non-member.refused'],
    patch(state) {
      wrapStreams(state, (original, kind, conversationId, userId) => original(kind, conversationId, asMember(state, conversationId, userId)));
    },
  },
  {
    name: 'leaks-updates-and-deletions-to-non-members',
    rule: '6 + 5 rule 3: a non-member gets no messageUpdated or messageDeleted either (MUST), though its messageCreated is refused',
    breaks: ['events.non-member.no-messages'],
    patch(state) {
      wrapStreams(state, (original, kind, conversationId, userId) =>
        original(kind, conversationId, kind === 'messageUpdated' || kind === 'messageDeleted' ? asMember(state, conversationId, userId) : userId),
      );
    },
  },
  {
    name: 'publishes-no-events',
    rule: '6: "events are GraphQL subscriptions over a WebSocket" that "report changes as they happen": subscriptions that are accepted and never deliver',
    breaks: ['events.websocket', 'events.created.delivered', 'events.updated.edit', 'events.deleted.state'],
    patch(state) {
      rewritePublish(state, () => []);
    },
  },
  {
    name: 'never-sends-message-deleted',
    rule: '6 + 3: a soft-deleted message is a change, and messageDeleted reports it (MUST)',
    breaks: ['events.deleted.state'],
    patch(state) {
      rewritePublish(state, (event) => (event.kind === 'messageDeleted' ? [] : [event]));
    },
  },
  {
    name: 'never-sends-message-updated',
    rule: '6 + 3: an edited message is a change, and messageUpdated reports it (MUST); so is a new reaction (the suite\'s SHOULD)',
    breaks: ['events.updated.edit', 'events.updated.reaction'],
    patch(state) {
      rewritePublish(state, (event) => (event.kind === 'messageUpdated' ? [] : [event]));
    },
  },
  {
    name: 'event-sequence-off-by-one',
    rule: '6 reconnect: a client catches up with messagesSince from the sequence its events carried (and 6 + 3: messageCreated carries the message as sent)',
    breaks: ['events.created.delivered', 'events.reconnect.catch-up'],
    patch(state) {
      rewritePublish(state, (event) =>
        event.kind === 'messageCreated' ? [{ ...event, message: offByOne(event.message) }] : [event],
      );
    },
  },
  {
    name: 'swaps-pairs-of-created-events',
    rule: '6 messageCreated: events of one conversation in sequence order (the suite\'s SHOULD)',
    breaks: ['events.created.in-order'],
    patch(state) {
      const held = new Map<string, DomainEvent>();
      rewritePublish(state, (event) => {
        if (event.kind !== 'messageCreated') return [event];
        const conversationId = event.message.conversationId;
        const earlier = held.get(conversationId);
        if (!earlier) {
          held.set(conversationId, event);
          return [];
        }
        held.delete(conversationId);
        return [event, earlier];
      });
    },
  },
];

/** A copy of `message` that says its sequence is one more, keeping its id. */
function offByOne(message: MessageRecord): MessageRecord {
  return Object.defineProperties(message.detached(), { sequence: { value: message.sequence + 1 }, id: { value: message.id } });
}
