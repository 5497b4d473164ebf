import { badInput, forbidden, notFound } from '../errors.js';
import { requireId, requireName, requireText } from '../input.js';
import { PartMap } from '../changes/tracked-map.js';
import type { ConversationMessages } from '../messages/message-pages.js';
import type { Page } from '../paging.js';
import { conversationListPage } from './conversation-list.js';
import type { ConversationMemberRecord, ConversationRecord, ConversationVisibility, MemberRole } from './records.js';
import type { AreaContext } from '../context.js';
import type { ConversationTables } from './tables.js';
import { requireFreeTitle } from './titles.js';

export const conversationRules = { titleMax: 80, descriptionMax: 250 } as const;

export interface NewChannel {
  readonly workspaceId: string;
  readonly title: string;
  readonly visibility: ConversationVisibility;
  readonly description?: string | null;
  readonly memberIds?: readonly string[];
  /** Default channels are joined by everyone who joins the workspace. */
  readonly isDefault?: boolean;
}

/** Channels and direct conversations, their membership and read markers. */
export class Conversations {
  /** `messages`: each conversation's newest message and activity, as the messages area tells them. */
  constructor(
    private readonly ctx: AreaContext<ConversationTables>,
    private readonly messages: Pick<ConversationMessages, 'newestSequence' | 'newestCreatedAtOrBefore'>,
  ) {}

  /** The conversation with this id, if there is one: no access check, for other areas' own rules. */
  find(conversationId: string): ConversationRecord | undefined {
    return this.ctx.tables.conversations.get(conversationId);
  }

  /** Every conversation of a workspace, in the order they were created: for the dev routes (no access check). */
  *ofWorkspace(workspaceId: string): IterableIterator<ConversationRecord> {
    for (const conversation of this.ctx.tables.conversations.values()) if (conversation.workspaceId === workspaceId) yield conversation;
  }

  /** How many conversations there are, in every workspace. */
  get count(): number {
    return this.ctx.tables.conversations.size;
  }

  /**
   * The conversations `userId` is a member of, in the order they were created; only those of
   * `workspaceId` when it is given. No access check: for other areas' own rules (presence,
   * search).
   */
  *ofMember(userId: string, workspaceId?: string): IterableIterator<ConversationRecord> {
    for (const conversation of this.ctx.tables.conversations.values()) {
      if ((workspaceId === undefined || conversation.workspaceId === workspaceId) && conversation.members.has(userId)) yield conversation;
    }
  }

  /**
   * `conversation`: visible to its members, and a public channel also to members of its
   * workspace (who may browse before joining); reading its messages still needs membership.
   */
  get(conversationId: string, userId: string): ConversationRecord {
    requireId(conversationId, 'id');
    const conversation = this.ctx.tables.conversations.get(conversationId);
    if (!conversation) throw notFound(`conversation ${conversationId} does not exist`);
    if (this.isVisibleTo(conversation, userId)) return conversation;
    throw forbidden(`you are not a member of conversation ${conversationId}`);
  }

  /**
   * The channels of a workspace that `viewerId` may see (by the rule of `conversation`), in the
   * order they were created; the member directory lists titles from these only, so nobody learns
   * the title of a private channel they are not in.
   */
  channelsVisibleTo(workspaceId: string, viewerId: string): ConversationRecord[] {
    const visible: ConversationRecord[] = [];
    for (const conversation of this.ctx.tables.conversations.values()) {
      if (conversation.workspaceId === workspaceId && conversation.type === 'CHANNEL' && this.isVisibleTo(conversation, viewerId)) {
        visible.push(conversation);
      }
    }
    return visible;
  }

  /** `conversations`: the caller's conversations in a workspace, in the order of `conversation-list.ts`. */
  listForMember(workspaceId: string, userId: string, after: string | null | undefined, first: number): Page<ConversationRecord> {
    this.ctx.access.workspaceOfMember(workspaceId, userId);
    const mine: ConversationRecord[] = [];
    for (const conversation of this.ctx.tables.conversations.values()) {
      if (conversation.workspaceId === workspaceId && conversation.members.has(userId)) mine.push(conversation);
    }
    return conversationListPage(mine, userId, workspaceId, after, first, this.ctx.clock.now(), this.messages);
  }

  /** `createChannel`: the creator is the channel's OWNER; `memberIds` join as MEMBER. */
  createChannel(input: NewChannel, creatorId: string): ConversationRecord {
    const { tables } = this.ctx;
    const { workspace, member } = this.ctx.access.workspaceOfMember(input.workspaceId, creatorId, 'input.workspaceId');
    if (member.role === 'GUEST') throw forbidden('guests cannot create channels');
    const title = requireName(input.title, 'input.title', { max: conversationRules.titleMax });
    const description =
      input.description == null ? null : requireText(input.description, 'input.description', { min: 0, max: conversationRules.descriptionMax });
    const memberIds = [...new Set(input.memberIds ?? [])].filter((id) => id !== creatorId);
    for (const id of memberIds) {
      requireId(id, 'input.memberIds');
      if (!workspace.members.has(id)) throw badInput(`user ${id} in input.memberIds is not a member of the workspace`);
    }
    requireFreeTitle(tables, workspace.id, title, 'input.title');
    const conversation = this.insert({
      workspaceId: workspace.id,
      type: 'CHANNEL',
      visibility: input.visibility,
      title,
      description,
      isDefault: input.isDefault ?? false,
      createdBy: creatorId,
    });
    this.addMember(conversation, creatorId, 'OWNER');
    for (const id of memberIds) this.addMember(conversation, id, 'MEMBER');
    return conversation;
  }

  /** `createDirectConversation`: one DM per pair of members; asking again returns the same one. */
  createDirect(workspaceId: string, participantId: string, userId: string): ConversationRecord {
    const { tables } = this.ctx;
    const { workspace } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    requireId(participantId, 'participantId');
    if (!workspace.members.has(participantId)) {
      throw notFound(`user ${participantId} is not a member of workspace ${workspaceId}`);
    }
    const pair = [userId, participantId].sort();
    const key = `${workspaceId} ${pair[0]} ${pair[1]}`;
    const existing = tables.directConversations.get(key);
    if (existing !== undefined) return tables.conversations.get(existing)!;
    const conversation = this.insert({
      workspaceId,
      type: 'DIRECT',
      visibility: 'PRIVATE',
      title: null,
      description: null,
      isDefault: false,
      createdBy: userId,
    });
    for (const id of new Set(pair)) this.addMember(conversation, id, 'MEMBER');
    tables.directConversations.set(key, conversation.id);
    return conversation;
  }

  /** `addChannelMember`: any member of a channel may add a member of its workspace. */
  addChannelMember(conversationId: string, memberId: string, userId: string): ConversationRecord {
    const { conversation } = this.ctx.access.conversationOfMember(conversationId, userId);
    if (conversation.type !== 'CHANNEL') throw badInput('members cannot be added to a direct conversation');
    requireId(memberId, 'memberId');
    if (this.ctx.access.workspaceMember(conversation.workspaceId, memberId) === undefined) throw notFound(`user ${memberId} is not a member of the workspace`);
    if (!conversation.members.has(memberId)) this.addMember(conversation, memberId, 'MEMBER');
    return conversation;
  }

  /** `joinChannel`: public channels only, by workspace members who are not guests. */
  joinChannel(conversationId: string, userId: string): ConversationRecord {
    requireId(conversationId, 'conversationId');
    const conversation = this.ctx.tables.conversations.get(conversationId);
    if (!conversation) throw notFound(`conversation ${conversationId} does not exist`);
    if (conversation.members.has(userId)) return conversation;
    const role = this.ctx.access.workspaceRole(conversation.workspaceId, userId);
    if (role === undefined) throw forbidden(`you are not a member of the workspace of conversation ${conversationId}`);
    if (conversation.type !== 'CHANNEL' || conversation.visibility !== 'PUBLIC') {
      throw forbidden('only public channels can be joined; ask a member to add you');
    }
    if (role === 'GUEST') throw forbidden('guests join channels only when a member adds them');
    this.addMember(conversation, userId, 'MEMBER');
    return conversation;
  }

  /**
   * `markConversationAsRead`: moves the caller's read marker forward to `sequence`, clamped to
   * the newest message. A marker never moves backwards, so an older sequence changes nothing.
   */
  markAsRead(conversationId: string, sequence: number, userId: string): ConversationRecord {
    if (!Number.isInteger(sequence) || sequence < 0) {
      throw badInput(`sequence must be a non-negative integer, but got ${sequence}`);
    }
    const { conversation, member } = this.ctx.access.conversationOfMember(conversationId, userId);
    const target = Math.min(sequence, this.messages.newestSequence(conversation.id) ?? 0);
    if (target > member.lastReadSequence) {
      conversation.members.update(userId, (draft) => {
        draft.lastReadSequence = target;
      });
    }
    return conversation;
  }

  /**
   * Takes `userId` out of every conversation of a workspace (used when they leave or are removed
   * from it); each of their subscriptions there ends. Returns the conversations they left.
   */
  leaveWorkspace(workspaceId: string, userId: string): ConversationRecord[] {
    const left: ConversationRecord[] = [];
    for (const conversation of this.ctx.tables.conversations.values()) {
      if (conversation.workspaceId !== workspaceId || !conversation.members.delete(userId)) continue;
      left.push(conversation);
      const conversationId = conversation.id;
      this.ctx.events.publish('membershipEnded', conversationId, { kind: 'membershipEnded', conversationId, userId });
    }
    return left;
  }

  /** Adds a user to every default channel of a workspace (used when someone joins it). */
  joinDefaultChannels(workspaceId: string, userId: string): void {
    for (const conversation of this.ctx.tables.conversations.values()) {
      if (conversation.workspaceId === workspaceId && conversation.isDefault && !conversation.members.has(userId)) {
        this.addMember(conversation, userId, 'MEMBER');
      }
    }
  }

  /** By the rule of `conversation`: members, and for a public channel every non-guest member of its workspace. */
  isVisibleTo(conversation: ConversationRecord, userId: string): boolean {
    if (conversation.members.has(userId)) return true;
    const workspaceRole = this.ctx.access.workspaceRole(conversation.workspaceId, userId);
    return conversation.visibility === 'PUBLIC' && workspaceRole !== undefined && workspaceRole !== 'GUEST';
  }

  private insert(
    fields: Omit<ConversationRecord, 'id' | 'createdAt' | 'updatedAt' | 'members'>,
  ): ConversationRecord {
    const now = this.ctx.clock.now();
    const id = this.ctx.ids();
    const { conversations } = this.ctx.tables;
    const conversation: ConversationRecord = {
      ...fields,
      id,
      createdAt: now,
      updatedAt: now,
      members: PartMap.of(conversations, id, 'members'),
    };
    conversations.set(conversation.id, conversation);
    return conversation;
  }

  /** Sets a conversation's description with no checks (demo data, fixtures: `#general`'s). */
  arrangeDescription(conversation: ConversationRecord, description: string | null): void {
    this.ctx.tables.conversations.update(conversation.id, (draft) => {
      draft.description = description;
    });
  }

  /** Adds a workspace member to a channel as MEMBER, with no checks (an invitation's channel on joining). */
  addMemberDirectly(conversation: ConversationRecord, userId: string): void {
    if (!conversation.members.has(userId)) this.addMember(conversation, userId, 'MEMBER');
  }

  private addMember(conversation: ConversationRecord, userId: string, role: MemberRole): ConversationMemberRecord {
    const member: ConversationMemberRecord = {
      userId,
      role,
      // Someone who joins late has not "unread" the history before them.
      lastReadSequence: this.messages.newestSequence(conversation.id) ?? 0,
      muted: false,
      pinnedAt: null,
      joinedAt: this.ctx.clock.now(),
    };
    conversation.members.set(userId, member);
    return member;
  }
}
