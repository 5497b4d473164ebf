import { systemClock, type Clock } from './clock.js';
import { Conversations } from './conversations/conversations.js';
import { EventStreams } from './live/event-streams.js';
import { EventBus } from './events.js';
import { randomIds, type IdGenerator } from './ids.js';
import { randomSecrets, type SecretGenerator } from './secrets.js';
import { MessagePages } from './messages/message-pages.js';
import { Messages } from './messages/messages.js';
import { Notifications } from './notifications/notifications.js';
import { NotificationInbox } from './notifications/inbox.js';
import { OAuthFlow } from './accounts/oauth.js';
import type { PasswordHasher } from './accounts/passwords.js';
import { Outbox } from './outbox/outbox.js';
import { Presence } from './live/presence.js';
import { defaultTokenLifetimes, SessionStore, type TokenLifetimes } from './accounts/sessions.js';
import { SocialSignIn } from './accounts/social-sign-in.js';
import { createAreaTables, flatTables, type AreaTables, type Tables } from './tables.js';
import { Access } from './access.js';
import type { AreaContext, Kernel } from './context.js';
import { Typing } from './live/typing.js';
import { Uploads } from './files/uploads.js';
import { UnusedUploads } from './files/unused-uploads.js';
import { Attachments } from './files/attachments.js';
import type { AttachedMessages } from './files/attached-messages.js';
import { FileQuota } from './files/quota.js';
import { FileLibrary } from './files/library.js';
import { LibraryEntries } from './files/library-entries.js';
import { FileLibrarySummaries } from './files/library-summary.js';
import { FileFolders } from './files/folders.js';
import { FileLinks } from './files/file-links.js';
import { SigningKey } from './files/signing-key.js';
import { UploadUrls } from './files/upload-urls.js';
import { StoredFiles } from './files/stored-files.js';
import { Users } from './accounts/users.js';
import { EmailVerification } from './accounts/verification.js';
import { Invitations } from './workspaces/invitations.js';
import { ChannelBrowser } from './conversations/browse.js';
import { ConversationSettings } from './conversations/settings.js';
import { Departments } from './workspaces/departments.js';
import { MemberDirectory } from './workspaces/directory.js';
import { DirectorySummaries } from './workspaces/directory-summary.js';
import { MembersCsv } from './workspaces/members-csv.js';
import { Workspaces } from './workspaces/workspaces.js';
import { MessageIndex } from './search/message-index.js';
import { WorkspaceSearch } from './search/workspace-search.js';

export interface MockStateOptions {
  /** Where time comes from. @default the system clock */
  readonly clock?: Clock;
  /** Where new record ids come from. @default random v4 UUIDs */
  readonly ids?: IdGenerator;
  /** Where the random part of tokens comes from. @default random bytes from the platform */
  readonly secrets?: SecretGenerator;
  /** Token lifetimes. @default {@link defaultTokenLifetimes} */
  readonly tokenLifetimes?: TokenLifetimes;
  /** `login` refuses accounts whose email is not verified. @default false */
  readonly requireVerification?: boolean;
  /** Storage quota of each workspace, in bytes. @default 5 GiB (`defaultQuotaBytes` in files/quota.ts) */
  readonly fileQuotaBytes?: number;
  /**
   * Bytes each user may hold in uploads not used yet (PUT, not yet an attachment, stored file,
   * avatar or icon), PUTs under way included. @default 100 MiB (`defaultMaxUnusedUploadBytes` in files/unused-uploads.ts)
   */
  readonly maxUnusedUploadBytes?: number;
  /** Most characters (code points) of a message's content, on send and edit. @default 40000 (`messageRules` in messages/messages.ts) */
  readonly maxMessageLength?: number;
  /**
   * How passwords are hashed and checked: Node's native scrypt in the Node doors
   * (`nodePasswordHasher`), pure JavaScript elsewhere. @default `webPasswordHasher`, which runs anywhere
   */
  readonly passwords?: PasswordHasher;
}

/**
 * The whole in-memory backend: tables plus one service per area. It knows nothing of GraphQL
 * or HTTP; every rule lives here, and every door (HTTP, WebSocket, MSW) reaches it through the
 * GraphQL layer.
 */
export class MockState {
  /** What this state was built with: a snapshot restores into a fresh state built alike. */
  readonly options: MockStateOptions;
  /** Each area's tables, under the area's name. */
  readonly areas: AreaTables;
  /** The same tables in one flat record, for what works on the whole store (snapshots, digests, tests). */
  readonly tables: Tables;
  readonly clock: Clock;
  /** Every change the domain announces; subscriptions read from here. */
  readonly events: EventBus;
  /** What subscriptions read: live events, for members only. */
  readonly eventStreams: EventStreams;
  readonly sessions: SessionStore;
  readonly users: Users;
  readonly verification: EmailVerification;
  /** The OAuth code flow with PKCE: the authorize page's requests and the codes it issues. */
  readonly oauth: OAuthFlow;
  /** Sign-in with a (mock) identity token of a social provider. */
  readonly socialSignIn: SocialSignIn;
  readonly workspaces: Workspaces;
  /** Invitations by email, and who may join by link. */
  readonly invitations: Invitations;
  readonly departments: Departments;
  /** The member directory, its summary and its CSV export. */
  readonly directory: MemberDirectory;
  readonly directorySummaries: DirectorySummaries;
  readonly membersCsv: MembersCsv;
  readonly conversations: Conversations;
  /** Titles and descriptions, and each member's mute and pin. */
  readonly conversationSettings: ConversationSettings;
  readonly channelBrowser: ChannelBrowser;
  readonly messages: Messages;
  readonly messagePages: MessagePages;
  readonly uploads: Uploads;
  /** Signs upload URLs and says who may PUT to one. */
  readonly uploadUrls: UploadUrls;
  /** Bytes stored per workspace, against its quota. */
  readonly fileQuota: FileQuota;
  /** `fileLibrary` and `fileLibrarySummary`: attachments and stored files as the caller sees them. */
  readonly fileLibrary: FileLibrary;
  readonly fileLibrarySummaries: FileLibrarySummaries;
  /** The file library's stored files: registration, folders, trash, pins. */
  readonly storedFiles: StoredFiles;
  readonly fileFolders: FileFolders;
  /** Signed, expiring download and preview URLs of attachments and stored files. */
  readonly fileLinks: FileLinks;
  readonly notifications: Notifications;
  /** Each user's own notifications: the list, counts, activity, marking read and clearing. */
  readonly notificationInbox: NotificationInbox;
  readonly typing: Typing;
  readonly presence: Presence;
  /** `workspaceSearch`, over a message index that follows every send, edit and delete. */
  readonly search: WorkspaceSearch;
  /** Mail a real backend would send (verification, invitations), kept for `/dev/outbox`. */
  readonly outbox: Outbox;

  constructor(options: MockStateOptions = {}) {
    this.options = options;
    this.areas = createAreaTables();
    this.tables = flatTables(this.areas);
    this.clock = options.clock ?? systemClock;
    this.events = new EventBus();
    const secrets = options.secrets ?? randomSecrets;
    const { accounts, workspaces, outbox, conversations, messages, files, notifications } = this.areas;
    const access = new Access({ workspaces: workspaces.workspaces, conversations: conversations.conversations, messages: messages.messages });
    const kernel: Kernel = { access, clock: this.clock, ids: options.ids ?? randomIds, secrets, events: this.events };
    /** A service's context: the kernel and the tables it is given (its own area's). */
    const ctx = <Own>(tables: Own): AreaContext<Own> => ({ ...kernel, tables });
    this.eventStreams = new EventStreams(kernel);
    this.outbox = new Outbox(ctx(outbox));
    this.sessions = new SessionStore(this.clock, options.tokenLifetimes ?? defaultTokenLifetimes, this.events, secrets);
    this.verification = new EmailVerification(ctx(accounts), this.outbox);
    this.users = new Users(ctx(accounts), this.sessions, this.verification, { requireVerification: options.requireVerification ?? false, passwords: options.passwords });
    this.oauth = new OAuthFlow(ctx(accounts), this.users, this.sessions);
    this.socialSignIn = new SocialSignIn(ctx(accounts), this.users, this.sessions);
    this.notifications = new Notifications(ctx(notifications), this.users);
    this.notificationInbox = new NotificationInbox(ctx(notifications));
    this.typing = new Typing(kernel);
    // The message reads, built first: conversations read their newest message and activity from them.
    this.messagePages = new MessagePages(ctx(messages));
    this.conversations = new Conversations(ctx(conversations), this.messagePages);
    this.presence = new Presence(kernel, this.conversations);
    const unusedUploads = new UnusedUploads(ctx(files), options.maxUnusedUploadBytes);
    this.uploads = new Uploads(ctx(files), unusedUploads);
    // Sending a message reserves quota (through Attachments), and the quota recounts the bytes of
    // messages' attachments: the two need each other, so the files area reads messages through
    // this, which forwards to `this.messages` (built below, and not read before then).
    const attachedMessages: AttachedMessages = { find: (id) => this.messages.find(id), all: () => this.messages.all() };
    this.fileQuota = new FileQuota(ctx(files), this.conversations, attachedMessages, options.fileQuotaBytes);
    this.storedFiles = new StoredFiles(ctx(files), this.fileQuota, this.conversations, unusedUploads);
    this.fileFolders = new FileFolders(ctx(files));
    // One key signs file links and upload URLs, so one snapshot field keeps both working.
    const signingKey = new SigningKey(secrets);
    this.fileLinks = new FileLinks(ctx(files), signingKey);
    this.uploadUrls = new UploadUrls(ctx(files), signingKey);
    this.conversationSettings = new ConversationSettings(ctx(conversations), this.conversations);
    this.channelBrowser = new ChannelBrowser(ctx(conversations));
    this.invitations = new Invitations(ctx(workspaces), this.users, this.conversations, this.outbox);
    this.departments = new Departments(ctx(workspaces), this.users);
    this.workspaces = new Workspaces(ctx(workspaces), this.users, this.conversations, this.notifications, this.invitations, this.uploads, this.departments);
    this.directory = new MemberDirectory(ctx(workspaces), this.users, this.conversations, this.presence, this.departments);
    this.directorySummaries = new DirectorySummaries(ctx(workspaces), this.users, this.presence, this.departments);
    this.membersCsv = new MembersCsv(ctx(workspaces), this.directory);
    this.messages = new Messages(ctx(messages), this.typing, this.notifications, new Attachments(ctx(files), this.fileQuota, unusedUploads), {
      maxMessageLength: options.maxMessageLength,
    });
    const messageIndex = new MessageIndex(this.messagePages);
    this.messages.watch(messageIndex);
    // The file library reads messages back, so it is built after them.
    const libraryEntries = new LibraryEntries(ctx(files), this.conversations, this.messages);
    this.fileLibrary = new FileLibrary(ctx(files), this.conversations, libraryEntries);
    this.fileLibrarySummaries = new FileLibrarySummaries(ctx(files), this.fileQuota, libraryEntries);
    this.search = new WorkspaceSearch(kernel, this.users, this.conversations, this.presence, messageIndex, libraryEntries);
  }
}
