import { array, copy, fill, list, map, row, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { MessageRecord } from './records.js';
import type { SavedMessageTables } from './snapshot-schema.js';
import type { MessageTables } from './tables.js';

const rows: RowCodecs<MessageTables, SavedMessageTables> = {
  messages: row((message: MessageRecord) => ({
    ...message,
    attachments: message.attachments.map(copy),
    reactions: message.reactions === null ? null : list(message.reactions, array),
  })),
};

/**
 * The messages table in a snapshot: attachments copied, reactions as entries of emoji and who
 * reacted. Each conversation's log is rebuilt from this table once both are loaded (`rebuildLogs`
 * in `snapshot/restore.ts`).
 */
export const messagesSnapshot: AreaCodec<MessageTables, SavedMessageTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    fill(tables.messages, saved.messages, (message): MessageRecord => ({
      ...message,
      attachments: message.attachments.length === 0 ? [] : message.attachments.map(copy),
      reactions: message.reactions === null ? null : map(message.reactions, array),
    }));
  },
};
