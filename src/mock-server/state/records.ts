import type { MessageLog } from './message-log.js';

/**
 * The records the domain stores. Plain data: views for GraphQL are built from them in
 * `graphql/views/`, so what is stored and what is shown can differ (a deleted message keeps
 * nothing it does not need; a view hides what the caller may not see).
 *
 * Times are epoch milliseconds; enums are the schema's values as strings.
 */

export type WorkspaceRole = 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST';
export type MemberRole = 'OWNER' | 'ADMIN' | 'MEMBER';
export type ConversationType = 'CHANNEL' | 'DIRECT';
export type ConversationVisibility = 'PUBLIC' | 'PRIVATE';
export type MessageType = 'TEXT' | 'SYSTEM';
export type WorkspacePurpose = 'DESIGN' | 'ENGINEERING' | 'OPERATIONS_HR' | 'SALES';
export type WorkspaceTeamSize = 'TEAM_1_10' | 'TEAM_11_50' | 'TEAM_51_250' | 'TEAM_250_PLUS';
export type UploadScope = 'PUBLIC' | 'PRIVATE';

export interface PasswordHash {
  readonly salt: string;
  readonly hash: string;
}

export interface UserRecord {
  readonly id: string;
  username: string;
  displayName: string;
  /** Lower-cased; unique. */
  email: string;
  password: PasswordHash;
  avatarUrl: string | null;
  readonly createdAt: number;
}

export interface WorkspaceMemberRecord {
  readonly userId: string;
  role: WorkspaceRole;
  readonly joinedAt: number;
}

export interface WorkspaceRecord {
  readonly id: string;
  name: string;
  slug: string;
  iconKey: string | null;
  purposes: WorkspacePurpose[];
  teamSize: WorkspaceTeamSize | null;
  readonly createdAt: number;
  updatedAt: number;
  /** Insertion-ordered: the order members joined. */
  readonly members: Map<string, WorkspaceMemberRecord>;
}

export interface InviteLinkRecord {
  readonly token: string;
  readonly workspaceId: string;
  readonly role: WorkspaceRole;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface ConversationMemberRecord {
  readonly userId: string;
  role: MemberRole;
  /** Highest sequence the member has read; 0 before anything is read. Never moves backwards. */
  lastReadSequence: number;
  muted: boolean;
  pinnedAt: number | null;
  readonly joinedAt: number;
}

export interface AttachmentRecord {
  readonly id: string;
  readonly uploadKey: string;
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

export interface ConversationRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly type: ConversationType;
  readonly visibility: ConversationVisibility;
  /** Null for direct conversations. */
  title: string | null;
  description: string | null;
  readonly isDefault: boolean;
  readonly createdBy: string;
  readonly createdAt: number;
  updatedAt: number;
  /** Insertion-ordered: the order members joined. */
  readonly members: Map<string, ConversationMemberRecord>;
  readonly log: MessageLog;
  /** `senderId + " " + clientMessageId` -> message id: a retried send returns the first message. */
  readonly sentByClientId: Map<string, string>;
}

export type NotificationType = 'MENTION' | 'WORKSPACE_JOINED';
export type NotificationCategory = 'MEETINGS' | 'MENTIONS' | 'SYSTEM';

export interface NotificationRecord {
  readonly id: string;
  /** Who receives it. */
  readonly userId: string;
  readonly type: NotificationType;
  readonly category: NotificationCategory;
  /** Who caused it (the author of a mention, the member who joined). */
  readonly actorId: string | null;
  readonly workspaceId: string | null;
  readonly conversationId: string | null;
  readonly messageId: string | null;
  readonly snippet: string | null;
  readonly createdAt: number;
  readAt: number | null;
}
