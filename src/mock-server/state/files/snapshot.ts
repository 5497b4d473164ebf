import { base64ToBytes, bytesToBase64 } from '../base64.js';
import { array, copy, fill, row, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import { SnapshotError } from '../snapshot/errors.js';
import type { SavedFileTables } from './snapshot-schema.js';
import type { UploadRecord } from './records.js';
import type { FileTables } from './tables.js';

function bytes(base64: string, key: string): Uint8Array {
  const decoded = base64ToBytes(base64);
  if (decoded === null) throw new SnapshotError(`the snapshot's table "uploads" is not valid: the bytes of upload ${key} are not base64.`);
  return decoded;
}

const rows: RowCodecs<FileTables, SavedFileTables> = {
  uploads: row((upload: UploadRecord) => ({ ...upload, body: upload.body === null ? null : bytesToBase64(upload.body) })),
  storedFiles: row(copy),
  fileFolders: row(copy),
  attachmentMessages: row(same),
  attachmentsByConversation: row(array),
};

/**
 * The files area's tables in a snapshot: upload bytes in base64, each conversation's attachment
 * set as an array. The storage count of every workspace is not saved: `restoreSnapshot` has the
 * quota count it again once everything is loaded.
 */
export const filesSnapshot: AreaCodec<FileTables, SavedFileTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    fill(tables.uploads, saved.uploads, (upload) => ({ ...upload, body: upload.body === null ? null : bytes(upload.body, upload.key) }));
    fill(tables.storedFiles, saved.storedFiles, copy);
    fill(tables.fileFolders, saved.fileFolders, copy);
    fill(tables.attachmentMessages, saved.attachmentMessages, same);
    fill(tables.attachmentsByConversation, saved.attachmentsByConversation, (ids) => new Set(ids));
  },
};
