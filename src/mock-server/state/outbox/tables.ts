import { TrackedMap } from '../changes/tracked-map.js';

/** A mail the mock would have sent. */
export interface MailRecord {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The token the mail carries (verification, invitation), if any. */
  readonly token: string | null;
  /** The link the mail carries, if any. */
  readonly link: string | null;
  readonly sentAt: number;
}

/** The outbox area's one table: mails by id, oldest first. */
export interface OutboxTables {
  readonly outbox: TrackedMap<string, MailRecord>;
}

export function createOutboxTables(): OutboxTables {
  return { outbox: new TrackedMap() };
}
