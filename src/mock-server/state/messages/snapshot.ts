import { array, copy, list, map, row, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { MessageRecord } from './records.js';
import type { SavedMessageTables } from './snapshot-schema.js';
import type { MessageTables } from './tables.js';

const rows: RowCodecs<MessageTables, SavedMessageTables> = {
  messages: row((message: MessageRecord) => {
    const saved = message.toJSON();
    return { ...saved, attachments: saved.attachments.map(copy), reactions: saved.reactions === null ? null : list(saved.reactions, array) };
  }),
};

/**
 * The messages table in a snapshot: attachments copied, reactions as entries of emoji and who
 * reacted. A message is in a conversation, which the conversations area loads, so the rows are
 * staged here and added to their conversations' logs once every area is loaded (`rebuildLogs` in
 * `snapshot/restore.ts`), each keeping the id it was saved with.
 */
export const messagesSnapshot: AreaCodec<MessageTables, SavedMessageTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    // Field by field, not spread: a restore (an MSW reset) stages every message, and objects of
    // one literal shape are several times faster to make and to read than spread copies.
    tables.messages.stage(
      saved.messages.map(([key, message]) => ({
        key,
        id: message.id,
        conversationId: message.conversationId,
        senderId: message.senderId,
        clientMessageId: message.clientMessageId,
        sequence: message.sequence,
        type: message.type,
        content: message.content,
        replyToMessageId: message.replyToMessageId,
        createdAt: message.createdAt,
        updatedAt: message.updatedAt,
        deletedAt: message.deletedAt,
        attachments: message.attachments.length === 0 ? undefined : message.attachments.map(copy),
        reactions: message.reactions === null ? null : map(message.reactions, array),
      })),
    );
  },
};
