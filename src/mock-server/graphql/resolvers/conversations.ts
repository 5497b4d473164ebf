import type { Resolvers } from '../generated/resolvers-types.js';
import { conversationPageView, conversationView } from '../views/conversations.js';

/** Channels and DMs: create, join, add members, read, list, mark as read, typing. */
export const conversationResolvers: Resolvers = {
  Query: {
    conversation: (_root, { id }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.get(id, userId), userId, ctx.publicOrigin);
    },
    conversations: (_root, { workspaceId, after, first }, ctx) => {
      const userId = ctx.userId();
      const page = ctx.state.conversations.listForMember(workspaceId, userId, after, first);
      return conversationPageView(ctx.state.tables, page, userId, ctx.publicOrigin);
    },
  },
  Mutation: {
    createChannel: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.createChannel(input, userId), userId, ctx.publicOrigin);
    },
    createDirectConversation: (_root, { workspaceId, participantId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.createDirect(workspaceId, participantId, userId), userId, ctx.publicOrigin);
    },
    addChannelMember: (_root, { conversationId, memberId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.addChannelMember(conversationId, memberId, userId), userId, ctx.publicOrigin);
    },
    joinChannel: (_root, { conversationId }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.joinChannel(conversationId, userId), userId, ctx.publicOrigin);
    },
    markConversationAsRead: (_root, { conversationId, sequence }, ctx) => {
      const userId = ctx.userId();
      return conversationView(ctx.state.tables, ctx.state.conversations.markAsRead(conversationId, sequence, userId), userId, ctx.publicOrigin);
    },
    setTyping: (_root, { conversationId, active }, ctx) => ctx.state.typing.set(conversationId, active, ctx.userId()),
  },
};
