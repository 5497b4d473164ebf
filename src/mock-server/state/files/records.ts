/** Files: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type UploadScope = 'PUBLIC' | 'PRIVATE';

export interface UploadRecord {
  readonly key: string;
  readonly ownerId: string;
  readonly contentType: string;
  readonly fileName: string | null;
  readonly scope: UploadScope;
  readonly createdAt: number;
  /** The upload URL stops accepting a PUT after this; an uploaded file stays. */
  readonly expiresAt: number;
  /** Set once the client has PUT the bytes. */
  readonly body: Uint8Array | null;
  /**
   * Set once the key is used: the id of the message it is attached to, of the stored file
   * registered from it (`registerStoredFile`), of the user whose avatar or of the workspace whose
   * icon it is. A key is used at most once, and its bytes cannot change from then on.
   */
  readonly attachedTo: string | null;
}

export type WorkspaceFileVisibility = 'WORKSPACE' | 'CHANNEL';

/**
 * A file of a workspace's file library (`registerStoredFile`): the bytes stay in the upload
 * record under `uploadKey` (the key is used once: by one stored file or one message).
 */
export interface StoredFileRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly uploadKey: string;
  readonly fileName: string;
  readonly contentType: string;
  /** Bytes actually stored. */
  readonly size: number;
  readonly uploaderId: string;
  /** WORKSPACE: the workspace's members; CHANNEL: the members of `conversationId`. */
  readonly visibility: WorkspaceFileVisibility;
  /** False: previews only, downloads are refused. */
  readonly allowDownload: boolean;
  /** The conversation the file belongs to (required for CHANNEL visibility). */
  readonly conversationId: string | null;
  readonly folderId: string | null;
  /** Pinned in the library (shared by everyone who sees the file), or null. */
  readonly pinnedAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Set while the file is in the trash. */
  readonly deletedAt: number | null;
}

/** A folder of a workspace's file library; folders nest through `parentId`. */
export interface FileFolderRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly parentId: string | null;
  readonly createdBy: string;
  readonly createdAt: number;
}
