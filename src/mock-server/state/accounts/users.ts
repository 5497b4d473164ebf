import { badInput, conflict, forbidden, notFound, unauthenticated } from '../errors.js';
import type { Uploads } from '../files/uploads.js';
import { quote, requireName } from '../input.js';
import { webPasswordHasher, type PasswordHasher } from './passwords.js';
import { LoginThrottle } from './login-throttle.js';
import type { PasswordHash, UserRecord } from './records.js';
import type { IssuedTokens, SessionStore } from './sessions.js';
import type { AreaContext } from '../context.js';
import type { AccountTables } from './tables.js';
import type { EmailVerification } from './verification.js';
import { EMAIL_MAX, emailKey, requireEmail } from '../emails.js';

/** Input rules for accounts. SPEC.md leaves them open (2.4, gaps); these are the mock's. */
export const accountRules = {
  username: /^[a-z0-9][a-z0-9._-]{1,31}$/i,
  displayNameMax: 80,
  emailMax: EMAIL_MAX,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export interface NewUser {
  readonly username: string;
  readonly displayName: string;
  readonly email: string;
}

export interface SignedIn {
  readonly user: UserRecord;
  readonly tokens: IssuedTokens;
}

export interface AccountOptions {
  /** `login` refuses accounts whose email is not verified yet. @default false */
  readonly requireVerification?: boolean;
  /** How passwords are hashed and checked. @default {@link webPasswordHasher} */
  readonly passwords?: PasswordHasher;
}

export class Users {
  private readonly passwords: PasswordHasher;
  /** Failed logins by address (in memory only: a reset or a restart forgets them). */
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly ctx: AreaContext<AccountTables>,
    private readonly sessions: SessionStore,
    private readonly verification: EmailVerification,
    private readonly options: AccountOptions = {},
  ) {
    this.passwords = options.passwords ?? webPasswordHasher;
    this.throttle = new LoginThrottle(ctx.clock);
  }

  /** The user with this id, if there is one (where {@link get} would throw NOT_FOUND). */
  find(userId: string): UserRecord | undefined {
    return this.ctx.tables.users.get(userId);
  }

  /** Every account, in the order they were created: for the dev routes' view of the whole mock (no access check). */
  all(): IterableIterator<UserRecord> {
    return this.ctx.tables.users.values();
  }

  /** How many accounts there are. */
  get count(): number {
    return this.ctx.tables.users.size;
  }

  get(userId: string): UserRecord {
    const user = this.ctx.tables.users.get(userId);
    if (!user) throw notFound(`user ${userId} does not exist`);
    return user;
  }

  /** The id of the account with this (already normalized, lower-cased) email, if there is one. */
  idByEmail(email: string): string | undefined {
    return this.ctx.tables.usersByEmail.get(email);
  }

  /** The id of the account with this username, in any case, if there is one. */
  idByUsername(username: string): string | undefined {
    return this.ctx.tables.usersByUsername.get(username.toLowerCase());
  }

  /**
   * `register`: validates, hashes the password (scrypt), stores the account and mails it a
   * verification token.
   */
  async register(input: NewUser & { readonly password: string }): Promise<UserRecord> {
    const checked = this.check(input);
    if (input.password.length < accountRules.passwordMin || input.password.length > accountRules.passwordMax) {
      throw badInput(
        `password must have ${accountRules.passwordMin} to ${accountRules.passwordMax} characters, but has ${input.password.length}`,
        'input.password',
      );
    }
    const password = await this.passwords.hash(input.password);
    // Checked again after the await: another registration may have taken the name meanwhile.
    const user = this.insert(this.check(checked), password);
    this.verification.send(user);
    return user;
  }

  /**
   * Stores an account with an already hashed password (fixtures hash the demo password once), or
   * none (an account made by a social sign-in).
   */
  insert(input: NewUser, password: PasswordHash | null): UserRecord {
    const checked = this.check(input);
    const { tables } = this.ctx;
    const user: UserRecord = {
      id: this.ctx.ids(),
      username: checked.username,
      displayName: checked.displayName,
      email: checked.email,
      password,
      emailVerifiedAt: null,
      avatarKey: null,
      twoFactor: null,
      createdAt: this.ctx.clock.now(),
    };
    tables.users.set(user.id, user);
    tables.usersByEmail.set(user.email, user.id);
    tables.usersByUsername.set(user.username.toLowerCase(), user.id);
    return user;
  }

  /**
   * `login`: the same answer, after the same work, for an unknown email and a wrong password, so
   * neither leaks: an unknown account is checked against {@link STAND_IN_PASSWORD_HASH}. Too many
   * failures in a row for one address lock it for a while ({@link LoginThrottle}), known or not.
   */
  async login(email: string, password: string, rememberMe: boolean): Promise<SignedIn> {
    const key = emailKey(email);
    this.throttle.begin(key);
    const userId = this.ctx.tables.usersByEmail.get(key);
    const user = userId === undefined ? undefined : this.ctx.tables.users.get(userId);
    const stored = user?.password ?? null;
    // No stored password is longer than the rule allows, so a longer one never reaches scrypt
    // (for any account, known or not: that skip tells nothing apart).
    const plausible = password.length <= accountRules.passwordMax;
    const matches = plausible && (await this.passwords.verify(password, stored ?? STAND_IN_PASSWORD_HASH));
    if (!user || stored === null || !matches) {
      throw unauthenticated('email or password is incorrect');
    }
    this.throttle.succeeded(key);
    if (this.options.requireVerification && user.emailVerifiedAt === null) {
      throw forbidden('verify your email address first: the verification mail is in the outbox (resendVerificationEmail sends another)');
    }
    return { user, tokens: this.sessions.open(user.id, rememberMe) };
  }

  /** `refreshToken`: rotates the refresh token (see {@link SessionStore.refresh}). */
  refresh(refreshToken: string): SignedIn {
    const { userId, tokens } = this.sessions.refresh(refreshToken);
    return { user: this.get(userId), tokens };
  }

  /** Sets what no operation sets (demo data, fixtures): verified since, two-factor. No checks. */
  arrange(userId: string, fields: Partial<Pick<UserRecord, 'emailVerifiedAt' | 'twoFactor'>>): UserRecord {
    return this.ctx.tables.users.update(userId, (draft) => Object.assign(draft, fields));
  }

  /**
   * `updateAvatar`: the avatar becomes the image uploaded under `key` (an upload of scope PUBLIC
   * that the caller made and PUT bytes to, used for nothing else), or none for null. The upload
   * is then used: its bytes never change. The picture it replaces is dropped ({@link Uploads.retire}).
   */
  updateAvatar(userId: string, key: string | null, uploads: Uploads): UserRecord {
    const user = this.get(userId);
    const previous = user.avatarKey;
    let avatarKey: string | null = null;
    if (key !== null) {
      const upload = uploads.publicImage(key, userId, 'key', userId);
      uploads.use(upload, userId);
      avatarKey = upload.key;
    }
    this.ctx.tables.users.update(user.id, (draft) => {
      draft.avatarKey = avatarKey;
    });
    if (previous !== avatarKey) uploads.retire(previous, userId);
    return user;
  }

  private check(input: NewUser): NewUser {
    const username = input.username.trim();
    if (!accountRules.username.test(username)) {
      throw badInput(
        `username must be 2 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit, but got ${quote(username)}`,
        'input.username',
      );
    }
    const displayName = requireName(input.displayName, 'input.displayName', { max: accountRules.displayNameMax });
    const email = requireEmail(input.email, 'input.email');
    const { tables } = this.ctx;
    if (tables.usersByEmail.has(email)) throw conflict(`an account with email ${email} already exists`, 'input.email');
    if (tables.usersByUsername.has(username.toLowerCase())) throw conflict(`username ${username} is taken`, 'input.username');
    return { ...input, username, displayName, email };
  }
}

/**
 * What `login` checks the password against when the e-mail names no account (or an account with
 * no password, signed up through a social provider): a hash in the stored format, so the hasher
 * runs the same scrypt, of the same cost, as for a wrong password. Without it an unknown e-mail
 * is answered far faster, which tells accounts apart (docs/mock-behaviour.md, "Safe defaults on a
 * developer's machine"; OWASP, "Authentication": respond in the same time). Random bytes that are no password's hash; and `login` refuses even
 * if one ever matched.
 */
export const STAND_IN_PASSWORD_HASH: PasswordHash = {
  salt: 'AT1yFj+VE+jlgEbMlogoBA==',
  hash: 'RadHuhsTnlGsimGYNfJ8VrDGgtnJCPC3SgizC3cRlpQ=',
};
