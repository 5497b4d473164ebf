import * as v from 'valibot';
import { id, nullableText, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the outbox (see `snapshot/schema.ts`): the kept mails. */

const mail = v.strictObject({ id, to: v.string(), subject: v.string(), text: v.string(), token: nullableText, link: nullableText, sentAt: time });

export const outboxTablesSchema = {
  outbox: table(mail),
};

export type SavedOutboxTables = SavedOf<typeof outboxTablesSchema>;
