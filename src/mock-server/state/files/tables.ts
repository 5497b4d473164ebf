import type { FileFolderRecord, StoredFileRecord, UploadRecord } from './records.js';

/** The files area's tables: uploads, the file library, and where each attachment was sent. */
export interface FileTables {
  readonly uploads: Map<string, UploadRecord>;
  /** Stored files of every workspace's file library, by id, in registration order. */
  readonly storedFiles: Map<string, StoredFileRecord>;
  readonly fileFolders: Map<string, FileFolderRecord>;
  /** attachment id -> id of the message carrying it */
  readonly attachmentMessages: Map<string, string>;
  /** conversation id -> ids of the attachments sent there with their own upload, in send order (see attachment-index.ts) */
  readonly attachmentsByConversation: Map<string, Set<string>>;
}

export function createFileTables(): FileTables {
  return { uploads: new Map(), storedFiles: new Map(), fileFolders: new Map(), attachmentMessages: new Map(), attachmentsByConversation: new Map() };
}
