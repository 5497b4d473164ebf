import type { NotificationDayRecord, NotificationRecord } from './records.js';

/** The notifications area's tables: each user's inbox and the counts of their last days. */
export interface NotificationTables {
  readonly notifications: Map<string, NotificationRecord>;
  /** user id -> that user's notification ids, oldest first (by `createdAt`, then id) */
  readonly notificationsByUser: Map<string, string[]>;
  /** message id -> ids of the notifications it made, so deleting the message withdraws them */
  readonly notificationsByMessage: Map<string, string[]>;
  /** user id -> UTC day number (epoch days) -> mentions and replies received that day, for the last 7 days */
  readonly notificationDays: Map<string, Map<number, NotificationDayRecord>>;
}

export function createNotificationTables(): NotificationTables {
  return { notifications: new Map(), notificationsByUser: new Map(), notificationsByMessage: new Map(), notificationDays: new Map() };
}
