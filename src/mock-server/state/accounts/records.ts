/** Accounts: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export interface PasswordHash {
  readonly salt: string;
  readonly hash: string;
}

export interface UserRecord {
  readonly id: string;
  username: string;
  displayName: string;
  /** Lower-cased; unique. */
  email: string;
  password: PasswordHash;
  avatarUrl: string | null;
  readonly createdAt: number;
}
