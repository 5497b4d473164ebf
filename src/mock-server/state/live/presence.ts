import type { Kernel } from '../context.js';
import type { Conversations } from '../conversations/conversations.js';

/**
 * Who is online: a member is present while they hold at least one authenticated WebSocket
 * connection. `presenceChanged` is announced, with `active` true or false, in every conversation
 * the member is in, when their first connection opens and when their last one closes.
 */
export class Presence {
  /** user id -> open connections */
  private readonly connections = new Map<string, number>();
  /** user id -> when their last connection closed */
  private readonly lastSeen = new Map<string, number>();

  constructor(
    private readonly kernel: Kernel,
    private readonly conversations: Conversations,
  ) {}

  connected(userId: string): void {
    const count = (this.connections.get(userId) ?? 0) + 1;
    this.connections.set(userId, count);
    if (count === 1) this.announce(userId, true);
  }

  disconnected(userId: string): void {
    const count = (this.connections.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.connections.set(userId, count);
      return;
    }
    if (!this.connections.delete(userId)) return;
    this.lastSeen.set(userId, this.kernel.clock.now());
    this.announce(userId, false);
  }

  isPresent(userId: string): boolean {
    return this.connections.has(userId);
  }

  /**
   * When the member was last live: now while they are connected, else the moment their last
   * connection closed; null if they have not connected since the mock started (presence is not
   * part of the tables, so a snapshot or restart forgets it, as a real presence service would).
   */
  lastActiveAt(userId: string): number | null {
    if (this.connections.has(userId)) return this.kernel.clock.now();
    return this.lastSeen.get(userId) ?? null;
  }

  private announce(userId: string, active: boolean): void {
    for (const conversation of this.conversations.ofMember(userId)) {
      const conversationId = conversation.id;
      this.kernel.events.publish('presenceChanged', conversationId, { kind: 'presenceChanged', conversationId, userId, active });
    }
  }
}
