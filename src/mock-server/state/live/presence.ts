import type { StateContext } from '../tables.js';

/**
 * Who is online: a member is present while they hold at least one authenticated WebSocket
 * connection. `presenceChanged` is announced, with `active` true or false, in every conversation
 * the member is in, when their first connection opens and when their last one closes.
 */
export class Presence {
  /** user id -> open connections */
  private readonly connections = new Map<string, number>();

  constructor(private readonly ctx: StateContext) {}

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
    this.announce(userId, false);
  }

  isPresent(userId: string): boolean {
    return this.connections.has(userId);
  }

  private announce(userId: string, active: boolean): void {
    for (const conversation of this.ctx.tables.conversations.values()) {
      if (!conversation.members.has(userId)) continue;
      const conversationId = conversation.id;
      this.ctx.events.publish('presenceChanged', conversationId, { kind: 'presenceChanged', conversationId, userId, active });
    }
  }
}
