import { PartMap } from '../changes/tracked-map.js';
import { copy, fill, PART, row, rowWithParts, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { ConversationMemberRecord, ConversationRecord } from './records.js';
import type { SavedConversationTables } from './snapshot-schema.js';
import type { ConversationTables } from './tables.js';

// Members are a part: the `--persist` log writes one entry at a time. `log` is null, in the place
// documents have always had it (a conversation's messages are the messages area's).
const conversationRow = rowWithParts((conversation: ConversationRecord) => ({ ...conversation, members: PART, log: null }), {
  members: copy<ConversationMemberRecord>,
});

const rows: RowCodecs<ConversationTables, SavedConversationTables> = {
  conversations: conversationRow,
  directConversations: row(same),
};

/**
 * The conversations area's tables in a snapshot: members as entries. A document's conversation
 * has `log: null` and a retry index `sentByClientId` (`senderId clientMessageId` -> message id),
 * as documents always have, so that an earlier Parley reads a later one's: both are the messages
 * area's data, so the index is added by `exportSnapshot` from the messages table, and both are
 * read and left unused here. The `--persist` log leaves the index out.
 */
export const conversationsSnapshot: AreaCodec<ConversationTables, SavedConversationTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    const { conversations } = tables;
    fill(conversations, saved.conversations, ({ sentByClientId: _derived, log: _messages, ...conversation }): ConversationRecord => ({
      ...conversation,
      members: PartMap.of(conversations, conversation.id, 'members', conversation.members.map(([key, member]) => [key, copy(member)] as const)),
    }));
    fill(tables.directConversations, saved.directConversations, same);
  },
};
