import type { AreaContext } from '../context.js';
import type { MailRecord, OutboxTables } from './tables.js';

export type NewMail = Omit<MailRecord, 'id' | 'sentAt'>;

/** At most this many mails are kept; the oldest go first. */
const KEPT = 1_000;

/**
 * The dev outbox: every mail a real backend would send (verification, invitations) lands here
 * instead, so that a developer or a test can read it (`GET /dev/outbox`). Listeners see each mail
 * as it is sent (the CLI prints one line per mail).
 */
export class Outbox {
  private readonly listeners = new Set<(mail: MailRecord) => void>();

  constructor(private readonly ctx: AreaContext<OutboxTables>) {}

  send(mail: NewMail): MailRecord {
    const sent: MailRecord = { ...mail, id: this.ctx.ids(), sentAt: this.ctx.clock.now() };
    const { outbox } = this.ctx.tables;
    outbox.set(sent.id, sent);
    if (outbox.size > KEPT) outbox.delete(outbox.keys().next().value!);
    for (const listener of this.listeners) listener(sent);
    return sent;
  }

  /** Every kept mail, oldest first. */
  list(): MailRecord[] {
    return [...this.ctx.tables.outbox.values()];
  }

  /** Calls `listener` with every mail sent from now on; returns the function that stops it. */
  onMail(listener: (mail: MailRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
