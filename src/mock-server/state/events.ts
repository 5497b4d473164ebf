import type { MessageRecord } from './messages/records.js';
import type { NotificationRecord } from './notifications/records.js';

/**
 * What the domain announces as it changes. Mutations publish these; subscriptions (SPEC.md 6)
 * read them. Plain data, no GraphQL: a door turns them into views.
 *
 * A message event carries a snapshot of the message as it was when the event happened, so a
 * subscriber that reads it later still sees that state (an edit followed by a delete shows the
 * edited text in `messageUpdated`, not the deleted state).
 */
export type DomainEvent =
  | MessageEvent<'messageCreated'>
  | MessageEvent<'messageUpdated'>
  | MessageEvent<'messageDeleted'>
  | EphemeralEvent<'typingChanged'>
  | EphemeralEvent<'presenceChanged'>
  | { readonly kind: 'notificationReceived'; readonly notification: NotificationRecord }
  /** `userId` is no longer a member of `conversationId`: its subscriptions there end. */
  | { readonly kind: 'membershipEnded'; readonly conversationId: string; readonly userId: string }
  /** These access tokens stopped working before their time (logout, refresh-token reuse). */
  | { readonly kind: 'accessRevoked'; readonly accessTokens: readonly string[] };

export interface MessageEvent<K extends 'messageCreated' | 'messageUpdated' | 'messageDeleted'> {
  readonly kind: K;
  readonly message: MessageRecord;
}

/** Typing and presence: `userId` is (or stopped being) typing, or present, in `conversationId`. */
export interface EphemeralEvent<K extends 'typingChanged' | 'presenceChanged'> {
  readonly kind: K;
  readonly conversationId: string;
  readonly userId: string;
  readonly active: boolean;
}

export type DomainEventKind = DomainEvent['kind'];
export type EventOf<K extends DomainEventKind> = Extract<DomainEvent, { kind: K }>;
type Listener<K extends DomainEventKind> = (event: EventOf<K>) => void;
/** Sees every event published, with its kind and scope (see {@link EventBus.observe}). */
export type EventObserver = (kind: DomainEventKind, scope: string, event: DomainEvent) => void;

/**
 * An event's channel: its kind plus the conversation or user it concerns. A subscriber listens to
 * exactly the channels it wants, so publishing to one conversation costs nothing for the others.
 */
export function topic(kind: DomainEventKind, scope = ''): string {
  return `${kind} ${scope}`;
}

/**
 * In-process publish/subscribe, synchronous: `publish` returns once every listener has been
 * called, in the order they subscribed. Listeners must not throw; one that does is reported and
 * does not keep the event from the others.
 */
export class EventBus {
  private readonly listeners = new Map<string, Set<(event: DomainEvent) => void>>();
  private readonly observers = new Set<EventObserver>();

  /** Calls `listener` for every event published to `kind` in `scope`; returns the unsubscribe. */
  on<K extends DomainEventKind>(kind: K, scope: string, listener: Listener<K>): () => void {
    const key = topic(kind, scope);
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    const wrapped = listener as (event: DomainEvent) => void;
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  publish<K extends DomainEventKind>(kind: K, scope: string, event: EventOf<K>): void {
    if (this.observers.size > 0) this.tellObservers(kind, scope, event);
    const set = this.listeners.get(topic(kind, scope));
    if (!set) return;
    for (const listener of [...set]) {
      try {
        listener(event);
      } catch (error) {
        console.error('[parley] an event listener failed:', error instanceof Error ? error.stack : error);
      }
    }
  }

  /**
   * Calls `observer` with every event published from now on, whatever its topic, before its
   * subscribers (the dev event stream, `/dev/events`): subscribers see exactly what they would
   * without it. Returns the function that stops it.
   */
  observe(observer: EventObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  private tellObservers(kind: DomainEventKind, scope: string, event: DomainEvent): void {
    for (const observer of [...this.observers]) {
      try {
        observer(kind, scope, event);
      } catch (error) {
        console.error('[parley] an event observer failed:', error instanceof Error ? error.stack : error);
      }
    }
  }

  /** Whether anyone would hear an event of `kind` in `scope` (a listener, or an observer): a publisher may skip building one nobody hears. */
  heard(kind: DomainEventKind, scope = ''): boolean {
    return this.observers.size > 0 || this.listeners.has(topic(kind, scope));
  }

  /** How many listeners `kind` has in `scope`: for tests and the benchmark. */
  listenerCount(kind: DomainEventKind, scope = ''): number {
    return this.listeners.get(topic(kind, scope))?.size ?? 0;
  }
}

/** A message as it is now, detached from later changes to the record. */
export function snapshotMessage(message: MessageRecord): MessageRecord {
  return message.detached();
}
