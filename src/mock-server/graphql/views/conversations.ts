import type { ConversationRecord } from '../../state/conversations/records.js';
import type { Page } from '../../state/paging.js';
import type { ChannelListing } from '../../state/conversations/browse.js';
import type { ChannelSummaryPage, ConversationMemberView, ConversationPage, ConversationView } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import type { UserLookups } from './accounts.js';
import { avatarUrl } from './urls.js';

/** What a conversation's view reads besides the record: its members' accounts, and its newest message (the messages area's). */
export interface ConversationLookups extends UserLookups {
  /** Sequence of the conversation's newest message, or null when it has none. */
  newestSequence(conversationId: string): number | null;
}

/** ConversationView as `viewerId` sees it (`muted` and `pinnedAt` are the viewer's own settings). */
export function conversationView(lookups: ConversationLookups, conversation: ConversationRecord, viewerId: string, publicOrigin: string): ConversationView {
  const viewer = conversation.members.get(viewerId);
  const members: ConversationMemberView[] = [];
  for (const member of conversation.members.values()) {
    const user = lookups.user(member.userId)!;
    members.push({
      userId: user.id,
      username: user.username,
      displayName: user.displayName,
      avatarUrl: avatarUrl(publicOrigin, user),
      role: member.role,
      lastReadSequence: member.lastReadSequence,
    });
  }
  return {
    id: conversation.id,
    workspaceId: conversation.workspaceId,
    type: conversation.type,
    visibility: conversation.visibility,
    title: conversation.title,
    description: conversation.description,
    isDefault: conversation.isDefault,
    muted: viewer?.muted ?? false,
    pinnedAt: isoOrNull(viewer?.pinnedAt ?? null),
    lastMessageSequence: lookups.newestSequence(conversation.id),
    members,
    createdAt: iso(conversation.createdAt),
    updatedAt: iso(conversation.updatedAt),
  };
}

export function conversationPageView(lookups: ConversationLookups, page: Page<ConversationRecord>, viewerId: string, publicOrigin: string): ConversationPage {
  return {
    nodes: page.nodes.map((conversation) => conversationView(lookups, conversation, viewerId, publicOrigin)),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}

/** A page of `browseChannels`: each public channel with whether the caller is in it. */
export function channelSummaryPageView(page: Page<ChannelListing>): ChannelSummaryPage {
  return {
    nodes: page.nodes.map(({ channel, joined }) => ({
      id: channel.id,
      title: channel.title!,
      description: channel.description,
      isDefault: channel.isDefault,
      joined,
      membersCount: channel.members.size,
    })),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}
