import type { OAuthCodeRecord, OAuthRequestRecord, SocialIdentityRecord, UserRecord, VerificationTokenRecord } from './records.js';

/** The accounts area's tables: people, how they prove who they are, and the indexes that find them. */
export interface AccountTables {
  readonly users: Map<string, UserRecord>;
  /** lower-cased email -> user id */
  readonly usersByEmail: Map<string, string>;
  /** lower-cased username -> user id */
  readonly usersByUsername: Map<string, string>;
  /** verification token -> its record */
  readonly verificationTokens: Map<string, VerificationTokenRecord>;
  /** OAuth authorization requests awaiting an answer on the authorize page, by request id */
  readonly oauthRequests: Map<string, OAuthRequestRecord>;
  /** OAuth authorization codes, by code, kept until they expire (used ones too, to detect reuse) */
  readonly oauthCodes: Map<string, OAuthCodeRecord>;
  /** `provider subject` -> the account a social identity signs in to */
  readonly socialIdentities: Map<string, SocialIdentityRecord>;
}

export function createAccountTables(): AccountTables {
  return {
    users: new Map(),
    usersByEmail: new Map(),
    usersByUsername: new Map(),
    verificationTokens: new Map(),
    oauthRequests: new Map(),
    oauthCodes: new Map(),
    socialIdentities: new Map(),
  };
}
