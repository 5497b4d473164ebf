import * as v from 'valibot';
import { id, intCount, nullableText, nullableTime, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the conversations area (see `snapshot/schema.ts`). */

const conversation = v.strictObject({
  id,
  workspaceId: id,
  type: v.picklist(['CHANNEL', 'DIRECT']),
  visibility: v.picklist(['PUBLIC', 'PRIVATE']),
  title: nullableText,
  description: nullableText,
  isDefault: v.boolean(),
  createdBy: id,
  createdAt: time,
  updatedAt: time,
  members: table(
    v.strictObject({ userId: id, role: v.picklist(['OWNER', 'ADMIN', 'MEMBER']), lastReadSequence: intCount, muted: v.boolean(), pinnedAt: nullableTime, joinedAt: time }),
  ),
  /** Not stored: a conversation's messages are the messages table's (kept as a key so records keep their field order). */
  log: v.null(),
  /** Written by Parley before message ids were computed (the log now derives this retry index from the messages): read and unused. */
  sentByClientId: v.optional(table(v.string())),
});

/** The conversations area's tables, the DM index included. */
export const conversationTablesSchema = {
  conversations: table(conversation),
  directConversations: table(v.string()),
};

export type SavedConversationTables = SavedOf<typeof conversationTablesSchema>;
