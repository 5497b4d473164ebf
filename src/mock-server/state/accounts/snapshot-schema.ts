import * as v from 'valibot';
import { counter, entries, id, nullableText, nullableTime, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the accounts area (see `snapshot/schema.ts`): its tables and the open sessions. */

const user = v.strictObject({
  id,
  username: v.string(),
  displayName: v.string(),
  email: v.string(),
  password: v.nullable(v.strictObject({ salt: v.string(), hash: v.string() })),
  emailVerifiedAt: nullableTime,
  avatarKey: nullableText,
  twoFactor: v.nullable(v.strictObject({ method: v.picklist(['APP', 'FIDO2', 'HARDWARE', 'SECURITY_KEY']) })),
  createdAt: time,
});

const verificationToken = v.strictObject({ token: v.string(), userId: id, email: v.string(), createdAt: time, expiresAt: time, usedAt: nullableTime });

const oauthRequest = v.strictObject({
  id,
  provider: v.picklist(['IDP_TWO']),
  codeChallenge: v.string(),
  state: v.string(),
  redirectUri: nullableText,
  createdAt: time,
  expiresAt: time,
});

const oauthCode = v.strictObject({
  code: v.string(),
  provider: v.picklist(['IDP_TWO']),
  userId: id,
  codeChallenge: v.string(),
  createdAt: time,
  expiresAt: time,
  usedAt: nullableTime,
  refreshToken: nullableText,
});

const socialIdentity = v.strictObject({ provider: v.picklist(['IDP_ONE', 'IDP_TWO']), subject: v.string(), userId: id, linkedAt: time });

/** The accounts area's tables, secondary indexes included. */
export const accountTablesSchema = {
  users: table(user),
  usersByEmail: table(v.string()),
  usersByUsername: table(v.string()),
  verificationTokens: table(verificationToken),
  oauthRequests: table(oauthRequest),
  oauthCodes: table(oauthCode),
  socialIdentities: table(socialIdentity),
};

export type SavedAccountTables = SavedOf<typeof accountTablesSchema>;

/** Open sessions: a developer's tokens keep working after a restore. */
export const sessionsSchema = v.strictObject({
  nextSessionId: counter,
  sessions: v.array(
    v.strictObject({
      id: v.string(),
      userId: id,
      rememberMe: v.boolean(),
      refreshToken: v.string(),
      refreshExpiresAt: time,
      /** Live access tokens with their expiry. */
      accessTokens: entries(v.string(), time),
      retiredRefreshTokens: v.array(v.string()),
    }),
  ),
});

export type SavedSessions = v.InferOutput<typeof sessionsSchema>;

/** One session as a snapshot saves it. */
export type SavedSession = SavedSessions['sessions'][number];
