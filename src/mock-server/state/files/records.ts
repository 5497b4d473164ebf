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
  body: Uint8Array | null;
  /** Set once the key is attached to a message; a key is attached at most once. */
  attachedTo: string | null;
}
