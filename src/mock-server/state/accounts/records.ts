/** Accounts: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export interface PasswordHash {
  readonly salt: string;
  readonly hash: string;
}

export type TwoFactorMethod = 'APP' | 'FIDO2' | 'HARDWARE' | 'SECURITY_KEY';

export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  /** Lower-cased; unique. */
  readonly email: string;
  /** Null for an account created by a social or OAuth sign-in: it has no password to log in with. */
  readonly password: PasswordHash | null;
  /** When the address was verified (a verification mail's token, or a trusted identity provider). */
  readonly emailVerifiedAt: number | null;
  /** The upload key of the avatar (`updateAvatar`); the HTTP door serves it. */
  readonly avatarKey: string | null;
  /** Two-factor authentication, when the user has set it up. */
  readonly twoFactor: { readonly method: TwoFactorMethod } | null;
  readonly createdAt: number;
}

/** A token mailed to prove an address (`verifyEmail`); single use. */
export interface VerificationTokenRecord {
  readonly token: string;
  readonly userId: string;
  /** The address it was sent to: a token for an address the account no longer has is void. */
  readonly email: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** An identity provider of the OAuth code flow (the schema's `OAuthProviderName`). */
export type OAuthProvider = 'IDP_TWO';

/** An identity provider of the social token exchange (the schema's `SocialProviderName`). */
export type SocialProvider = 'IDP_ONE' | 'IDP_TWO';

/**
 * An authorization request of the OAuth code flow, from `oauthAuthorizationUrl` until someone
 * approves or denies it on the authorize page (then it is deleted), or it expires.
 */
export interface OAuthRequestRecord {
  /** Opaque and unguessable: it is carried in the authorize page's URL. */
  readonly id: string;
  readonly provider: OAuthProvider;
  /** The PKCE S256 challenge: base64url(SHA-256(code verifier)). */
  readonly codeChallenge: string;
  /** The client's `state`, handed back unchanged on the redirect. */
  readonly state: string;
  /** Where the answer goes; null until the authorize page is first opened, which binds it. */
  readonly redirectUri: string | null;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** An authorization code issued by approving an {@link OAuthRequestRecord}; single use. */
export interface OAuthCodeRecord {
  readonly code: string;
  readonly provider: OAuthProvider;
  readonly userId: string;
  readonly codeChallenge: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** When `loginWithOAuth` first presented it, whatever the outcome. */
  readonly usedAt: number | null;
  /** The refresh token its login issued, so that a reuse can revoke that session (RFC 6749 4.1.2). */
  readonly refreshToken: string | null;
}

/** An account's identity at a social provider: signing in again with the same subject finds it. */
export interface SocialIdentityRecord {
  readonly provider: SocialProvider;
  /** The token's `sub`, or its email when it has none. */
  readonly subject: string;
  readonly userId: string;
  readonly linkedAt: number;
}
