import { PartMap } from '../changes/tracked-map.js';
import { MessageLog } from '../messages/message-log.js';
import { copy, fill, PART, row, rowWithParts, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { ConversationMemberRecord, ConversationRecord } from './records.js';
import type { SavedConversationTables } from './snapshot-schema.js';
import type { ConversationTables } from './tables.js';

// Members are a part: the `--persist` log writes one entry at a time.
const conversationRow = rowWithParts((conversation: ConversationRecord) => ({ ...conversation, members: PART, log: null }), {
  members: copy<ConversationMemberRecord>,
});

const rows: RowCodecs<ConversationTables, SavedConversationTables> = {
  conversations: {
    ...conversationRow,
    // The retry index, derived from the log, in the place and form documents have always had it.
    save: (conversation) => ({ ...conversationRow.save(conversation), sentByClientId: conversation.log.retryEntries() }),
  },
  directConversations: row(same),
};

/**
 * The conversations area's tables in a snapshot: members as entries. A conversation's log holds
 * the messages table's records in sequence order, so it is saved as null and loaded empty;
 * `restoreSnapshot` fills it once the messages are loaded (`rebuildLogs`). The log derives its
 * retry index from the messages; a snapshot still holds it as `sentByClientId` (`senderId
 * clientMessageId` -> message id), as documents always have, so that an earlier Parley reads a
 * later one's. It is read and left unused; the `--persist` log leaves it out.
 */
export const conversationsSnapshot: AreaCodec<ConversationTables, SavedConversationTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    const { conversations } = tables;
    fill(conversations, saved.conversations, ({ sentByClientId: _derived, ...conversation }): ConversationRecord => ({
      ...conversation,
      members: PartMap.of(conversations, conversation.id, 'members', conversation.members.map(([key, member]) => [key, copy(member)] as const)),
      log: new MessageLog(conversation.id),
    }));
    fill(tables.directConversations, saved.directConversations, same);
  },
};
