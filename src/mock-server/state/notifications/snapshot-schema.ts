import * as v from 'valibot';
import { day, entries, id, intCount, nullableText, nullableTime, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the notifications area (see `snapshot/schema.ts`). */

const notification = v.strictObject({
  id,
  userId: id,
  type: v.picklist(['MENTION', 'WORKSPACE_JOINED']),
  category: v.picklist(['MEETINGS', 'MENTIONS', 'SYSTEM']),
  reason: v.picklist(['MENTION', 'REPLY', 'JOINED']),
  actorId: nullableText,
  workspaceId: nullableText,
  conversationId: nullableText,
  messageId: nullableText,
  snippet: nullableText,
  createdAt: time,
  readAt: nullableTime,
});

/** The notifications area's tables: the inboxes, their indexes, and each user's days as entries. */
export const notificationTablesSchema = {
  notifications: table(notification),
  notificationsByUser: table(v.array(v.string())),
  notificationsByMessage: table(v.array(v.string())),
  notificationDays: table(entries(day, v.strictObject({ mentions: intCount, replied: intCount }))),
};

export type SavedNotificationTables = SavedOf<typeof notificationTablesSchema>;
