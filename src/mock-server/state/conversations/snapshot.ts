import { PartMap } from '../changes/tracked-map.js';
import { MessageLog } from '../messages/message-log.js';
import { copy, fill, PART, row, rowWithParts, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { ConversationMemberRecord, ConversationRecord } from './records.js';
import type { SavedConversationTables } from './snapshot-schema.js';
import type { ConversationTables } from './tables.js';

const rows: RowCodecs<ConversationTables, SavedConversationTables> = {
  // Members and sent message ids are parts: the log writes one entry at a time (a conversation
  // of a million messages has a million sent ids).
  conversations: rowWithParts((conversation: ConversationRecord) => ({ ...conversation, members: PART, log: null, sentByClientId: PART }), {
    members: copy<ConversationMemberRecord>,
    sentByClientId: same<string>,
  }),
  directConversations: row(same),
};

/**
 * The conversations area's tables in a snapshot: members and client message ids as entries. A
 * conversation's log holds the messages table's records in sequence order, so it is saved as
 * null and loaded empty; `restoreSnapshot` fills it once the messages are loaded (`rebuildLogs`).
 */
export const conversationsSnapshot: AreaCodec<ConversationTables, SavedConversationTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    const { conversations } = tables;
    fill(conversations, saved.conversations, (conversation): ConversationRecord => ({
      ...conversation,
      members: PartMap.of(conversations, conversation.id, 'members', conversation.members.map(([key, member]) => [key, copy(member)] as const)),
      log: new MessageLog(),
      sentByClientId: PartMap.of(conversations, conversation.id, 'sentByClientId', conversation.sentByClientId),
    }));
    fill(tables.directConversations, saved.directConversations, same);
  },
};
