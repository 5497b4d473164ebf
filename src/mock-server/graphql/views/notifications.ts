import type { NotificationRecord } from '../../state/notifications/records.js';
import type { Page } from '../../state/paging.js';
import type { Tables } from '../../state/tables.js';
import type { Notification, NotificationPage } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import { avatarUrl } from './urls.js';

/** Notification of SPEC.md 2.2, with its actor, conversation and workspace as they are now. */
export function notificationView(tables: Tables, notification: NotificationRecord, publicOrigin: string): Notification {
  const actor = notification.actorId === null ? undefined : tables.users.get(notification.actorId);
  const conversation = notification.conversationId === null ? undefined : tables.conversations.get(notification.conversationId);
  const workspace = notification.workspaceId === null ? undefined : tables.workspaces.get(notification.workspaceId);
  return {
    id: notification.id,
    type: notification.type,
    category: notification.category,
    actor: actor ? { id: actor.id, displayName: actor.displayName, avatarUrl: avatarUrl(publicOrigin, actor) } : null,
    conversation: conversation ? { id: conversation.id, title: conversation.title, type: conversation.type } : null,
    workspace: workspace ? { id: workspace.id, name: workspace.name } : null,
    messageId: notification.messageId,
    snippet: notification.snippet,
    createdAt: iso(notification.createdAt),
    readAt: isoOrNull(notification.readAt),
  };
}

/** NotificationPage of SPEC.md 2.2. */
export function notificationPageView(tables: Tables, page: Page<NotificationRecord>, publicOrigin: string): NotificationPage {
  return {
    nodes: page.nodes.map((notification) => notificationView(tables, notification, publicOrigin)),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}
