import type { OAuthCodeRecord, OAuthRequestRecord, SocialIdentityRecord, UserRecord, VerificationTokenRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The accounts area's tables: people, how they prove who they are, and the indexes that find them. */
export interface AccountTables {
  readonly users: TrackedMap<string, UserRecord>;
  /** lower-cased email -> user id */
  readonly usersByEmail: TrackedMap<string, string>;
  /** lower-cased username -> user id */
  readonly usersByUsername: TrackedMap<string, string>;
  /** verification token -> its record */
  readonly verificationTokens: TrackedMap<string, VerificationTokenRecord>;
  /** OAuth authorization requests awaiting an answer on the authorize page, by request id */
  readonly oauthRequests: TrackedMap<string, OAuthRequestRecord>;
  /** OAuth authorization codes, by code, kept until they expire (used ones too, to detect reuse) */
  readonly oauthCodes: TrackedMap<string, OAuthCodeRecord>;
  /** `provider subject` -> the account a social identity signs in to */
  readonly socialIdentities: TrackedMap<string, SocialIdentityRecord>;
}

export function createAccountTables(): AccountTables {
  return {
    users: new TrackedMap(),
    usersByEmail: new TrackedMap(),
    usersByUsername: new TrackedMap(),
    verificationTokens: new TrackedMap(),
    oauthRequests: new TrackedMap(),
    oauthCodes: new TrackedMap(),
    socialIdentities: new TrackedMap(),
  };
}
