import * as v from 'valibot';
import { accountTablesSchema, sessionsSchema } from '../accounts/snapshot-schema.js';
import { conversationTablesSchema } from '../conversations/snapshot-schema.js';
import { fileTablesSchema } from '../files/snapshot-schema.js';
import { messageTablesSchema } from '../messages/snapshot-schema.js';
import { notificationTablesSchema } from '../notifications/snapshot-schema.js';
import { outboxTablesSchema } from '../outbox/snapshot-schema.js';
import { workspaceTablesSchema } from '../workspaces/snapshot-schema.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';
import { nullableText } from './schema-parts.js';

/**
 * The shape of a snapshot document (version {@link SNAPSHOT_VERSION}), as valibot schemas: the
 * document's TypeScript type is inferred from them, and `validate.ts` checks an untrusted document
 * against them. Each area describes its own tables (`<area>/snapshot-schema.ts`); this file only
 * puts them together. Every table is a list of `[key, record]` entries in the table's order; Maps
 * inside records are entry lists too, Sets are arrays, upload bytes are base64. Objects are
 * strict: a field this version does not know is refused, not dropped.
 */

/**
 * Every table of `state/tables.ts`, secondary indexes included (so nothing has to be re-derived):
 * each area's fragment (`<area>/snapshot-schema.ts`), in the order of `state/areas.ts`.
 */
export const tablesSchema = v.strictObject({
  ...accountTablesSchema,
  ...workspaceTablesSchema,
  ...outboxTablesSchema,
  ...conversationTablesSchema,
  ...messageTablesSchema,
  ...fileTablesSchema,
  ...notificationTablesSchema,
});

export const snapshotSchema = v.strictObject({
  format: v.literal(SNAPSHOT_FORMAT),
  version: v.literal(SNAPSHOT_VERSION),
  tables: tablesSchema,
  sessions: sessionsSchema,
  /** The key signed file links are made with (base64), or null before the first link. */
  fileLinkKey: nullableText,
  /**
   * The secret message ids are computed with (`messages/message-ids.ts`), or null before the first
   * message. Absent from documents saved before ids were computed: their messages keep the ids saved with them.
   */
  messageIdKey: v.optional(nullableText),
});

/** A snapshot document: JSON-compatible, so `JSON.stringify` writes it and `JSON.parse` reads it back. */
export type SnapshotDocument = v.InferOutput<typeof snapshotSchema>;
