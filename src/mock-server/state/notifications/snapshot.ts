import { array, copy, fill, list, map, type AreaCodec } from '../snapshot/codec.js';
import type { SavedNotificationTables } from './snapshot-schema.js';
import type { NotificationTables } from './tables.js';

/** The notifications area's tables in a snapshot: each user's days as entries of day number and counts. */
export const notificationsSnapshot: AreaCodec<NotificationTables, SavedNotificationTables> = {
  save: (tables) => ({
    notifications: list(tables.notifications, copy),
    notificationsByUser: list(tables.notificationsByUser, array),
    notificationsByMessage: list(tables.notificationsByMessage, array),
    notificationDays: list(tables.notificationDays, (days) => list(days, copy)),
  }),
  load: (saved, tables) => {
    fill(tables.notifications, saved.notifications, copy);
    fill(tables.notificationsByUser, saved.notificationsByUser, array);
    fill(tables.notificationsByMessage, saved.notificationsByMessage, array);
    fill(tables.notificationDays, saved.notificationDays, (days) => map(days, copy));
  },
};
