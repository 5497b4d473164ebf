import { badInput, conflict } from '../errors.js';
import type { AreaContext } from '../context.js';
import type { AccountTables } from './tables.js';
import type { SocialProvider, UserRecord } from './records.js';
import type { SessionStore } from './sessions.js';
import { loadJwtDecoders, readSocialToken, type SocialClaims } from './social-tokens.js';
import { accountRules, type SignedIn, type Users } from './users.js';
import { withoutHiddenCharacters } from '../visible-text.js';

/** The input of `exchangeSocialToken`. */
export interface SocialExchange {
  readonly provider: SocialProvider;
  readonly idpOneAuthorizationCode?: string | null;
  readonly idpOneIdentityToken?: string | null;
  readonly idpTwoIdToken?: string | null;
}

type TokenField = 'idpOneAuthorizationCode' | 'idpOneIdentityToken' | 'idpTwoIdToken';

/** Which input fields carry which provider's tokens. */
const FIELDS: Readonly<Record<SocialProvider, readonly TokenField[]>> = {
  IDP_ONE: ['idpOneIdentityToken', 'idpOneAuthorizationCode'],
  IDP_TWO: ['idpTwoIdToken'],
};

/** A username of at most this many characters, plus `-N` when taken, stays within the rule's 32. */
const USERNAME_BASE_MAX = 24;

/**
 * `exchangeSocialToken`: signs in with a mock identity token (see {@link readSocialToken}),
 * creating or linking the account.
 *
 * Which account: the one this provider identity (`sub`) signed in to before; else the account
 * with the token's email, linked, but only when the token says the provider verified the address
 * (otherwise anyone could create a provider account with someone else's address and take over
 * theirs: CONFLICT); else a new account without a password.
 *
 * IDP_ONE sends `idpOneIdentityToken`, `idpOneAuthorizationCode` or both. A real backend would
 * exchange the code at IDP_ONE's token endpoint for an identity token; the mock plays that
 * endpoint, so a mock code *is* the identity token it would return. When both are sent, both are
 * checked and must name the same identity.
 */
export class SocialSignIn {
  constructor(
    private readonly ctx: AreaContext<AccountTables>,
    private readonly users: Users,
    private readonly sessions: SessionStore,
  ) {}

  /** The decoders load first; everything after runs at once, so no other request comes between. */
  async exchange(input: SocialExchange): Promise<SignedIn> {
    const decoders = await loadJwtDecoders();
    const { provider } = input;
    for (const other of Object.keys(FIELDS) as SocialProvider[]) {
      if (other === provider) continue;
      const misplaced = FIELDS[other].find((field) => input[field] != null);
      if (misplaced) throw badInput(`${misplaced} carries a token of ${other}, but provider is ${provider}: send ${FIELDS[provider].join(' or ')}`, `input.${misplaced}`);
    }
    const sent = FIELDS[provider].filter((field) => input[field] != null);
    if (sent.length === 0) {
      throw badInput(`provider ${provider} needs a token in ${FIELDS[provider].join(' or ')}, but none was sent`, `input.${FIELDS[provider][0]}`);
    }
    const now = this.ctx.clock.now();
    const [claims, ...others] = sent.map((field) => ({ field, claims: readSocialToken(input[field]!, `input.${field}`, provider, now, decoders) }));
    for (const other of others) {
      if (other.claims.subject !== claims!.claims.subject || other.claims.email !== claims!.claims.email) {
        throw badInput(`${other.field} names another identity than ${claims!.field}`, `input.${other.field}`);
      }
    }
    const user = this.accountFor(claims!.claims, `input.${claims!.field}`, now);
    return { user, tokens: this.sessions.open(user.id, false) };
  }

  private accountFor(claims: SocialClaims, field: string, now: number): UserRecord {
    const { tables } = this.ctx;
    const key = `${claims.provider} ${claims.subject}`;
    const linked = tables.socialIdentities.get(key);
    let user: UserRecord;
    if (linked) {
      user = this.users.get(linked.userId);
    } else {
      const existing = tables.usersByEmail.get(claims.email);
      if (existing !== undefined && !claims.emailVerified) {
        throw conflict(
          `an account with email ${claims.email} exists, and ${claims.provider} does not vouch for the address (email_verified is not true), so it is not linked: log in with the password, or send a token with email_verified true`,
          field,
        );
      }
      user = existing !== undefined ? this.users.get(existing) : this.users.insert(this.newUser(claims), null);
      tables.socialIdentities.set(key, { provider: claims.provider, subject: claims.subject, userId: user.id, linkedAt: now });
    }
    // The provider vouches for the address the account has: it counts as verified from now on.
    if (claims.emailVerified && user.emailVerifiedAt === null && user.email === claims.email) {
      tables.users.update(user.id, (draft) => {
        draft.emailVerifiedAt = now;
      });
    }
    return user;
  }

  private newUser(claims: SocialClaims): { username: string; displayName: string; email: string } {
    const local = claims.email.slice(0, claims.email.lastIndexOf('@'));
    // Hidden characters, lone surrogates and length would fail the display-name rule; a provider's name is not ours to refuse.
    const clean = (text: string) => [...withoutHiddenCharacters(text).trim()].slice(0, accountRules.displayNameMax).join('').trim();
    const displayName = clean(claims.name ?? '') || clean(local) || 'user';
    return { username: this.uniqueUsername(local), displayName, email: claims.email };
  }

  /**
   * A free username from the email's local part: lower-cased, only the characters the username
   * rule allows, at most 24 of them, then `-2`, `-3`, ... while taken (`ann.lee@x.test` ->
   * `ann.lee`, `ann.lee-2`).
   */
  private uniqueUsername(local: string): string {
    const cleaned = local.toLowerCase().replace(/[^a-z0-9._-]/g, '').replace(/^[._-]+/, '').slice(0, USERNAME_BASE_MAX);
    const base = cleaned.length >= 2 ? cleaned : `user${cleaned}`;
    const taken = this.ctx.tables.usersByUsername;
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    if (!accountRules.username.test(candidate)) throw new Error(`derived username ${candidate} breaks the username rule`);
    return candidate;
  }
}
