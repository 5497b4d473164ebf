import type { NotificationRecord } from './records.js';

/**
 * A notification's place in its recipient's list: creation time, then id. Each user's list
 * (`tables.notificationsByUser`) is kept in this order, oldest first, so a page is a binary search
 * and a slice, and a cursor is a key rather than an offset: notifications arriving (or being
 * cleared) while a client pages never shift what the cursor points at.
 */
export interface NotificationKey {
  readonly createdAt: number;
  readonly id: string;
}

export function compareKeys(a: NotificationKey, b: NotificationKey): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The index of the first id in `ids` whose notification is not older than `key`. */
export function firstNotOlder(ids: readonly string[], key: NotificationKey, notifications: ReadonlyMap<string, NotificationRecord>): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareKeys(notifications.get(ids[middle]!)!, key) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Puts `notification` into `ids` in order; a new one (the usual case) goes at the end in O(1). */
export function insertInOrder(ids: string[], notification: NotificationRecord, notifications: ReadonlyMap<string, NotificationRecord>): void {
  const last = ids.at(-1);
  if (last === undefined || compareKeys(notifications.get(last)!, notification) <= 0) ids.push(notification.id);
  else ids.splice(firstNotOlder(ids, notification, notifications), 0, notification.id);
}
