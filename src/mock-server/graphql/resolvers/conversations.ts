import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { channelSummaryPageView, conversationPageView, conversationView } from '../views/conversations.js';

/** Channels and DMs: create, update, browse, join, add members, read, list, mute, pin, mark as read. */
export const conversationResolvers: Resolvers = {
  Query: {
    conversation: (_root, { id }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.get(id, userId), userId, ctx.publicOrigin);
    },
    browseChannels: (_root, { workspaceId, after, first }, ctx) => {
      return channelSummaryPageView(ctx.state.channelBrowser.browse(workspaceId, ctx.userId(), after, first));
    },
    conversations: (_root, { workspaceId, after, first }, ctx) => {
      const userId = ctx.userId();
      const page = ctx.state.conversations.listForMember(workspaceId, userId, after, first);
      return conversationPageView(viewLookups(ctx.state), page, userId, ctx.publicOrigin);
    },
  },
  Mutation: {
    updateConversation: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversationSettings.update(input, userId), userId, ctx.publicOrigin);
    },
    setConversationMuted: (_root, { conversationId, muted }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversationSettings.setMuted(conversationId, muted, userId), userId, ctx.publicOrigin);
    },
    setConversationPinned: (_root, { conversationId, pinned }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversationSettings.setPinned(conversationId, pinned, userId), userId, ctx.publicOrigin);
    },
    createChannel: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.createChannel(input, userId), userId, ctx.publicOrigin);
    },
    createDirectConversation: (_root, { workspaceId, participantId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.createDirect(workspaceId, participantId, userId), userId, ctx.publicOrigin);
    },
    addChannelMember: (_root, { conversationId, memberId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.addChannelMember(conversationId, memberId, userId), userId, ctx.publicOrigin);
    },
    joinChannel: (_root, { conversationId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.joinChannel(conversationId, userId), userId, ctx.publicOrigin);
    },
    markConversationAsRead: (_root, { conversationId, sequence }, ctx) => {
      const userId = ctx.userId();
      return conversationView(viewLookups(ctx.state), ctx.state.conversations.markAsRead(conversationId, sequence, userId), userId, ctx.publicOrigin);
    },
    setTyping: (_root, { conversationId, active }, ctx) => ctx.state.typing.set(conversationId, active, ctx.userId()),
  },
};
