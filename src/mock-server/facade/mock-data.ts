import type { Runtime } from '../runtime/runtime.js';
import type { ConversationRecord } from '../state/conversations/records.js';
import type { MessageRecord } from '../state/messages/records.js';
import type { MockState } from '../state/mock-state.js';
import type { WorkspaceRole } from '../state/workspaces/records.js';
import type { WorkspaceRecord } from '../state/workspaces/records.js';

/** A user, as a test needs it. */
export interface MockUser {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly email: string;
  readonly emailVerified: boolean;
}

/** A workspace, as a test needs it; `generalId` is its default channel. */
export interface MockWorkspace {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly generalId: string;
  readonly members: readonly { readonly userId: string; readonly role: WorkspaceRole }[];
}

/** A channel or a direct conversation. */
export interface MockConversation {
  readonly id: string;
  readonly workspaceId: string;
  readonly type: 'CHANNEL' | 'DIRECT';
  readonly visibility: 'PUBLIC' | 'PRIVATE';
  /** Null for a direct conversation. */
  readonly title: string | null;
  readonly memberIds: readonly string[];
}

/** A message; `content` is null once it is deleted. */
export interface MockMessage {
  readonly id: string;
  readonly conversationId: string;
  readonly sequence: number;
  readonly authorId: string;
  readonly content: string | null;
  readonly deleted: boolean;
  readonly createdAt: string;
  readonly replyToMessageId: string | null;
}

/** A mail in the mock's outbox (`GET /dev/outbox`). */
export interface MockMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly token: string | null;
  readonly link: string | null;
}

/** Tokens a client sends as `Authorization: Bearer <accessToken>`. */
export interface MockTokens {
  readonly userId: string;
  readonly accessToken: string;
  readonly refreshToken: string;
}

/** A user by id or by username (any case). */
export type UserRef = string;
/** A workspace by id or by slug. */
export type WorkspaceRef = string;

/**
 * What a test arranges and reads of a running mock, without its internals: create users,
 * workspaces, conversations and messages; sign in; read what a test asserts on. Every write goes
 * through the same domain rules as a client's mutation (a non-member cannot post), publishes the
 * same events (a subscribed client sees the message), and reaches the `--persist` file. It always
 * works on the mock's current state, so it is the same object across `reset()`.
 *
 * Writes are async (creating a user hashes its password); reads are not. Plain objects come out:
 * nothing returned is live or changes the mock when changed.
 */
export class MockData {
  /** Messages sent here so far: their client ids are unique for the mock's life. */
  private sent = 0;

  constructor(private readonly runtime: Runtime) {}

  private get state(): MockState {
    return this.runtime.state;
  }

  /** Runs a write on the current state and tells persistence (as a mutation does). */
  private write<T>(change: (state: MockState) => T): T {
    try {
      return change(this.state);
    } finally {
      this.runtime.changed();
    }
  }

  /**
   * Registers a user (`register`'s rules: a free username and email, a password of 8 or more
   * characters). `email` defaults to `<username>@example.test`, `displayName` to the username,
   * `password` to the demo password; `verified` (default true) marks the address verified, as a
   * click on the mailed link would.
   */
  async createUser(input: { readonly username: string; readonly displayName?: string; readonly email?: string; readonly password?: string; readonly verified?: boolean }): Promise<MockUser> {
    const { DEMO_PASSWORD } = await import('../demo/logins.js');
    const user = await this.state.users.register({
      username: input.username,
      displayName: input.displayName ?? input.username,
      email: input.email ?? `${input.username.toLowerCase()}@example.test`,
      password: input.password ?? DEMO_PASSWORD,
    });
    // Verified as the user would verify it: with the token of the mail `register` sent.
    const mail = this.state.outbox.list().findLast((sent) => sent.to === user.email && sent.token !== null);
    if ((input.verified ?? true) && mail) this.state.verification.verify(mail.token!);
    this.runtime.changed();
    return this.user(user.id)!;
  }

  /** A session for `user`, as `login` would open (no password asked): its tokens. */
  async signIn(user: UserRef): Promise<MockTokens> {
    const userId = this.userId(user);
    const tokens = this.write((state) => state.sessions.open(userId, false));
    return { userId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  }

  /** A workspace owned by `owner`, with its `general` channel; `slug` defaults to one made from the name. */
  async createWorkspace(input: { readonly name: string; readonly owner: UserRef; readonly slug?: string }): Promise<MockWorkspace> {
    const ownerId = this.userId(input.owner);
    const slug = input.slug ?? (await this.state.workspaces.generateSlug(input.name));
    const workspace = this.write((state) => state.workspaces.create({ name: input.name, slug }, ownerId));
    return this.workspace(workspace.id)!;
  }

  /** Adds `user` to a workspace with `role` (default MEMBER); they join its default channels. */
  async addToWorkspace(input: { readonly workspace: WorkspaceRef; readonly user: UserRef; readonly role?: Exclude<WorkspaceRole, 'OWNER'> }): Promise<MockWorkspace> {
    const workspaceId = this.workspaceId(input.workspace);
    const userId = this.userId(input.user);
    this.write((state) => state.workspaces.addMember(workspaceId, userId, input.role ?? 'MEMBER'));
    return this.workspace(workspaceId)!;
  }

  /** A channel created by `by` (a member of the workspace), public unless `private`, with `members` added. */
  async createChannel(input: { readonly workspace: WorkspaceRef; readonly name: string; readonly by: UserRef; readonly private?: boolean; readonly members?: readonly UserRef[] }): Promise<MockConversation> {
    const workspaceId = this.workspaceId(input.workspace);
    const creatorId = this.userId(input.by);
    const memberIds = (input.members ?? []).map((member) => this.userId(member));
    const channel = this.write((state) =>
      state.conversations.createChannel({ workspaceId, title: input.name, visibility: input.private ? 'PRIVATE' : 'PUBLIC', memberIds }, creatorId),
    );
    return conversationOf(channel);
  }

  /** The direct conversation of `by` and `with` in a workspace both belong to (the existing one, if any). */
  async openDirect(input: { readonly workspace: WorkspaceRef; readonly by: UserRef; readonly with: UserRef }): Promise<MockConversation> {
    const workspaceId = this.workspaceId(input.workspace);
    const userId = this.userId(input.by);
    const participantId = this.userId(input.with);
    return conversationOf(this.write((state) => state.conversations.createDirect(workspaceId, participantId, userId)));
  }

  /** A message from `by` in a conversation they belong to, as `sendMessage` sends it (events included). */
  async sendMessage(input: { readonly conversation: string; readonly by: UserRef; readonly content: string; readonly replyTo?: string }): Promise<MockMessage> {
    const senderId = this.userId(input.by);
    const message = this.write((state) =>
      state.messages.send({ conversationId: input.conversation, clientMessageId: `parley-data-${++this.sent}`, content: input.content, replyToMessageId: input.replyTo ?? null }, senderId),
    );
    return messageOf(message, input.conversation);
  }

  /** A user by id or username, or undefined. */
  user(user: UserRef): MockUser | undefined {
    const { users } = this.state;
    const record = users.find(user) ?? users.find(users.idByUsername(user) ?? '');
    return record && { id: record.id, username: record.username, displayName: record.displayName, email: record.email, emailVerified: record.emailVerifiedAt !== null };
  }

  /** A workspace by id or slug, or undefined. */
  workspace(workspace: WorkspaceRef): MockWorkspace | undefined {
    const record = this.state.workspaces.find(workspace) ?? this.state.workspaces.findBySlug(workspace);
    return record && this.workspaceOf(record);
  }

  /** The workspaces `user` belongs to, in the order they were created. */
  workspacesOf(user: UserRef): MockWorkspace[] {
    return this.state.workspaces.listForMember(this.userId(user)).map((record) => this.workspaceOf(record));
  }

  /** A conversation by id, or undefined. */
  conversation(conversationId: string): MockConversation | undefined {
    const record = this.state.conversations.find(conversationId);
    return record && conversationOf(record);
  }

  /** The messages of a conversation, oldest first, deleted ones included (`deleted`, content null). */
  messages(conversationId: string): MockMessage[] {
    return this.state.messagePages.inOrder(conversationId).map((message) => messageOf(message, conversationId));
  }

  /** The mails sent so far, oldest first (verification, invitations, resets). */
  outbox(): MockMail[] {
    return this.state.outbox.list().map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, token: mail.token, link: mail.link }));
  }

  /**
   * How many subscriptions listen for new messages in a conversation now: a test waits for its
   * client's subscription to be in place before it sends (`expect.poll(() => data.subscribers(id))`).
   */
  subscribers(conversationId: string): number {
    return this.state.events.listenerCount('messageCreated', conversationId);
  }

  private userId(user: UserRef): string {
    const found = this.user(user);
    if (!found) throw new Error(`no user ${JSON.stringify(user)} (give an id or a username)`);
    return found.id;
  }

  private workspaceId(workspace: WorkspaceRef): string {
    const found = this.workspace(workspace);
    if (!found) throw new Error(`no workspace ${JSON.stringify(workspace)} (give an id or a slug)`);
    return found.id;
  }

  private workspaceOf(record: WorkspaceRecord): MockWorkspace {
    const owner = [...record.members.values()].find((member) => member.role === 'OWNER') ?? [...record.members.values()][0];
    const general = owner && this.state.conversations.channelsVisibleTo(record.id, owner.userId).find((channel) => channel.isDefault);
    return {
      id: record.id,
      name: record.name,
      slug: record.slug,
      generalId: general?.id ?? '',
      members: [...record.members.values()].map((member) => ({ userId: member.userId, role: member.role })),
    };
  }
}

function conversationOf(record: ConversationRecord): MockConversation {
  return { id: record.id, workspaceId: record.workspaceId, type: record.type, visibility: record.visibility, title: record.title, memberIds: [...record.members.keys()] };
}

function messageOf(message: MessageRecord, conversationId: string): MockMessage {
  return {
    id: message.id,
    conversationId,
    sequence: message.sequence,
    authorId: message.senderId,
    content: message.content,
    deleted: message.content === null,
    createdAt: new Date(message.createdAt).toISOString(),
    replyToMessageId: message.replyToMessageId ?? null,
  };
}
