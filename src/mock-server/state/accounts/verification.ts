import { badInput, notFound } from '../errors.js';
import type { Outbox } from '../outbox/outbox.js';
import type { AreaContext } from '../context.js';
import type { AccountTables } from './tables.js';
import type { UserRecord } from './records.js';
import { emailKey } from '../emails.js';

/** Email verification rules. SPEC.md leaves them open; these are the mock's. */
export const verificationRules = {
  /** How long a verification token works. */
  tokenMs: 24 * 3_600_000,
} as const;

/**
 * Email verification: `register` and `resendVerificationEmail` mail a token to the dev outbox;
 * `verifyEmail` takes it once. Only the newest token of an account works: sending another voids
 * the earlier ones, as a careful backend does, so an old mail cannot be replayed.
 */
export class EmailVerification {
  constructor(
    private readonly ctx: AreaContext<AccountTables>,
    private readonly outbox: Outbox,
  ) {}

  /** Mails a fresh token to `user` (voiding earlier ones) and returns it. */
  send(user: UserRecord): string {
    const { tables, clock } = this.ctx;
    for (const [token, record] of tables.verificationTokens) if (record.userId === user.id) tables.verificationTokens.delete(token);
    const now = clock.now();
    const token = `ev_${this.ctx.secrets(18)}`;
    tables.verificationTokens.set(token, { token, userId: user.id, email: user.email, createdAt: now, expiresAt: now + verificationRules.tokenMs, usedAt: null });
    this.outbox.send({
      to: user.email,
      subject: 'Verify your email address',
      text: `Hi ${user.displayName}, confirm that ${user.email} is yours: call verifyEmail(token: "${token}"). The token works once, for 24 hours.`,
      token,
      link: null,
    });
    return token;
  }

  /**
   * `resendVerificationEmail`: mails a new token when `email` names an unverified account, and
   * does nothing otherwise; the caller cannot tell which (the mutation answers true either way).
   */
  resend(email: string): void {
    const userId = this.ctx.tables.usersByEmail.get(emailKey(email));
    const user = userId === undefined ? undefined : this.ctx.tables.users.get(userId);
    if (user && user.emailVerifiedAt === null) this.send(user);
  }

  /** `verifyEmail`: marks the address verified. Refuses an unknown, used, expired or outdated token. */
  verify(token: string): UserRecord {
    const { tables, clock } = this.ctx;
    const record = tables.verificationTokens.get(token);
    if (!record) throw notFound('no verification mail carries this token (a newer mail voids the older ones)', 'token');
    if (record.usedAt !== null) throw badInput('this verification token was already used', 'token');
    const now = clock.now();
    if (record.expiresAt <= now) throw badInput('this verification token has expired; call resendVerificationEmail for a new one', 'token');
    const user = tables.users.get(record.userId);
    if (!user || user.email !== record.email) throw badInput('this verification token was sent to an address the account no longer has', 'token');
    tables.verificationTokens.update(token, (draft) => {
      draft.usedAt = now;
    });
    return tables.users.update(user.id, (draft) => {
      draft.emailVerifiedAt ??= now;
    });
  }
}
