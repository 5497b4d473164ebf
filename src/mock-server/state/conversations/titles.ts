import { conflict } from '../errors.js';
import type { ConversationTables } from './tables.js';

/**
 * Throws CONFLICT when another channel of the workspace has `title`, without regard to case.
 * `except` is the channel being renamed: keeping its own title (or changing its case) is no
 * collision.
 */
export function requireFreeTitle(tables: ConversationTables, workspaceId: string, title: string, argument: string, except?: string): void {
  const lowered = title.toLowerCase();
  for (const other of tables.conversations.values()) {
    if (other.id !== except && other.workspaceId === workspaceId && other.type === 'CHANNEL' && other.title?.toLowerCase() === lowered) {
      throw conflict(`a channel titled ${JSON.stringify(title)} already exists in this workspace`, argument);
    }
  }
}
