import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { messagePageView, messageView } from '../views/messages.js';

/** messages, messagesSince (SPEC.md 4.1, 4.2) and the message mutations. */
export const messageResolvers: Resolvers = {
  Query: {
    messages: (_root, args, ctx) => messagePageView(viewLookups(ctx.state), ctx.state.messagePages.backward(args, ctx.userId())),
    messagesSince: (_root, args, ctx) => messagePageView(viewLookups(ctx.state), ctx.state.messagePages.forward(args, ctx.userId())),
  },
  Mutation: {
    sendMessage: (_root, { input }, ctx) => messageView(viewLookups(ctx.state), ctx.state.messages.send(input, ctx.userId())),
    editMessage: (_root, { id, content }, ctx) => messageView(viewLookups(ctx.state), ctx.state.messages.edit(id, content, ctx.userId())),
    deleteMessage: (_root, { id }, ctx) => messageView(viewLookups(ctx.state), ctx.state.messages.delete(id, ctx.userId())),
    addReaction: (_root, { messageId, emoji }, ctx) =>
      messageView(viewLookups(ctx.state), ctx.state.messages.addReaction(messageId, emoji, ctx.userId())),
    removeReaction: (_root, { messageId, emoji }, ctx) =>
      messageView(viewLookups(ctx.state), ctx.state.messages.removeReaction(messageId, emoji, ctx.userId())),
  },
};
