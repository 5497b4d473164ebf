import type { FileFolderRecord, StoredFileRecord, UploadRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The files area's tables: uploads, the file library, and where each attachment was sent. */
export interface FileTables {
  readonly uploads: TrackedMap<string, UploadRecord>;
  /** Stored files of every workspace's file library, by id, in registration order. */
  readonly storedFiles: TrackedMap<string, StoredFileRecord>;
  readonly fileFolders: TrackedMap<string, FileFolderRecord>;
  /** attachment id -> id of the message carrying it */
  readonly attachmentMessages: TrackedMap<string, string>;
  /** conversation id -> ids of the attachments sent there with their own upload, in send order (see attachment-index.ts) */
  readonly attachmentsByConversation: TrackedMap<string, ReadonlySet<string>>;
}

export function createFileTables(): FileTables {
  return { uploads: new TrackedMap(), storedFiles: new TrackedMap(), fileFolders: new TrackedMap(), attachmentMessages: new TrackedMap(), attachmentsByConversation: new TrackedMap() };
}
