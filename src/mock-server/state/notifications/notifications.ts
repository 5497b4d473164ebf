import { canManageWorkspace } from '../access.js';
import type { Users } from '../accounts/users.js';
import type { ConversationRecord } from '../conversations/records.js';
import type { MessageRecord } from '../messages/records.js';
import type { WorkspaceRecord } from '../workspaces/records.js';
import { ACTIVITY_DAYS, utcDay } from './days.js';
import { firstNotOlder, insertInOrder } from './order.js';
import type { NotificationRecord } from './records.js';
import type { AreaContext } from '../context.js';
import type { NotificationTables } from './tables.js';

/** Notification rules. SPEC.md gives notifications by signature only; these are the mock's. */
export const notificationRules = {
  /** Characters of message text kept in `snippet`. */
  snippetMax: 140,
} as const;

/**
 * `@username` where the `@` starts a word: `hi @bob` mentions bob, `bob@acme.test` mentions no
 * one. Usernames are 2 to 32 letters, digits, dots, dashes or underscores.
 */
const MENTION = /(?<![\w.@-])@([a-z0-9][a-z0-9._-]{1,31})/gi;

type NewNotification = Omit<NotificationRecord, 'id' | 'createdAt' | 'readAt'>;

/**
 * Creates the notifications the domain owes its users, and announces each one
 * (`notificationReceived`) to its recipient:
 * - a reply to your message (type MENTION, category MENTIONS, reason REPLY);
 * - a message naming you as `@username` (type MENTION, category MENTIONS, reason MENTION);
 * - WORKSPACE_JOINED (category SYSTEM): someone joined a workspace; its owners and admins are told.
 *
 * A message notifies each user at most once (a reply that also mentions its author is one REPLY),
 * never its sender, only members of its conversation, and no one who muted the conversation.
 */
export class Notifications {
  /** While paused, nothing is created (see {@link pause}). */
  private paused = false;

  constructor(
    private readonly ctx: AreaContext<NotificationTables>,
    private readonly users: Users,
  ) {}

  /**
   * Creates no notifications until {@link resume}: demo history is written through the domain,
   * and notifications made then would be months old (demo/notifications.ts makes fresh ones).
   */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  /** Called once for each new message, with the message it replies to (if any and still there). */
  messageSent(message: MessageRecord, conversation: ConversationRecord, repliedTo: MessageRecord | undefined): void {
    if (this.paused || message.content === null) return;
    const notified = new Set<string>([message.senderId]);
    const about = {
      type: 'MENTION',
      category: 'MENTIONS',
      actorId: message.senderId,
      workspaceId: conversation.workspaceId,
      conversationId: conversation.id,
      messageId: message.id,
      snippet: snippet(message.content),
    } as const;
    if (repliedTo && this.wantsToHear(conversation, repliedTo.senderId, notified)) {
      notified.add(repliedTo.senderId);
      this.create({ ...about, userId: repliedTo.senderId, reason: 'REPLY' });
    }
    if (!message.content.includes('@')) return;
    for (const match of message.content.matchAll(MENTION)) {
      const userId = this.userNamed(match[1]!);
      if (userId === undefined || !this.wantsToHear(conversation, userId, notified)) continue;
      notified.add(userId);
      this.create({ ...about, userId, reason: 'MENTION' });
    }
  }

  /** Called once when `userId` becomes a member of `workspace`. */
  workspaceJoined(workspace: WorkspaceRecord, userId: string): void {
    if (this.paused) return;
    for (const member of workspace.members.values()) {
      if (member.userId === userId || !canManageWorkspace(member)) continue;
      this.create({
        userId: member.userId,
        type: 'WORKSPACE_JOINED',
        category: 'SYSTEM',
        reason: 'JOINED',
        actorId: userId,
        workspaceId: workspace.id,
        conversationId: null,
        messageId: null,
        snippet: null,
      });
    }
  }

  /**
   * Called when a message is deleted: its notifications are withdrawn, read or not (they would
   * point at nothing and show text its sender took back). Activity keeps counting them: it is history.
   */
  messageDeleted(messageId: string): void {
    const { tables } = this.ctx;
    const ids = tables.notificationsByMessage.get(messageId);
    if (!ids) return;
    tables.notificationsByMessage.delete(messageId);
    for (const id of ids) {
      const notification = tables.notifications.get(id)!;
      // Found while every record of the list still resolves, then removed.
      const mine = tables.notificationsByUser.update(notification.userId, (ids) => {
        ids.splice(firstNotOlder(ids, notification, tables.notifications), 1);
      });
      if (mine.length === 0) tables.notificationsByUser.delete(notification.userId);
      tables.notifications.delete(id);
    }
  }

  /** A member of the conversation who has not muted it and has not been told of this message yet. */
  private wantsToHear(conversation: ConversationRecord, userId: string, notified: ReadonlySet<string>): boolean {
    if (notified.has(userId)) return false;
    const member = conversation.members.get(userId);
    return member !== undefined && !member.muted;
  }

  /** The user a mention names; `@bob.` at the end of a sentence names bob unless `bob.` exists. */
  private userNamed(name: string): string | undefined {
    return this.users.idByUsername(name) ?? this.users.idByUsername(name.replace(/[.]+$/, ''));
  }

  private create(fields: NewNotification): void {
    const { tables } = this.ctx;
    const notification: NotificationRecord = { ...fields, id: this.ctx.ids(), createdAt: this.ctx.clock.now(), readAt: null };
    tables.notifications.set(notification.id, notification);
    // A user's list is written whole when it changes: its size is their inbox, not the state.
    if (tables.notificationsByUser.has(notification.userId)) tables.notificationsByUser.update(notification.userId, (ids) => insertInOrder(ids, notification, tables.notifications));
    else tables.notificationsByUser.set(notification.userId, [notification.id]);
    const { messageId } = notification;
    if (messageId !== null) {
      if (tables.notificationsByMessage.has(messageId)) tables.notificationsByMessage.update(messageId, (ids) => ids.push(notification.id));
      else tables.notificationsByMessage.set(messageId, [notification.id]);
    }
    this.count(notification);
    this.ctx.events.publish('notificationReceived', notification.userId, { kind: 'notificationReceived', notification: { ...notification } });
  }

  /** Counts a mention or reply on its UTC day, and forgets days `notificationActivity` no longer shows. */
  private count(notification: NotificationRecord): void {
    if (notification.reason === 'JOINED') return;
    const { notificationDays } = this.ctx.tables;
    const day = utcDay(notification.createdAt);
    if (!notificationDays.has(notification.userId)) notificationDays.set(notification.userId, new Map());
    notificationDays.update(notification.userId, (days) => {
      const counts = days.get(day);
      if (!counts) for (const earlier of days.keys()) if (earlier <= day - ACTIVITY_DAYS) days.delete(earlier);
      const { mentions, replied } = counts ?? { mentions: 0, replied: 0 };
      days.set(day, notification.reason === 'REPLY' ? { mentions, replied: replied + 1 } : { mentions: mentions + 1, replied });
    });
  }
}

function snippet(content: string): string {
  const characters = [...content.replace(/\s+/g, ' ').trim()];
  return characters.length <= notificationRules.snippetMax ? characters.join('') : `${characters.slice(0, notificationRules.snippetMax - 1).join('')}…`;
}
