import type { ConversationRecord } from '../../state/conversations/records.js';
import type { NotificationRecord } from '../../state/notifications/records.js';
import type { Page } from '../../state/paging.js';
import type { WorkspaceRecord } from '../../state/workspaces/records.js';
import type { Notification, NotificationPage } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import type { UserLookups } from './accounts.js';
import { avatarUrl } from './urls.js';

/** What a notification shows of the records it names, as they are now, given by the resolver. */
export interface NotificationLookups extends UserLookups {
  conversation(id: string): ConversationRecord | undefined;
  workspace(id: string): WorkspaceRecord | undefined;
}

/** Notification of SPEC.md 2.2, with its actor, conversation and workspace as they are now. */
export function notificationView(lookups: NotificationLookups, notification: NotificationRecord, publicOrigin: string): Notification {
  const actor = notification.actorId === null ? undefined : lookups.user(notification.actorId);
  const conversation = notification.conversationId === null ? undefined : lookups.conversation(notification.conversationId);
  const workspace = notification.workspaceId === null ? undefined : lookups.workspace(notification.workspaceId);
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
export function notificationPageView(lookups: NotificationLookups, page: Page<NotificationRecord>, publicOrigin: string): NotificationPage {
  return {
    nodes: page.nodes.map((notification) => notificationView(lookups, notification, publicOrigin)),
    endCursor: page.endCursor,
    hasNextPage: page.hasNextPage,
  };
}
