import { Repeater, RepeaterOverflowError } from '@repeaterjs/repeater';

import { DomainError } from '../errors.js';
import { ErrorCode } from '../../../schema/error-codes.js';
import type { EventOf } from '../events.js';
import type { Kernel } from '../context.js';

export type ConversationEventKind = 'messageCreated' | 'messageUpdated' | 'messageDeleted' | 'typingChanged' | 'presenceChanged';

/**
 * The last item of a conversation stream whose subscriber was removed from the conversation.
 * The GraphQL layer answers it with a FORBIDDEN error, then the stream ends.
 */
export interface MembershipEnded {
  readonly kind: 'membershipEnded';
  readonly conversationId: string;
}

/**
 * Events not yet taken by a subscriber are held in order; past this many the subscriber is too
 * slow to keep up and its stream fails rather than grow without bound (Repeater's own limit).
 */
function fellBehind(): DomainError {
  return new DomainError(
    ErrorCode.BAD_REQUEST,
    'this subscription fell too far behind and was ended; subscribe again and catch up with messagesSince',
  );
}

/**
 * The streams subscriptions read: live events only, for whom may see them. (A class on the state,
 * not loose functions, so a test can swap one method to build a faulty server.)
 */
export class EventStreams {
  constructor(private readonly ctx: Kernel) {}

  /**
   * The events of one kind in one conversation, as `userId` may see them: only from the moment
   * of subscribing (nothing stored is replayed), only while they are a member (FORBIDDEN or
   * NOT_FOUND up front otherwise, and a final {@link MembershipEnded} if they are removed).
   */
  conversation<K extends ConversationEventKind>(kind: K, conversationId: string, userId: string): AsyncIterableIterator<EventOf<K> | MembershipEnded> {
    this.ctx.access.conversationOfMember(conversationId, userId);
    const { events } = this.ctx;
    return new Repeater<EventOf<K> | MembershipEnded>(async (push, stop) => {
      const offEvents = events.on(kind, conversationId, guarded(push, stop));
      const offEnded = events.on('membershipEnded', conversationId, (event) => {
        if (event.userId !== userId) return;
        void push({ kind: 'membershipEnded', conversationId });
        stop();
      });
      await stop;
      offEvents();
      offEnded();
    });
  }

  /** The notifications created for `userId` from now on. */
  notifications(userId: string): AsyncIterableIterator<EventOf<'notificationReceived'>> {
    const { events } = this.ctx;
    return new Repeater<EventOf<'notificationReceived'>>(async (push, stop) => {
      const off = events.on('notificationReceived', userId, guarded(push, stop));
      await stop;
      off();
    });
  }
}

/** A listener that pushes into a repeater and ends it, with a reason, when it overflows. */
function guarded<T>(push: (value: T) => Promise<unknown>, stop: (error?: unknown) => void): (value: T) => void {
  return (value) => {
    try {
      void push(value);
    } catch (error) {
      if (!(error instanceof RepeaterOverflowError)) throw error;
      stop(fellBehind());
    }
  };
}
