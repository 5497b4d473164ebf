import type { OutboxTables } from './tables.js';
import type { SavedOutboxTables } from './snapshot-schema.js';
import { copy, fill, row, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';

const rows: RowCodecs<OutboxTables, SavedOutboxTables> = { outbox: row(copy) };

/** The outbox's mails in a snapshot, oldest first. */
export const outboxSnapshot: AreaCodec<OutboxTables, SavedOutboxTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => fill(tables.outbox, saved.outbox, copy),
};
