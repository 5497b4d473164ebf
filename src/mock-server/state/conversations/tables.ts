import type { ConversationRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The conversations area's tables: channels and DMs with their members. */
export interface ConversationTables {
  readonly conversations: TrackedMap<string, ConversationRecord>;
  /** `workspaceId userA userB` (ids sorted) -> conversation id: one DM per pair and workspace */
  readonly directConversations: TrackedMap<string, string>;
}

export function createConversationTables(): ConversationTables {
  return { conversations: new TrackedMap(), directConversations: new TrackedMap() };
}
