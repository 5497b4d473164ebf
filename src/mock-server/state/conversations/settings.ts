import { badInput, forbidden } from '../errors.js';
import { requireName, requireText } from '../input.js';
import type { AreaContext } from '../context.js';
import type { ConversationTables } from './tables.js';

import { conversationRules, type Conversations } from './conversations.js';
import type { ConversationRecord } from './records.js';
import { requireFreeTitle } from './titles.js';

export interface ConversationChanges {
  readonly id: string;
  readonly title?: string | null;
  readonly description?: string | null;
}

/**
 * What can be changed about a conversation: its title and description (for the people who run
 * the channel), and each member's own mute and pin.
 */
export class ConversationSettings {
  constructor(
    private readonly ctx: AreaContext<ConversationTables>,
    private readonly conversations: Conversations,
  ) {}

  /**
   * `updateConversation`: a channel's OWNER or ADMIN, or an OWNER or ADMIN of its workspace who
   * can see the channel. A title keeps the rules of `createChannel`; an omitted or null field
   * stays as it is, an empty description removes it. Direct conversations have neither.
   */
  update(input: ConversationChanges, userId: string): ConversationRecord {
    const { tables, clock } = this.ctx;
    const conversation = this.conversations.get(input.id, userId);
    if (conversation.type !== 'CHANNEL') throw badInput('a direct conversation has no title or description to change', 'input.id');
    const channelRole = conversation.members.get(userId)?.role;
    const workspaceRole = this.ctx.access.workspaceRole(conversation.workspaceId, userId);
    const mayChange = channelRole === 'OWNER' || channelRole === 'ADMIN' || workspaceRole === 'OWNER' || workspaceRole === 'ADMIN';
    if (!mayChange) throw forbidden("only the channel's owners and admins, and the workspace's, can change it");
    const title = input.title == null ? conversation.title : requireName(input.title, 'input.title', { max: conversationRules.titleMax });
    if (title !== conversation.title) requireFreeTitle(tables, conversation.workspaceId, title!, 'input.title', conversation.id);
    const description =
      input.description == null
        ? conversation.description
        : requireText(input.description, 'input.description', { min: 0, max: conversationRules.descriptionMax }) || null;
    return tables.conversations.update(conversation.id, (draft) => {
      draft.title = title;
      draft.description = description;
      draft.updatedAt = clock.now();
    });
  }

  /** `setConversationMuted`: the caller's own setting; members only. */
  setMuted(conversationId: string, muted: boolean, userId: string): ConversationRecord {
    const { conversation } = this.ctx.access.conversationOfMember(conversationId, userId);
    conversation.members.update(userId, (draft) => {
      draft.muted = muted;
    });
    return conversation;
  }

  /**
   * `setConversationPinned`: the caller's own setting; members only. Pinning a pinned
   * conversation keeps the moment it was first pinned.
   */
  setPinned(conversationId: string, pinned: boolean, userId: string): ConversationRecord {
    const { conversation, member } = this.ctx.access.conversationOfMember(conversationId, userId);
    const pinnedAt = pinned ? (member.pinnedAt ?? this.ctx.clock.now()) : null;
    conversation.members.update(userId, (draft) => {
      draft.pinnedAt = pinnedAt;
    });
    return conversation;
  }
}
