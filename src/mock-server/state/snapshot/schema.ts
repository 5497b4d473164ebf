import * as v from 'valibot';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from './format.js';

/**
 * The shape of a snapshot document (version {@link SNAPSHOT_VERSION}), as valibot schemas: the
 * document's TypeScript type is inferred from them, and `validate.ts` checks an untrusted document
 * against them. Every table is a list of `[key, record]` entries in the table's order; Maps inside
 * records are entry lists too, Sets are arrays, upload bytes are base64. Objects are strict: a
 * field this version does not know is refused, not dropped.
 */

const id = v.string();
const time = v.number();
const nullableText = v.nullable(v.string());
const nullableTime = v.nullable(v.number());
/** A Map as the list of its entries, in its order. */
const entries = <Key extends v.GenericSchema, Value extends v.GenericSchema>(key: Key, value: Value) => v.array(v.tuple([key, value]));
const table = <Value extends v.GenericSchema>(value: Value) => entries(v.string(), value);

const workspaceRole = v.picklist(['OWNER', 'ADMIN', 'MEMBER', 'GUEST']);

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

const workspace = v.strictObject({
  id,
  name: v.string(),
  slug: v.string(),
  iconKey: nullableText,
  purposes: v.array(v.picklist(['DESIGN', 'ENGINEERING', 'OPERATIONS_HR', 'SALES'])),
  teamSize: v.nullable(v.picklist(['TEAM_1_10', 'TEAM_11_50', 'TEAM_51_250', 'TEAM_250_PLUS'])),
  createdAt: time,
  updatedAt: time,
  members: table(v.strictObject({ userId: id, role: workspaceRole, joinedAt: time, departmentId: nullableText, jobTitle: nullableText })),
  joinEmailDomains: v.array(v.string()),
});

const inviteLink = v.strictObject({ token: v.string(), workspaceId: id, role: workspaceRole, createdBy: id, createdAt: time, expiresAt: time });

const invitation = v.strictObject({
  id,
  workspaceId: id,
  email: v.string(),
  role: workspaceRole,
  conversationId: nullableText,
  token: v.string(),
  invitedBy: id,
  createdAt: time,
  expiresAt: time,
});

const department = v.strictObject({ id, workspaceId: id, name: v.string(), description: nullableText, leadUserId: nullableText, createdAt: time });

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

const mail = v.strictObject({ id, to: v.string(), subject: v.string(), text: v.string(), token: nullableText, link: nullableText, sentAt: time });

const conversation = v.strictObject({
  id,
  workspaceId: id,
  type: v.picklist(['CHANNEL', 'DIRECT']),
  visibility: v.picklist(['PUBLIC', 'PRIVATE']),
  title: nullableText,
  description: nullableText,
  isDefault: v.boolean(),
  createdBy: id,
  createdAt: time,
  updatedAt: time,
  members: table(
    v.strictObject({ userId: id, role: v.picklist(['OWNER', 'ADMIN', 'MEMBER']), lastReadSequence: v.number(), muted: v.boolean(), pinnedAt: nullableTime, joinedAt: time }),
  ),
  /** Not stored: the log is rebuilt from the messages table (kept as a key so records keep their field order). */
  log: v.null(),
  sentByClientId: table(v.string()),
});

const attachment = v.strictObject({ id, uploadKey: v.string(), storedFileId: nullableText, fileName: v.string(), contentType: v.string(), size: v.number() });

const message = v.strictObject({
  id,
  conversationId: id,
  senderId: id,
  clientMessageId: v.string(),
  sequence: v.number(),
  type: v.picklist(['TEXT', 'SYSTEM']),
  content: nullableText,
  replyToMessageId: nullableText,
  createdAt: time,
  updatedAt: time,
  deletedAt: nullableTime,
  attachments: v.array(attachment),
  reactions: v.nullable(table(v.array(v.string()))),
});

const upload = v.strictObject({
  key: v.string(),
  ownerId: id,
  contentType: v.string(),
  fileName: nullableText,
  scope: v.picklist(['PUBLIC', 'PRIVATE']),
  createdAt: time,
  expiresAt: time,
  /** The bytes, base64 (padded, standard alphabet). */
  body: nullableText,
  attachedTo: nullableText,
});

const storedFile = v.strictObject({
  id,
  workspaceId: id,
  uploadKey: v.string(),
  fileName: v.string(),
  contentType: v.string(),
  size: v.number(),
  uploaderId: id,
  visibility: v.picklist(['WORKSPACE', 'CHANNEL']),
  allowDownload: v.boolean(),
  conversationId: nullableText,
  folderId: nullableText,
  pinnedAt: nullableTime,
  createdAt: time,
  updatedAt: time,
  deletedAt: nullableTime,
});

const fileFolder = v.strictObject({ id, workspaceId: id, name: v.string(), parentId: nullableText, createdBy: id, createdAt: time });

const notification = v.strictObject({
  id,
  userId: id,
  type: v.picklist(['MENTION', 'WORKSPACE_JOINED']),
  category: v.picklist(['MEETINGS', 'MENTIONS', 'SYSTEM']),
  reason: v.picklist(['MENTION', 'REPLY', 'JOINED']),
  actorId: nullableText,
  workspaceId: nullableText,
  conversationId: nullableText,
  messageId: nullableText,
  snippet: nullableText,
  createdAt: time,
  readAt: nullableTime,
});

/** Every table of `state/tables.ts`, secondary indexes included (so nothing has to be re-derived). */
export const tablesSchema = v.strictObject({
  users: table(user),
  usersByEmail: table(v.string()),
  usersByUsername: table(v.string()),
  workspaces: table(workspace),
  workspacesBySlug: table(v.string()),
  inviteLinks: table(inviteLink),
  invitations: table(invitation),
  invitationsByToken: table(v.string()),
  departments: table(department),
  verificationTokens: table(verificationToken),
  oauthRequests: table(oauthRequest),
  oauthCodes: table(oauthCode),
  socialIdentities: table(socialIdentity),
  outbox: table(mail),
  conversations: table(conversation),
  directConversations: table(v.string()),
  messages: table(message),
  uploads: table(upload),
  storedFiles: table(storedFile),
  fileFolders: table(fileFolder),
  attachmentMessages: table(v.string()),
  attachmentsByConversation: table(v.array(v.string())),
  notifications: table(notification),
  notificationsByUser: table(v.array(v.string())),
  notificationsByMessage: table(v.array(v.string())),
  notificationDays: table(entries(v.number(), v.strictObject({ mentions: v.number(), replied: v.number() }))),
});

/** Open sessions: a developer's tokens keep working after a restore. */
export const sessionsSchema = v.strictObject({
  nextSessionId: v.number(),
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

export const snapshotSchema = v.strictObject({
  format: v.literal(SNAPSHOT_FORMAT),
  version: v.literal(SNAPSHOT_VERSION),
  tables: tablesSchema,
  sessions: sessionsSchema,
  /** The key signed file links are made with (base64), or null before the first link. */
  fileLinkKey: nullableText,
});

/** A snapshot document: JSON-compatible, so `JSON.stringify` writes it and `JSON.parse` reads it back. */
export type SnapshotDocument = v.InferOutput<typeof snapshotSchema>;
export type SavedTables = SnapshotDocument['tables'];
export type SavedSessions = SnapshotDocument['sessions'];
