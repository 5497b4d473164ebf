import type { ConversationRecord } from './records.js';

/** The conversations area's tables: channels and DMs with their members. */
export interface ConversationTables {
  readonly conversations: Map<string, ConversationRecord>;
  /** `workspaceId userA userB` (ids sorted) -> conversation id: one DM per pair and workspace */
  readonly directConversations: Map<string, string>;
}

export function createConversationTables(): ConversationTables {
  return { conversations: new Map(), directConversations: new Map() };
}
