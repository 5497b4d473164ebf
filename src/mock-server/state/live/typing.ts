import type { Timer } from '../clock.js';
import type { Kernel } from '../context.js';

/** Typing rules. SPEC.md leaves typing open (section 6, gaps); these are the mock's. */
export const typingRules = {
  /** A typing member who sends no refresh for this long stops typing (a `false` event). */
  expiresAfterMs: 5_000,
} as const;

/**
 * Who is typing where. `typingChanged` is announced on changes only: `active: true` when a member
 * starts, `active: false` when they stop (`setTyping(false)`, a sent message, or
 * {@link typingRules.expiresAfterMs} without a refresh). A refresh while typing only extends it.
 */
export class Typing {
  /** `conversationId userId` -> the timer that ends that member's typing. */
  private readonly typing = new Map<string, Timer>();

  constructor(private readonly ctx: Kernel) {}

  /** `setTyping`: members only. Returns true, as the contract's `Boolean!` asks. */
  set(conversationId: string, active: boolean, userId: string): boolean {
    this.ctx.access.conversationOfMember(conversationId, userId);
    if (active) this.start(conversationId, userId);
    else this.stop(conversationId, userId);
    return true;
  }

  /** Ends a member's typing, if they were; a sent message calls this. */
  stop(conversationId: string, userId: string): void {
    const key = `${conversationId} ${userId}`;
    const timer = this.typing.get(key);
    if (!timer) return;
    timer.cancel();
    this.typing.delete(key);
    this.announce(conversationId, userId, false);
  }

  /** Whether `userId` is typing in `conversationId` now. */
  isTyping(conversationId: string, userId: string): boolean {
    return this.typing.has(`${conversationId} ${userId}`);
  }

  private start(conversationId: string, userId: string): void {
    const key = `${conversationId} ${userId}`;
    const earlier = this.typing.get(key);
    earlier?.cancel();
    const timer = this.ctx.clock.setTimer(this.ctx.clock.now() + typingRules.expiresAfterMs, () => {
      if (this.typing.get(key) === timer) this.stop(conversationId, userId);
    });
    this.typing.set(key, timer);
    if (!earlier) this.announce(conversationId, userId, true);
  }

  private announce(conversationId: string, userId: string, active: boolean): void {
    this.ctx.events.publish('typingChanged', conversationId, { kind: 'typingChanged', conversationId, userId, active });
  }
}
