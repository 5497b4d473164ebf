import type { Resolvers } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { notificationPageView } from '../views/notifications.js';

/** The caller's own notifications: list, counts, activity, mark read, clear. (Created by the domain; delivered live in live.ts.) */
export const notificationResolvers: Resolvers = {
  Query: {
    notifications: (_root, { after, first }, ctx) =>
      notificationPageView(viewLookups(ctx.state), ctx.state.notificationInbox.page(ctx.userId(), after, first), ctx.publicOrigin),
    notificationSummary: (_root, _args, ctx) => ctx.state.notificationInbox.summary(ctx.userId()),
    notificationActivity: (_root, _args, ctx) => ctx.state.notificationInbox.activity(ctx.userId()),
  },
  Mutation: {
    markNotificationRead: (_root, { id }, ctx) => ctx.state.notificationInbox.markRead(id, ctx.userId()),
    markAllNotificationsRead: (_root, _args, ctx) => ctx.state.notificationInbox.markAllRead(ctx.userId()),
    clearReadNotifications: (_root, _args, ctx) => ctx.state.notificationInbox.clearRead(ctx.userId()),
  },
};
