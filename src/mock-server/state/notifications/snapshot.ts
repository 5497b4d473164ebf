import { array, copy, fill, list, map, row, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { NotificationDayRecord } from './records.js';
import type { SavedNotificationTables } from './snapshot-schema.js';
import type { NotificationTables } from './tables.js';

const rows: RowCodecs<NotificationTables, SavedNotificationTables> = {
  notifications: row(copy),
  notificationsByUser: row(array),
  notificationsByMessage: row(array),
  notificationDays: row((days: ReadonlyMap<number, NotificationDayRecord>) => list(days, copy)),
};

/** The notifications area's tables in a snapshot: each user's days as entries of day number and counts. */
export const notificationsSnapshot: AreaCodec<NotificationTables, SavedNotificationTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    fill(tables.notifications, saved.notifications, copy);
    fill(tables.notificationsByUser, saved.notificationsByUser, array);
    fill(tables.notificationsByMessage, saved.notificationsByMessage, array);
    fill(tables.notificationDays, saved.notificationDays, (days) => map(days, copy));
  },
};
