/** Accounts: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export interface PasswordHash {
  readonly salt: string;
  readonly hash: string;
}

export type TwoFactorMethod = 'APP' | 'FIDO2' | 'HARDWARE' | 'SECURITY_KEY';

export interface UserRecord {
  readonly id: string;
  username: string;
  displayName: string;
  /** Lower-cased; unique. */
  email: string;
  /** Null for an account created by a social or OAuth sign-in: it has no password to log in with. */
  password: PasswordHash | null;
  /** When the address was verified (a verification mail's token, or a trusted identity provider). */
  emailVerifiedAt: number | null;
  /** The upload key of the avatar (`updateAvatar`); the HTTP door serves it. */
  avatarKey: string | null;
  /** Two-factor authentication, when the user has set it up. */
  twoFactor: { readonly method: TwoFactorMethod } | null;
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
  usedAt: number | null;
}
