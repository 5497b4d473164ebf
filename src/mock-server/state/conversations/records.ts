import type { PartMap } from '../changes/tracked-map.js';
import type { MessageLog } from '../messages/message-log.js';

/** Conversations: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type MemberRole = 'OWNER' | 'ADMIN' | 'MEMBER';
export type ConversationType = 'CHANNEL' | 'DIRECT';
export type ConversationVisibility = 'PUBLIC' | 'PRIVATE';

export interface ConversationMemberRecord {
  readonly userId: string;
  role: MemberRole;
  /** Highest sequence the member has read; 0 before anything is read. Never moves backwards. */
  lastReadSequence: number;
  muted: boolean;
  pinnedAt: number | null;
  readonly joinedAt: number;
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
  readonly members: PartMap<string, ConversationMemberRecord>;
  /** The messages area's: the conversation's messages in sequence order, and its retry index. */
  readonly log: MessageLog;
}
