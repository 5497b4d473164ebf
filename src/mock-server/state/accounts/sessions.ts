import { RowChanges } from '../changes/row-changes.js';
import type { Clock } from '../clock.js';
import { unauthenticated } from '../errors.js';
import type { EventBus } from '../events.js';
import { randomSecrets, type SecretGenerator } from '../secrets.js';
import type { SavedSession, SavedSessions } from './snapshot-schema.js';

/**
 * Token lifetimes in milliseconds. SPEC.md leaves them open (section 5, gaps); these are the
 * mock's documented choices.
 */
export interface TokenLifetimes {
  /** @default 900000 (15 minutes) */
  readonly accessTokenMs: number;
  /** Refresh token lifetime of a plain login. @default 86400000 (1 day) */
  readonly refreshTokenMs: number;
  /** Refresh token lifetime when `rememberMe` is true. @default 2592000000 (30 days) */
  readonly rememberMeRefreshTokenMs: number;
}

export const defaultTokenLifetimes: TokenLifetimes = {
  accessTokenMs: 15 * 60_000,
  refreshTokenMs: 24 * 3_600_000,
  rememberMeRefreshTokenMs: 30 * 24 * 3_600_000,
};

export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
}

interface Session {
  readonly id: string;
  readonly userId: string;
  readonly rememberMe: boolean;
  refreshToken: string;
  refreshExpiresAt: number;
  /** Every access token issued to this session and not yet expired; revoked together at logout. */
  readonly accessTokens: Set<string>;
  /** Refresh tokens this session has rotated away from; presenting one again revokes the session. */
  readonly retiredRefreshTokens: string[];
}

interface AccessGrant {
  readonly session: Session;
  readonly expiresAt: number;
}

/** Sweep expired entries every this many issued tokens, so abandoned sessions cannot pile up. */
const SWEEP_EVERY = 256;

/**
 * Opaque bearer tokens held in memory.
 *
 * Why opaque and not JWT: the mock is the only party that reads its tokens, opaque tokens can be
 * revoked at once (logout, refresh-token reuse), and there is no signing key to manage.
 *
 * Rotation: `refresh` retires the refresh token it was given and issues a new pair. Presenting
 * a retired refresh token again is treated as theft (RFC 6819 5.2.2.3): the whole session is
 * revoked. Access tokens stay valid until they expire, as JWTs would, unless the session is
 * revoked.
 */
export class SessionStore {
  private readonly accessGrants = new Map<string, AccessGrant>();
  private readonly sessionsByRefreshToken = new Map<string, Session>();
  private readonly sessionsByRetiredToken = new Map<string, Session>();
  /** Live sessions by id, for what `--persist` writes of one. */
  private readonly sessionsById = new Map<string, Session>();
  private issuedSinceSweep = 0;
  private nextSessionId = 1;
  /** The ids of the sessions changed since `--persist` last took them, or null when nobody records them. */
  private changes: RowChanges<string> | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly lifetimes: TokenLifetimes = defaultTokenLifetimes,
    private readonly events?: EventBus,
    private readonly secrets: SecretGenerator = randomSecrets,
  ) {}

  /** Opens a session for `userId` and returns its first token pair. */
  open(userId: string, rememberMe: boolean): IssuedTokens {
    const session: Session = {
      id: String(this.nextSessionId++),
      userId,
      rememberMe,
      refreshToken: '',
      refreshExpiresAt: 0,
      accessTokens: new Set(),
      retiredRefreshTokens: [],
    };
    return this.issue(session);
  }

  /** The user an access token belongs to; UNAUTHENTICATED when it is unknown, expired or revoked. */
  authenticate(accessToken: string): string {
    const grant = this.accessGrants.get(accessToken);
    if (!grant) throw unauthenticated('the access token is not valid (unknown or revoked)');
    if (grant.expiresAt <= this.clock.now()) {
      this.accessGrants.delete(accessToken);
      grant.session.accessTokens.delete(accessToken);
      this.changes?.set(grant.session.id, false);
      throw unauthenticated('the access token has expired; call refreshToken for a new one');
    }
    return grant.session.userId;
  }

  /**
   * When `accessToken` stops working unless revoked first; undefined when it already has. Open
   * WebSocket connections end then.
   */
  accessExpiry(accessToken: string): number | undefined {
    const grant = this.accessGrants.get(accessToken);
    return grant && grant.expiresAt > this.clock.now() ? grant.expiresAt : undefined;
  }

  /** Rotates a refresh token: the given one stops working, a new pair is returned. */
  refresh(refreshToken: string): { userId: string; tokens: IssuedTokens } {
    const reused = this.sessionsByRetiredToken.get(refreshToken);
    if (reused) {
      this.revoke(reused);
      throw unauthenticated('the refresh token was already used; the session has been revoked');
    }
    const session = this.sessionsByRefreshToken.get(refreshToken);
    if (!session) throw unauthenticated('the refresh token is not valid (unknown or revoked)');
    if (session.refreshExpiresAt <= this.clock.now()) {
      this.revoke(session);
      throw unauthenticated('the refresh token has expired; log in again');
    }
    this.sessionsByRefreshToken.delete(refreshToken);
    session.retiredRefreshTokens.push(refreshToken);
    this.sessionsByRetiredToken.set(refreshToken, session);
    return { userId: session.userId, tokens: this.issue(session) };
  }

  /** Ends the session of `refreshToken`. Returns false when no live session has that token. */
  logout(refreshToken: string): boolean {
    const session = this.sessionsByRefreshToken.get(refreshToken);
    if (!session) return false;
    this.revoke(session);
    return true;
  }

  /**
   * Ends the session that was issued `refreshToken`, whether it is still the session's refresh
   * token or has been rotated away since (a reused OAuth code revokes what it opened). Returns
   * false when no live session has or had that token.
   */
  revokeSessionOf(refreshToken: string): boolean {
    const session = this.sessionsByRefreshToken.get(refreshToken) ?? this.sessionsByRetiredToken.get(refreshToken);
    if (!session) return false;
    this.revoke(session);
    return true;
  }

  /** Every live session with its tokens, for a snapshot (see `snapshot/`). */
  save(): SavedSessions {
    const sessions = [...this.sessionsByRefreshToken.values()].map((session) => this.saveSession(session));
    return { nextSessionId: this.nextSessionId, sessions };
  }

  /** The live session `id` as {@link save} writes it, or undefined when it has ended. */
  saved(id: string): SavedSession | undefined {
    const session = this.sessionsById.get(id);
    return session && this.saveSession(session);
  }

  /** Every live session as {@link save} writes it, one at a time, in its order. */
  *savedOneByOne(): Generator<SavedSession> {
    for (const session of this.sessionsByRefreshToken.values()) yield this.saveSession(session);
  }

  /** The id the next session takes (part of what a snapshot saves). */
  get nextId(): number {
    return this.nextSessionId;
  }

  /**
   * Records from now on which sessions change (`--persist`): their ids, in the order that
   * replays the order {@link save} lists them in. Returns the record; {@link RowChanges.take}
   * empties it.
   */
  trackChanges(): RowChanges<string> {
    return (this.changes ??= new RowChanges());
  }

  private saveSession(session: Session): SavedSession {
    return {
      id: session.id,
      userId: session.userId,
      rememberMe: session.rememberMe,
      refreshToken: session.refreshToken,
      refreshExpiresAt: session.refreshExpiresAt,
      accessTokens: [...session.accessTokens].map((token): [string, number] => [token, this.accessGrants.get(token)!.expiresAt]),
      retiredRefreshTokens: [...session.retiredRefreshTokens],
    };
  }

  /** Takes the sessions of a snapshot; meant for a store that has issued nothing yet. */
  load(saved: SavedSessions): void {
    this.nextSessionId = saved.nextSessionId;
    for (const entry of saved.sessions) {
      const session: Session = {
        id: entry.id,
        userId: entry.userId,
        rememberMe: entry.rememberMe,
        refreshToken: entry.refreshToken,
        refreshExpiresAt: entry.refreshExpiresAt,
        accessTokens: new Set(entry.accessTokens.map(([token]) => token)),
        retiredRefreshTokens: [...entry.retiredRefreshTokens],
      };
      for (const [token, expiresAt] of entry.accessTokens) this.accessGrants.set(token, { session, expiresAt });
      this.sessionsByRefreshToken.set(session.refreshToken, session);
      this.sessionsById.set(session.id, session);
      for (const retired of session.retiredRefreshTokens) this.sessionsByRetiredToken.set(retired, session);
    }
  }

  private issue(session: Session): IssuedTokens {
    const now = this.clock.now();
    if (++this.issuedSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const accessToken = `pa_${this.secrets(24)}`;
    const refreshToken = `pr_${this.secrets(24)}`;
    session.refreshToken = refreshToken;
    session.refreshExpiresAt =
      now + (session.rememberMe ? this.lifetimes.rememberMeRefreshTokenMs : this.lifetimes.refreshTokenMs);
    session.accessTokens.add(accessToken);
    this.accessGrants.set(accessToken, { session, expiresAt: now + this.lifetimes.accessTokenMs });
    this.sessionsByRefreshToken.set(refreshToken, session);
    this.sessionsById.set(session.id, session);
    // A new refresh token puts the session last in the order a snapshot lists them.
    this.changes?.deleted(session.id);
    this.changes?.set(session.id, true);
    return { accessToken, refreshToken };
  }

  private revoke(session: Session): void {
    const revoked = [...session.accessTokens];
    for (const accessToken of revoked) this.accessGrants.delete(accessToken);
    session.accessTokens.clear();
    if (revoked.length > 0) this.events?.publish('accessRevoked', '', { kind: 'accessRevoked', accessTokens: revoked });
    this.sessionsByRefreshToken.delete(session.refreshToken);
    this.sessionsById.delete(session.id);
    this.changes?.deleted(session.id);
    for (const retired of session.retiredRefreshTokens) this.sessionsByRetiredToken.delete(retired);
  }

  private sweep(now: number): void {
    this.issuedSinceSweep = 0;
    for (const [accessToken, grant] of this.accessGrants) {
      if (grant.expiresAt <= now) {
        this.accessGrants.delete(accessToken);
        grant.session.accessTokens.delete(accessToken);
        this.changes?.set(grant.session.id, false);
      }
    }
    for (const session of this.sessionsByRefreshToken.values()) {
      if (session.refreshExpiresAt <= now) this.revoke(session);
    }
  }
}
