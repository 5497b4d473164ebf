import type { MessageRecord } from '../state/messages/records.js';
import type { MockState } from '../state/mock-state.js';
import type { NotificationRecord } from '../state/notifications/records.js';
import type { UserRecord } from '../state/accounts/records.js';
import type { WorkspaceRecord } from '../state/workspaces/records.js';

/**
 * The dev routes' read model: what `/dev/state`, `/dev/messages`, `/dev/members`, `/dev/files`,
 * `/dev/notifications`, `/dev/search` and the event stream show of the state, as plain JSON. It
 * reads through each area's service (never a table), with no access check: this is the
 * developer's view of the whole mock, served only where `/dev` is. Secrets (password hashes,
 * tokens) are never part of it.
 */

/** At most this many users are listed by `GET /dev/state` (`truncated: true` past it). */
export const DEV_STATE_MAX_USERS = 500;
/** At most this many workspaces are listed by `GET /dev/state` (`truncated: true` past it). */
export const DEV_STATE_MAX_WORKSPACES = 200;

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

/** A user by id or username (any case), as `MockData` finds one. */
export function findUser(state: MockState, ref: string): UserRecord | undefined {
  return state.users.find(ref) ?? state.users.find(state.users.idByUsername(ref) ?? '');
}

/** A workspace by id or slug. */
export function findWorkspace(state: MockState, ref: string): WorkspaceRecord | undefined {
  return state.workspaces.find(ref) ?? state.workspaces.findBySlug(ref);
}

/** `GET /dev/state`: users, workspaces with their members and conversations, and counts. */
export function stateView(state: MockState) {
  const users = [];
  for (const user of state.users.all()) {
    if (users.length === DEV_STATE_MAX_USERS) break;
    users.push({ id: user.id, username: user.username, displayName: user.displayName, email: user.email, online: state.presence.isPresent(user.id) });
  }
  const workspaces = [];
  let conversationCount = 0;
  let messageCount = 0;
  for (const workspace of state.workspaces.all()) {
    const conversations = [];
    for (const conversation of state.conversations.ofWorkspace(workspace.id)) {
      const count = state.messagePages.countOf(conversation.id);
      conversationCount++;
      messageCount += count;
      if (workspaces.length === DEV_STATE_MAX_WORKSPACES) continue;
      conversations.push({
        id: conversation.id,
        type: conversation.type,
        visibility: conversation.visibility,
        title: conversation.title,
        memberIds: [...conversation.members.keys()],
        lastSequence: state.messagePages.newestSequence(conversation.id) ?? 0,
        messageCount: count,
      });
    }
    if (workspaces.length === DEV_STATE_MAX_WORKSPACES) continue;
    workspaces.push({
      id: workspace.id,
      name: workspace.name,
      slug: workspace.slug,
      members: [...workspace.members.values()].map((member) => ({ userId: member.userId, role: member.role })),
      conversations,
    });
  }
  const truncated = state.users.count > users.length || state.workspaces.count > workspaces.length;
  return {
    users,
    workspaces,
    counts: {
      users: state.users.count,
      workspaces: state.workspaces.count,
      conversations: conversationCount,
      messages: messageCount,
      files: state.storedFiles.count,
      notifications: state.notificationInbox.count,
      outbox: state.outbox.list().length,
    },
    ...(truncated ? { truncated: true } : {}),
  };
}

/** One message as the dev routes show it: deleted ones with `deleted: true` and `content: null`. */
export function messageView(state: MockState, message: MessageRecord) {
  const deleted = message.content === null;
  return {
    id: message.id,
    sequence: message.sequence,
    authorId: message.senderId,
    authorUsername: state.users.find(message.senderId)?.username ?? null,
    content: message.content,
    deleted,
    createdAt: iso(message.createdAt),
    editedAt: !deleted && message.updatedAt !== message.createdAt ? iso(message.updatedAt) : null,
    replyToMessageId: message.replyToMessageId,
    reactions: [...(message.reactions ?? new Map<string, readonly string[]>())].map(([emoji, userIds]) => ({ emoji, userIds: [...userIds] })),
  };
}

export type DevMessage = ReturnType<typeof messageView>;

/** `GET /dev/members`: a workspace's members, with their username, name, role and department. */
export function membersView(state: MockState, workspace: WorkspaceRecord) {
  return {
    workspaceId: workspace.id,
    members: [...workspace.members.values()].map((member) => {
      const user = state.users.find(member.userId);
      return {
        userId: member.userId,
        username: user?.username ?? null,
        displayName: user?.displayName ?? null,
        role: member.role,
        department: state.departments.of(member)?.name ?? null,
      };
    }),
  };
}

/** `GET /dev/files`: the stored files of a workspace's library, trashed ones included (`trashed`). */
export function filesView(state: MockState, workspace: WorkspaceRecord) {
  return {
    workspaceId: workspace.id,
    files: [...state.storedFiles.ofWorkspace(workspace.id)].map((file) => ({
      id: file.id,
      name: file.fileName,
      contentType: file.contentType,
      size: file.size,
      uploadedBy: file.uploaderId,
      createdAt: iso(file.createdAt),
      conversationId: file.conversationId,
      trashed: file.deletedAt !== null,
    })),
  };
}

/** One notification as the dev routes show it. */
export function notificationView(notification: NotificationRecord) {
  return {
    id: notification.id,
    kind: notification.type,
    category: notification.category,
    reason: notification.reason,
    read: notification.readAt !== null,
    createdAt: iso(notification.createdAt),
    actorId: notification.actorId,
    workspaceId: notification.workspaceId,
    conversationId: notification.conversationId,
    messageId: notification.messageId,
    snippet: notification.snippet,
  };
}

/**
 * `GET /dev/search`: the `limit` newest messages, of every conversation, whose content contains
 * `query` in any case. A scan of every message (this is a developer's tool, not the product's search).
 */
export function searchMessages(state: MockState, query: string, limit: number) {
  const wanted = query.toLowerCase();
  // The newest `limit` matches so far, newest first; limit is at most 100.
  const found: MessageRecord[] = [];
  for (const message of state.messages.all()) {
    if (message.content === null || !message.content.toLowerCase().includes(wanted)) continue;
    // Messages come conversation by conversation in sequence order: a later one sent in the same millisecond is the newer.
    const at = found.findIndex((kept) => message.createdAt >= kept.createdAt);
    if (at === -1) {
      if (found.length < limit) found.push(message);
      continue;
    }
    found.splice(at, 0, message);
    if (found.length > limit) found.pop();
  }
  return found.map((message) => ({
    workspaceId: state.conversations.find(message.conversationId)?.workspaceId ?? null,
    conversationId: message.conversationId,
    message: messageView(state, message),
  }));
}
