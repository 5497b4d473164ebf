import type { ConversationEventKind, MembershipEnded } from '../../state/live/event-streams.js';
import { forbidden } from '../../state/errors.js';
import type { EphemeralEvent, EventOf } from '../../state/events.js';
import type { GraphQLContext } from '../context.js';
import type { EphemeralState, MessageView, Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { messageView } from '../views/messages.js';
import { notificationView } from '../views/notifications.js';

type MessageKind = 'messageCreated' | 'messageUpdated' | 'messageDeleted';

/** A removed member's stream ends with this error, then completes. */
function ended(event: MembershipEnded): never {
  throw forbidden(`you are no longer a member of conversation ${event.conversationId}; this subscription has ended`);
}

function subscribeTo<K extends ConversationEventKind>(kind: K) {
  return (_root: unknown, args: { conversationId: string }, ctx: GraphQLContext) =>
    ctx.state.eventStreams.conversation(kind, args.conversationId, ctx.userId());
}

function messageField(kind: MessageKind) {
  return {
    subscribe: subscribeTo(kind),
    resolve: (event: EventOf<MessageKind> | MembershipEnded, _args: unknown, ctx: GraphQLContext): MessageView =>
      // Runs once per event and subscription shape, not per subscriber (engine/event-results.ts).
      event.kind === 'membershipEnded' ? ended(event) : messageView(viewLookups(ctx.state), event.message),
  };
}

function ephemeralField(kind: 'typingChanged' | 'presenceChanged') {
  return {
    subscribe: subscribeTo(kind),
    resolve: (event: EphemeralEvent<typeof kind> | MembershipEnded): EphemeralState =>
      event.kind === 'membershipEnded'
        ? ended(event)
        : { conversationId: event.conversationId, userId: event.userId, active: event.active },
  };
}

/**
 * The six subscriptions of SPEC.md 6. Each starts from the moment of subscribing (nothing stored
 * is replayed: a reconnecting client catches up with `messagesSince`), and the conversation ones
 * are for members only.
 */
export const subscriptionResolvers: Resolvers = {
  Subscription: {
    messageCreated: messageField('messageCreated'),
    messageUpdated: messageField('messageUpdated'),
    messageDeleted: messageField('messageDeleted'),
    typingChanged: ephemeralField('typingChanged'),
    presenceChanged: ephemeralField('presenceChanged'),
    notificationReceived: {
      subscribe: (_root, _args, ctx) => ctx.state.eventStreams.notifications(ctx.userId()),
      resolve: (event: EventOf<'notificationReceived'>, _args: unknown, ctx: GraphQLContext) =>
        notificationView(viewLookups(ctx.state), event.notification, ctx.publicOrigin),
    },
  },
};
