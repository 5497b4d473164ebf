import type { NotificationDayRecord, NotificationRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The notifications area's tables: each user's inbox and the counts of their last days. */
export interface NotificationTables {
  readonly notifications: TrackedMap<string, NotificationRecord>;
  /** user id -> that user's notification ids, oldest first (by `createdAt`, then id) */
  readonly notificationsByUser: TrackedMap<string, readonly string[]>;
  /** message id -> ids of the notifications it made, so deleting the message withdraws them */
  readonly notificationsByMessage: TrackedMap<string, readonly string[]>;
  /** user id -> UTC day number (epoch days) -> mentions and replies received that day, for the last 7 days */
  readonly notificationDays: TrackedMap<string, ReadonlyMap<number, NotificationDayRecord>>;
}

export function createNotificationTables(): NotificationTables {
  return { notifications: new TrackedMap(), notificationsByUser: new TrackedMap(), notificationsByMessage: new TrackedMap(), notificationDays: new TrackedMap() };
}
