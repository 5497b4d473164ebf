import { ErrorCode } from '../../../schema/error-codes.js';
import type { Clock } from '../clock.js';
import { EMAIL_MAX } from '../emails.js';
import { DomainError } from '../errors.js';

/** When `login` stops trying passwords for one e-mail address. The numbers are in docs/mock-behaviour.md ("Accounts and tokens"). */
export interface LoginThrottleRules {
  /** Failed logins in a row, within {@link windowMs}, that lock the address. @default 10 */
  readonly maxFailures: number;
  /** How far back failures count: a failure older than this starts the count again. @default 900000 (15 minutes) */
  readonly windowMs: number;
  /** How long a locked address is refused, every password alike. @default 900000 (15 minutes) */
  readonly lockMs: number;
  /** Most addresses followed at once; past it the oldest unlocked one is forgotten. @default 10000 */
  readonly maxTracked: number;
}

export const defaultLoginThrottleRules: LoginThrottleRules = {
  maxFailures: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  maxTracked: 10_000,
};

interface Attempts {
  /** Attempts since the window opened that have not succeeded (in flight ones included). */
  count: number;
  /** When the first of them was made. */
  since: number;
  /** Until when every attempt is refused; 0 when not locked. */
  lockedUntil: number;
}

/**
 * Slows password guessing on one account (OWASP, "Authentication": account lockout): after
 * {@link LoginThrottleRules.maxFailures} logins in a row that did not succeed within
 * {@link LoginThrottleRules.windowMs}, every login for that address, the right password too, is
 * refused with `RATE_LIMITED` for {@link LoginThrottleRules.lockMs}. A login that succeeds
 * forgets the address.
 *
 * Kept by the address's `emailKey`, whether or not an account has it, so a locked address says
 * nothing about whether it is an account, and a lock answers before any password is hashed, for
 * both alike. Per address and never per client: the mock cannot tell clients apart behind a
 * proxy, and a developer's whole test suite shares one. An attempt counts when it starts, so
 * guesses sent at once cannot all slip in before the first one fails.
 *
 * Held in memory only: a snapshot, `--persist`, `/dev/reset` and a restart start with none.
 */
export class LoginThrottle {
  private readonly attempts = new Map<string, Attempts>();

  constructor(
    private readonly clock: Clock,
    private readonly rules: LoginThrottleRules = defaultLoginThrottleRules,
  ) {}

  /**
   * Counts an attempt for `email` (an `emailKey`), or throws `RATE_LIMITED`, saying until when,
   * when the address is locked. An address longer than any account's is not followed: it names
   * no account to guess.
   */
  begin(email: string): void {
    if (email.length > EMAIL_MAX) return;
    const now = this.clock.now();
    let entry = this.attempts.get(email);
    if (entry && entry.lockedUntil > now) {
      const wait = Math.ceil((entry.lockedUntil - now) / 60_000);
      throw new DomainError(
        ErrorCode.RATE_LIMITED,
        `too many failed logins for this email address: logins for it are refused until ${new Date(entry.lockedUntil).toISOString()} (in ${wait} minute${wait === 1 ? '' : 's'}); try again then`,
      );
    }
    if (!entry || entry.lockedUntil !== 0 || now - entry.since >= this.rules.windowMs) {
      if (entry) this.attempts.delete(email);
      else this.makeRoom(now);
      entry = { count: 0, since: now, lockedUntil: 0 };
      this.attempts.set(email, entry);
    }
    entry.count += 1;
    // This attempt still runs; if it fails too, the address stays locked.
    if (entry.count >= this.rules.maxFailures) entry.lockedUntil = now + this.rules.lockMs;
  }

  /** The attempt for `email` succeeded: its count starts again (a lock it set is lifted). */
  succeeded(email: string): void {
    this.attempts.delete(email);
  }

  /** How many addresses are followed now (for tests of the bound). */
  get size(): number {
    return this.attempts.size;
  }

  /**
   * Before a new address is followed at the bound, frees one place: forgets the oldest address
   * that is not locked now (a count of failures, or a lock that has ended), or, when every one is
   * locked, the oldest. Map order is the order addresses were taken up, so a login at the bound
   * looks at the first few entries only, unless most are locked.
   */
  private makeRoom(now: number): void {
    if (this.attempts.size < this.rules.maxTracked) return;
    for (const [email, entry] of this.attempts) {
      if (entry.lockedUntil <= now) {
        this.attempts.delete(email);
        return;
      }
    }
    this.attempts.delete(this.attempts.keys().next().value!);
  }
}
