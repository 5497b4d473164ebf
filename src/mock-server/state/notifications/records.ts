/** Notifications: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type NotificationType = 'MENTION' | 'WORKSPACE_JOINED';
export type NotificationCategory = 'MEETINGS' | 'MENTIONS' | 'SYSTEM';

export interface NotificationRecord {
  readonly id: string;
  /** Who receives it. */
  readonly userId: string;
  readonly type: NotificationType;
  readonly category: NotificationCategory;
  /** Who caused it (the author of a mention, the member who joined). */
  readonly actorId: string | null;
  readonly workspaceId: string | null;
  readonly conversationId: string | null;
  readonly messageId: string | null;
  readonly snippet: string | null;
  readonly createdAt: number;
  readAt: number | null;
}
