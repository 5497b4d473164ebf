import { notFound } from '../errors.js';
import { requireId, requirePageSize } from '../input.js';
import type { Page } from '../paging.js';
import type { AreaContext } from '../context.js';
import type { NotificationTables } from './tables.js';
import { decodeNotificationCursor, encodeNotificationCursor } from './cursor.js';
import { ACTIVITY_DAYS, isoDate, utcDay } from './days.js';
import { firstNotOlder } from './order.js';
import type { NotificationRecord } from './records.js';

export interface NotificationCounts {
  readonly total: number;
  readonly unread: number;
  readonly unreadMeetings: number;
  readonly unreadMentions: number;
  readonly unreadSystem: number;
}

export interface NotificationDay {
  /** `YYYY-MM-DD`, UTC. */
  readonly date: string;
  readonly mentions: number;
  readonly replied: number;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * What a user reads and marks of their own notifications: the list (newest first), the counts,
 * the last week's activity, and marking read and clearing. Nobody reaches another user's
 * notifications: an id of someone else's is NOT_FOUND, as if it did not exist.
 */
export class NotificationInbox {
  constructor(private readonly ctx: AreaContext<NotificationTables>) {}

  /**
   * `notifications(after, first)`: newest first (by `createdAt`, then id, both descending), the
   * page after the cursor `after`. O(log n + first).
   */
  page(userId: string, after: string | null | undefined, first: number): Page<NotificationRecord> {
    requirePageSize(first, 'first');
    const { notifications } = this.ctx.tables;
    const ids = this.idsOf(userId);
    // Everything before `end` in the (oldest-first) list is older than the cursor.
    const end = after == null ? ids.length : firstNotOlder(ids, decodeNotificationCursor(after), notifications);
    const start = Math.max(0, end - first);
    const nodes = ids.slice(start, end).reverse().map((id) => notifications.get(id)!);
    const last = nodes.at(-1);
    return { nodes, endCursor: last ? encodeNotificationCursor(last) : null, hasNextPage: start > 0 };
  }

  /** How many notifications there are, of every user: for the dev routes. */
  get count(): number {
    return this.ctx.tables.notifications.size;
  }

  /** `notificationSummary`: the caller's notifications, and the unread ones by category. */
  summary(userId: string): NotificationCounts {
    const { notifications } = this.ctx.tables;
    const ids = this.idsOf(userId);
    let unread = 0;
    let unreadMeetings = 0;
    let unreadMentions = 0;
    let unreadSystem = 0;
    for (const id of ids) {
      const notification = notifications.get(id)!;
      if (notification.readAt !== null) continue;
      unread += 1;
      if (notification.category === 'MEETINGS') unreadMeetings += 1;
      else if (notification.category === 'MENTIONS') unreadMentions += 1;
      else unreadSystem += 1;
    }
    return { total: ids.length, unread, unreadMeetings, unreadMentions, unreadSystem };
  }

  /**
   * `notificationActivity`: one entry per UTC day of the last 7, today included, oldest first;
   * mentions and replies received that day, read or not, cleared or not.
   */
  activity(userId: string): NotificationDay[] {
    const days = this.ctx.tables.notificationDays.get(userId);
    const today = utcDay(this.ctx.clock.now());
    const result: NotificationDay[] = [];
    for (let day = today - ACTIVITY_DAYS + 1; day <= today; day++) {
      const counts = days?.get(day);
      result.push({ date: isoDate(day), mentions: counts?.mentions ?? 0, replied: counts?.replied ?? 0 });
    }
    return result;
  }

  /** `markNotificationRead`: true when it was unread, false when it was read already. */
  markRead(id: string, userId: string): boolean {
    requireId(id, 'id');
    const notification = this.ctx.tables.notifications.get(id);
    // Someone else's notification is answered as an unknown one: ids reveal nothing.
    if (!notification || notification.userId !== userId) throw notFound(`notification ${id} does not exist`, 'id');
    if (notification.readAt !== null) return false;
    const now = this.ctx.clock.now();
    this.ctx.tables.notifications.update(id, (draft) => {
      draft.readAt = now;
    });
    return true;
  }

  /** `markAllNotificationsRead`: how many became read. */
  markAllRead(userId: string): number {
    const { notifications } = this.ctx.tables;
    const now = this.ctx.clock.now();
    let changed = 0;
    for (const id of this.idsOf(userId)) {
      const notification = notifications.get(id)!;
      if (notification.readAt !== null) continue;
      notifications.update(id, (draft) => {
        draft.readAt = now;
      });
      changed += 1;
    }
    return changed;
  }

  /** `clearReadNotifications`: removes the caller's read notifications; how many went. */
  clearRead(userId: string): number {
    const { notifications, notificationsByUser } = this.ctx.tables;
    const ids = notificationsByUser.get(userId);
    if (!ids) return 0;
    const kept = ids.filter((id) => notifications.get(id)!.readAt === null);
    if (kept.length === ids.length) return 0;
    for (const id of ids) {
      const notification = notifications.get(id)!;
      if (notification.readAt === null) continue;
      notifications.delete(id);
      if (notification.messageId !== null) this.forgetMessageLink(notification.messageId, id);
    }
    if (kept.length === 0) notificationsByUser.delete(userId);
    else notificationsByUser.set(userId, kept);
    return ids.length - kept.length;
  }

  private forgetMessageLink(messageId: string, id: string): void {
    const { notificationsByMessage } = this.ctx.tables;
    const made = notificationsByMessage.get(messageId);
    if (!made) return;
    const rest = made.filter((other) => other !== id);
    if (rest.length === 0) notificationsByMessage.delete(messageId);
    else notificationsByMessage.set(messageId, rest);
  }

  private idsOf(userId: string): readonly string[] {
    return this.ctx.tables.notificationsByUser.get(userId) ?? NONE;
  }
}
