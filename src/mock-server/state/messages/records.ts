/** Messages: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type MessageType = 'TEXT' | 'SYSTEM';

export interface AttachmentRecord {
  readonly id: string;
  /** Where the bytes are: the upload record under this key. */
  readonly uploadKey: string;
  /** A stored file shared into the message (`sharedFileIds`), or null for a file sent with it. */
  readonly storedFileId: string | null;
  readonly fileName: string;
  readonly contentType: string;
  /** As reported by the client when sending (SPEC.md 2.1). */
  readonly size: number;
}

export interface MessageRecord {
  readonly id: string;
  readonly conversationId: string;
  readonly senderId: string;
  readonly clientMessageId: string;
  readonly sequence: number;
  readonly type: MessageType;
  /** Null once soft-deleted. */
  content: string | null;
  readonly replyToMessageId: string | null;
  readonly createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  /** Emptied on soft delete. Shared empty array for messages without attachments. */
  attachments: readonly AttachmentRecord[];
  /** emoji -> user ids, both in first-use order; null until the first reaction (saves memory). */
  reactions: Map<string, string[]> | null;
}
