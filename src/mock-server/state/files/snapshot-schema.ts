import * as v from 'valibot';
import { id, intCount, nullableText, nullableTime, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the files area (see `snapshot/schema.ts`). */

const upload = v.strictObject({
  key: v.string(),
  ownerId: id,
  contentType: v.string(),
  fileName: nullableText,
  scope: v.picklist(['PUBLIC', 'PRIVATE']),
  createdAt: time,
  expiresAt: time,
  /** The bytes, base64 (padded, standard alphabet). */
  body: nullableText,
  attachedTo: nullableText,
});

const storedFile = v.strictObject({
  id,
  workspaceId: id,
  uploadKey: v.string(),
  fileName: v.string(),
  contentType: v.string(),
  size: intCount,
  uploaderId: id,
  visibility: v.picklist(['WORKSPACE', 'CHANNEL']),
  allowDownload: v.boolean(),
  conversationId: nullableText,
  folderId: nullableText,
  pinnedAt: nullableTime,
  createdAt: time,
  updatedAt: time,
  deletedAt: nullableTime,
});

const fileFolder = v.strictObject({ id, workspaceId: id, name: v.string(), parentId: nullableText, createdBy: id, createdAt: time });

/** The files area's tables, the attachment indexes included. */
export const fileTablesSchema = {
  uploads: table(upload),
  storedFiles: table(storedFile),
  fileFolders: table(fileFolder),
  attachmentMessages: table(v.string()),
  attachmentsByConversation: table(v.array(v.string())),
};

export type SavedFileTables = SavedOf<typeof fileTablesSchema>;
