import * as v from 'valibot';
import { id, intCount, nullableText, nullableTime, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the messages area (see `snapshot/schema.ts`). */

const attachment = v.strictObject({ id, uploadKey: v.string(), storedFileId: nullableText, fileName: v.string(), contentType: v.string(), size: intCount });

const message = v.strictObject({
  id,
  conversationId: id,
  senderId: id,
  clientMessageId: v.string(),
  sequence: intCount,
  type: v.picklist(['TEXT', 'SYSTEM']),
  content: nullableText,
  replyToMessageId: nullableText,
  createdAt: time,
  updatedAt: time,
  deletedAt: nullableTime,
  attachments: v.array(attachment),
  reactions: v.nullable(table(v.array(v.string()))),
});

/** The messages table: each conversation's messages in sequence order, the conversations in the order of their first message. */
export const messageTablesSchema = {
  messages: table(message),
};

export type SavedMessageTables = SavedOf<typeof messageTablesSchema>;
