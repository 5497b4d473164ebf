import { MessageLog } from '../messages/message-log.js';
import { copy, fill, list, map, same, type AreaCodec } from '../snapshot/codec.js';
import type { ConversationRecord } from './records.js';
import type { SavedConversationTables } from './snapshot-schema.js';
import type { ConversationTables } from './tables.js';

/**
 * The conversations area's tables in a snapshot: members and client message ids as entries. A
 * conversation's log holds the messages table's records in sequence order, so it is saved as
 * null and loaded empty; `restoreSnapshot` fills it once the messages are loaded (`rebuildLogs`).
 */
export const conversationsSnapshot: AreaCodec<ConversationTables, SavedConversationTables> = {
  save: (tables) => ({
    conversations: list(tables.conversations, (conversation) => ({
      ...conversation,
      members: list(conversation.members, copy),
      log: null,
      sentByClientId: list(conversation.sentByClientId, same),
    })),
    directConversations: list(tables.directConversations, same),
  }),
  load: (saved, tables) => {
    fill(tables.conversations, saved.conversations, (conversation): ConversationRecord => ({
      ...conversation,
      members: map(conversation.members, copy),
      log: new MessageLog(),
      sentByClientId: map(conversation.sentByClientId, same),
    }));
    fill(tables.directConversations, saved.directConversations, same);
  },
};
