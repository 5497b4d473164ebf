import type { OutboxTables } from './outbox.js';
import type { SavedOutboxTables } from './outbox-snapshot-schema.js';
import { copy, fill, list, type AreaCodec } from './snapshot/codec.js';

/** The outbox's mails in a snapshot, oldest first. */
export const outboxSnapshot: AreaCodec<OutboxTables, SavedOutboxTables> = {
  save: (tables) => ({ outbox: list(tables.outbox, copy) }),
  load: (saved, tables) => fill(tables.outbox, saved.outbox, copy),
};
