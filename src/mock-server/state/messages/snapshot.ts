import { array, copy, fill, list, map, type AreaCodec } from '../snapshot/codec.js';
import type { MessageRecord } from './records.js';
import type { SavedMessageTables } from './snapshot-schema.js';
import type { MessageTables } from './tables.js';

/**
 * The messages table in a snapshot: attachments copied, reactions as entries of emoji and who
 * reacted. Each conversation's log is rebuilt from this table once both are loaded (`rebuildLogs`
 * in `snapshot/restore.ts`).
 */
export const messagesSnapshot: AreaCodec<MessageTables, SavedMessageTables> = {
  save: (tables) => ({
    messages: list(tables.messages, (message) => ({
      ...message,
      attachments: message.attachments.map(copy),
      reactions: message.reactions === null ? null : list(message.reactions, array),
    })),
  }),
  load: (saved, tables) => {
    fill(tables.messages, saved.messages, (message): MessageRecord => ({
      ...message,
      attachments: message.attachments.length === 0 ? [] : message.attachments.map(copy),
      reactions: message.reactions === null ? null : map(message.reactions, array),
    }));
  },
};

