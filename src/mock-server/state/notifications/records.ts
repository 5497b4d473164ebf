/** Notifications: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type NotificationType = 'MENTION' | 'WORKSPACE_JOINED';
export type NotificationCategory = 'MEETINGS' | 'MENTIONS' | 'SYSTEM';

/**
 * Why a notification was made, finer than the schema's `type`: a reply to your message shows as a
 * `MENTION` (the schema has no reply type), and `notificationActivity` counts replies apart.
 */
export type NotificationReason = 'MENTION' | 'REPLY' | 'JOINED';

export interface NotificationRecord {
  readonly id: string;
  /** Who receives it. */
  readonly userId: string;
  readonly type: NotificationType;
  readonly category: NotificationCategory;
  readonly reason: NotificationReason;
  /** Who caused it (the author of a mention or reply, the member who joined). */
  readonly actorId: string | null;
  readonly workspaceId: string | null;
  readonly conversationId: string | null;
  readonly messageId: string | null;
  readonly snippet: string | null;
  readonly createdAt: number;
  readonly readAt: number | null;
}

/** What happened to one user on one UTC day, for `notificationActivity`; kept when notifications are cleared. */
export interface NotificationDayRecord {
  readonly mentions: number;
  readonly replied: number;
}
