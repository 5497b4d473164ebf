import { badInput, notFound, unauthenticated } from '../errors.js';
import type { AreaContext } from '../context.js';
import type { AccountTables } from './tables.js';
import { codeChallengeProblem, codeVerifierProblem, s256Challenge } from './pkce.js';
import type { OAuthCodeRecord, OAuthProvider, OAuthRequestRecord, UserRecord } from './records.js';
import { checkRedirectUri, DEFAULT_REDIRECT_URI, redirectWith } from './redirect-uri.js';
import type { SessionStore } from './sessions.js';
import type { SignedIn, Users } from './users.js';
import { emailKey } from '../emails.js';

/** Limits of the OAuth code flow. SPEC.md leaves them open (section 5 rule 5); these are the mock's. */
export const oauthRules = {
  /** How long the authorize page can be answered after `oauthAuthorizationUrl`: 10 minutes. */
  requestLifetimeMs: 10 * 60_000,
  /** How long a code can be exchanged after approval: 5 minutes (RFC 6749 4.1.2 says at most 10). */
  codeLifetimeMs: 5 * 60_000,
  /** `state` is 1 to 512 visible ASCII characters or spaces (RFC 6749 A.5, VSCHAR). */
  stateMax: 512,
  /** The authorize page lists at most this many accounts, oldest first. */
  accountsShown: 50,
} as const;

const STATE = /^[\x20-\x7e]+$/;
/** Sweep expired requests and codes every this many requests, so abandoned ones cannot pile up. */
const SWEEP_EVERY = 64;

/** What the authorize page shows. */
export interface AuthorizePage {
  readonly request: OAuthRequestRecord;
  /** The accounts to sign in as, oldest first, at most {@link oauthRules.accountsShown}. */
  readonly accounts: readonly UserRecord[];
  /** How many accounts exist in all. */
  readonly accountCount: number;
}

export interface OAuthLogin {
  readonly code: string;
  readonly codeVerifier: string;
  readonly provider: OAuthProvider;
}

/**
 * The OAuth 2.0 authorization code flow with PKCE (RFC 6749 4.1, RFC 7636 S256), played end to
 * end by the mock: it is both the identity provider (the authorize page, where a person picks a
 * demo account) and the backend that exchanges the code. No network, no real provider.
 *
 * A code is spent by its first presentation, whatever the outcome: a wrong verifier cannot be
 * retried, which stops guessing. Presenting a spent code again revokes the session it opened
 * (RFC 6749 4.1.2: the code may have been stolen).
 */
export class OAuthFlow {
  private requestsSinceSweep = 0;

  constructor(
    private readonly ctx: AreaContext<AccountTables>,
    private readonly users: Users,
    private readonly sessions: SessionStore,
  ) {}

  /** `oauthProviders`: the providers of the code flow. */
  providers(): OAuthProvider[] {
    return ['IDP_TWO'];
  }

  /** `oauthAuthorizationUrl`: checks the challenge and the state and stores a pending request. */
  begin(input: { readonly provider: OAuthProvider; readonly codeChallenge: string; readonly state: string }): OAuthRequestRecord {
    const problem = codeChallengeProblem(input.codeChallenge);
    if (problem) throw badInput(problem, 'input.codeChallenge');
    if (input.state.length === 0 || input.state.length > oauthRules.stateMax || !STATE.test(input.state)) {
      const found = STATE.test(input.state) || input.state.length === 0 ? `${input.state.length} characters` : 'a character outside that range';
      throw badInput(`state must be 1 to ${oauthRules.stateMax} visible ASCII characters or spaces (RFC 6749 A.5), but has ${found}`, 'input.state');
    }
    const now = this.ctx.clock.now();
    if (++this.requestsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const request: OAuthRequestRecord = {
      id: `oar_${this.ctx.secrets(18)}`,
      provider: input.provider,
      codeChallenge: input.codeChallenge,
      state: input.state,
      redirectUri: null,
      createdAt: now,
      expiresAt: now + oauthRules.requestLifetimeMs,
    };
    this.ctx.tables.oauthRequests.set(request.id, request);
    return request;
  }

  /**
   * The authorize page of a pending request. The first opening binds the redirect URI
   * (`redirectUri`, or {@link DEFAULT_REDIRECT_URI} when undefined); a later one must name the
   * same, so that nobody can divert an answer elsewhere halfway through.
   */
  open(requestId: string, redirectUri: string | undefined): AuthorizePage {
    const request = this.bind(requestId, redirectUri);
    const accounts: UserRecord[] = [];
    for (const user of this.ctx.tables.users.values()) {
      if (accounts.length === oauthRules.accountsShown) break;
      accounts.push(user);
    }
    return { request, accounts, accountCount: this.ctx.tables.users.size };
  }

  /**
   * Approves a pending request as `account` (a user's id, username or email) and returns where to
   * send the browser: the redirect URI with `code` and `state`. The request is answered for good.
   */
  approve(requestId: string, redirectUri: string | undefined, account: string): string {
    const request = this.bind(requestId, redirectUri);
    const user = this.findAccount(account);
    const now = this.ctx.clock.now();
    const code: OAuthCodeRecord = {
      code: `oac_${this.ctx.secrets(24)}`,
      provider: request.provider,
      userId: user.id,
      codeChallenge: request.codeChallenge,
      createdAt: now,
      expiresAt: now + oauthRules.codeLifetimeMs,
      usedAt: null,
      refreshToken: null,
    };
    this.ctx.tables.oauthCodes.set(code.code, code);
    this.ctx.tables.oauthRequests.delete(request.id);
    return redirectWith(request.redirectUri!, { code: code.code, state: request.state });
  }

  /** Denies a pending request: the redirect URI with `error=access_denied` and `state` (RFC 6749 4.1.2.1). */
  deny(requestId: string, redirectUri: string | undefined): string {
    const request = this.bind(requestId, redirectUri);
    this.ctx.tables.oauthRequests.delete(request.id);
    return redirectWith(request.redirectUri!, { error: 'access_denied', state: request.state });
  }

  /**
   * `loginWithOAuth`: exchanges a code and its verifier for a session. The form of the input is
   * checked first (BAD_USER_INPUT, before the code is spent); every refusal of the code itself is
   * UNAUTHENTICATED.
   */
  async login(input: OAuthLogin): Promise<SignedIn> {
    const problem = codeVerifierProblem(input.codeVerifier);
    if (problem) throw badInput(problem, 'input.codeVerifier');
    if (input.code.length === 0 || input.code.length > 256) {
      throw badInput(`code must be the code the redirect carried, 1 to 256 characters, but has ${input.code.length}`, 'input.code');
    }
    const now = this.ctx.clock.now();
    const code = this.ctx.tables.oauthCodes.get(input.code);
    if (!code) throw unauthenticated('the authorization code is not valid (unknown, or expired some time ago): start the flow again');
    if (code.usedAt !== null) {
      if (code.refreshToken !== null) this.sessions.revokeSessionOf(code.refreshToken);
      throw unauthenticated('the authorization code was already used; a code is single-use, and the session it opened has been revoked');
    }
    // Spent before the await below, so that two concurrent presentations cannot both succeed.
    this.ctx.tables.oauthCodes.update(code.code, (draft) => {
      draft.usedAt = now;
    });
    if (code.expiresAt <= now) {
      throw unauthenticated(`the authorization code has expired (codes live ${oauthRules.codeLifetimeMs / 60_000} minutes): start the flow again`);
    }
    if (code.provider !== input.provider) throw unauthenticated(`the authorization code was issued by ${code.provider}, not ${input.provider}`);
    if ((await s256Challenge(input.codeVerifier)) !== code.codeChallenge) {
      throw unauthenticated('codeVerifier does not match the codeChallenge of the authorization request (PKCE S256); the code is spent');
    }
    const user = this.users.get(code.userId);
    const tokens = this.sessions.open(user.id, false);
    this.ctx.tables.oauthCodes.update(code.code, (draft) => {
      draft.refreshToken = tokens.refreshToken;
    });
    return { user, tokens };
  }

  /** The pending request `requestId`, its redirect URI bound (see {@link open}). */
  private bind(requestId: string, redirectUri: string | undefined): OAuthRequestRecord {
    const { oauthRequests } = this.ctx.tables;
    const request = oauthRequests.get(requestId);
    if (!request) {
      throw notFound('no authorization request has this id: it was answered already, has expired, or never existed; start again from the app', 'request_id');
    }
    if (request.expiresAt <= this.ctx.clock.now()) {
      oauthRequests.delete(requestId);
      throw badInput(`this authorization request has expired (the page can be answered for ${oauthRules.requestLifetimeMs / 60_000} minutes); start again from the app`, 'request_id');
    }
    const wanted = checkRedirectUri(redirectUri ?? DEFAULT_REDIRECT_URI);
    if (request.redirectUri === null) {
      oauthRequests.update(requestId, (draft) => {
        draft.redirectUri = wanted;
      });
    } else if (request.redirectUri !== wanted) {
      throw badInput(`redirect_uri must stay ${request.redirectUri}, the one this request was first opened with, but is ${wanted}`, 'redirect_uri');
    }
    return request;
  }

  private findAccount(account: string): UserRecord {
    const { users, usersByUsername, usersByEmail } = this.ctx.tables;
    const key = account.trim();
    const userId = users.has(key) ? key : (usersByUsername.get(key.toLowerCase()) ?? usersByEmail.get(emailKey(key)));
    if (userId === undefined) throw badInput('account must name an account (its id, username or email): choose one on the page', 'account');
    return this.users.get(userId);
  }

  private sweep(now: number): void {
    this.requestsSinceSweep = 0;
    const { oauthRequests, oauthCodes } = this.ctx.tables;
    for (const [id, request] of oauthRequests) if (request.expiresAt <= now) oauthRequests.delete(id);
    for (const [key, code] of oauthCodes) if (code.expiresAt <= now) oauthCodes.delete(key);
  }
}
