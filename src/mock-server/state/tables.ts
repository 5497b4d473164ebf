import type { Clock } from './clock.js';
import type { EventBus } from './events.js';
import type { IdGenerator } from './ids.js';
import type { SecretGenerator } from './secrets.js';
import type { OAuthCodeRecord, OAuthRequestRecord, SocialIdentityRecord, UserRecord, VerificationTokenRecord } from './accounts/records.js';
import type { ConversationRecord } from './conversations/records.js';
import type { FileFolderRecord, StoredFileRecord, UploadRecord } from './files/records.js';
import type { MessageRecord } from './messages/records.js';
import type { NotificationDayRecord, NotificationRecord } from './notifications/records.js';
import type { MailRecord } from './outbox.js';
import type { DepartmentRecord, InvitationRecord, InviteLinkRecord, WorkspaceRecord } from './workspaces/records.js';

/**
 * Every table of the in-memory store, with the secondary indexes that keep look-ups O(1). Each
 * area keeps its record types in its own `records.ts`; this file only assembles the tables.
 *
 * Records are plain data: views for GraphQL are built from them in `graphql/views/`, so what is
 * stored and what is shown can differ (a deleted message keeps nothing it does not need; a view
 * hides what the caller may not see). Times are epoch milliseconds; enums are the schema's values
 * as strings.
 */
export interface Tables {
  readonly users: Map<string, UserRecord>;
  /** lower-cased email -> user id */
  readonly usersByEmail: Map<string, string>;
  /** lower-cased username -> user id */
  readonly usersByUsername: Map<string, string>;
  readonly workspaces: Map<string, WorkspaceRecord>;
  /** slug -> workspace id */
  readonly workspacesBySlug: Map<string, string>;
  readonly inviteLinks: Map<string, InviteLinkRecord>;
  /** Invitations by email, by id; each also found by its token below. */
  readonly invitations: Map<string, InvitationRecord>;
  /** invitation token -> invitation id */
  readonly invitationsByToken: Map<string, string>;
  readonly departments: Map<string, DepartmentRecord>;
  /** verification token -> its record */
  readonly verificationTokens: Map<string, VerificationTokenRecord>;
  /** OAuth authorization requests awaiting an answer on the authorize page, by request id */
  readonly oauthRequests: Map<string, OAuthRequestRecord>;
  /** OAuth authorization codes, by code, kept until they expire (used ones too, to detect reuse) */
  readonly oauthCodes: Map<string, OAuthCodeRecord>;
  /** `provider subject` -> the account a social identity signs in to */
  readonly socialIdentities: Map<string, SocialIdentityRecord>;
  /** The dev outbox, oldest first (see `outbox.ts`). */
  readonly outbox: Map<string, MailRecord>;
  readonly conversations: Map<string, ConversationRecord>;
  /** `workspaceId userA userB` (ids sorted) -> conversation id: one DM per pair and workspace */
  readonly directConversations: Map<string, string>;
  readonly messages: Map<string, MessageRecord>;
  readonly uploads: Map<string, UploadRecord>;
  /** Stored files of every workspace's file library, by id, in registration order. */
  readonly storedFiles: Map<string, StoredFileRecord>;
  readonly fileFolders: Map<string, FileFolderRecord>;
  /** attachment id -> id of the message carrying it */
  readonly attachmentMessages: Map<string, string>;
  /** conversation id -> ids of the attachments sent there with their own upload, in send order (see files/attachment-index.ts) */
  readonly attachmentsByConversation: Map<string, Set<string>>;
  readonly notifications: Map<string, NotificationRecord>;
  /** user id -> that user's notification ids, oldest first (by `createdAt`, then id) */
  readonly notificationsByUser: Map<string, string[]>;
  /** message id -> ids of the notifications it made, so deleting the message withdraws them */
  readonly notificationsByMessage: Map<string, string[]>;
  /** user id -> UTC day number (epoch days) -> mentions and replies received that day, for the last 7 days */
  readonly notificationDays: Map<string, Map<number, NotificationDayRecord>>;
}

export function createTables(): Tables {
  return {
    users: new Map(),
    usersByEmail: new Map(),
    usersByUsername: new Map(),
    workspaces: new Map(),
    workspacesBySlug: new Map(),
    inviteLinks: new Map(),
    invitations: new Map(),
    invitationsByToken: new Map(),
    departments: new Map(),
    verificationTokens: new Map(),
    oauthRequests: new Map(),
    oauthCodes: new Map(),
    socialIdentities: new Map(),
    outbox: new Map(),
    conversations: new Map(),
    directConversations: new Map(),
    messages: new Map(),
    uploads: new Map(),
    storedFiles: new Map(),
    fileFolders: new Map(),
    attachmentMessages: new Map(),
    attachmentsByConversation: new Map(),
    notifications: new Map(),
    notificationsByUser: new Map(),
    notificationsByMessage: new Map(),
    notificationDays: new Map(),
  };
}

/** What every domain service shares: the tables, the time, the id source and the event bus. */
export interface StateContext {
  readonly tables: Tables;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly secrets: SecretGenerator;
  readonly events: EventBus;
}
