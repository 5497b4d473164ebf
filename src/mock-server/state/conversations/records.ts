import type { PartMap } from '../changes/tracked-map.js';

/** Conversations: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type MemberRole = 'OWNER' | 'ADMIN' | 'MEMBER';
export type ConversationType = 'CHANNEL' | 'DIRECT';
export type ConversationVisibility = 'PUBLIC' | 'PRIVATE';

export interface ConversationMemberRecord {
  readonly userId: string;
  readonly role: MemberRole;
  /** Highest sequence the member has read; 0 before anything is read. Never moves backwards. */
  readonly lastReadSequence: number;
  readonly muted: boolean;
  readonly pinnedAt: number | null;
  readonly joinedAt: number;
}

export interface ConversationRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly type: ConversationType;
  readonly visibility: ConversationVisibility;
  /** Null for direct conversations. */
  readonly title: string | null;
  readonly description: string | null;
  readonly isDefault: boolean;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Insertion-ordered: the order members joined. Its messages are the messages area's (`messages/tables.ts`). */
  readonly members: PartMap<string, ConversationMemberRecord>;
}
