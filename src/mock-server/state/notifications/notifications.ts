import { canManageWorkspace } from '../conversations/access.js';
import type { ConversationRecord } from '../conversations/records.js';
import type { MessageRecord } from '../messages/records.js';
import type { WorkspaceRecord } from '../workspaces/records.js';
import type { NotificationRecord } from './records.js';
import type { StateContext } from '../tables.js';

/** Notification rules. SPEC.md gives notifications by signature only; these are the mock's. */
export const notificationRules = {
  /** Characters of message text kept in `snippet`. */
  snippetMax: 140,
} as const;

/**
 * `@username` where the `@` starts a word: `hi @bob` mentions bob, `bob@acme.test` mentions no
 * one. Usernames are 2 to 32 letters, digits, dots, dashes or underscores.
 */
const MENTION = /(?<![\w.@-])@([a-z0-9][a-z0-9._-]{1,31})/gi;

/**
 * Creates the notifications the domain owes its users, and announces each one
 * (`notificationReceived`) to its recipient:
 * - MENTION (category MENTIONS): a message names a member of its conversation as `@username`;
 *   the sender is never notified of their own mention, and a message notifies each user once.
 * - WORKSPACE_JOINED (category SYSTEM): someone joined a workspace; its owners and admins are told.
 */
export class Notifications {
  constructor(private readonly ctx: StateContext) {}

  /** Called once for each new message. */
  messageSent(message: MessageRecord, conversation: ConversationRecord): void {
    if (message.content === null || !message.content.includes('@')) return;
    const notified = new Set<string>([message.senderId]);
    for (const match of message.content.matchAll(MENTION)) {
      const userId = this.userNamed(match[1]!);
      if (userId === undefined || notified.has(userId) || !conversation.members.has(userId)) continue;
      notified.add(userId);
      this.create({
        userId,
        type: 'MENTION',
        category: 'MENTIONS',
        actorId: message.senderId,
        workspaceId: conversation.workspaceId,
        conversationId: conversation.id,
        messageId: message.id,
        snippet: snippet(message.content),
      });
    }
  }

  /** The user a mention names; `@bob.` at the end of a sentence names bob unless `bob.` exists. */
  private userNamed(name: string): string | undefined {
    const { usersByUsername } = this.ctx.tables;
    const lowered = name.toLowerCase();
    return usersByUsername.get(lowered) ?? usersByUsername.get(lowered.replace(/[.]+$/, ''));
  }

  /** Called once when `userId` becomes a member of `workspace`. */
  workspaceJoined(workspace: WorkspaceRecord, userId: string): void {
    for (const member of workspace.members.values()) {
      if (member.userId === userId || !canManageWorkspace(member)) continue;
      this.create({
        userId: member.userId,
        type: 'WORKSPACE_JOINED',
        category: 'SYSTEM',
        actorId: userId,
        workspaceId: workspace.id,
        conversationId: null,
        messageId: null,
        snippet: null,
      });
    }
  }

  private create(fields: Omit<NotificationRecord, 'id' | 'createdAt' | 'readAt'>): void {
    const { tables } = this.ctx;
    const notification: NotificationRecord = { ...fields, id: this.ctx.ids(), createdAt: this.ctx.clock.now(), readAt: null };
    tables.notifications.set(notification.id, notification);
    const mine = tables.notificationsByUser.get(notification.userId);
    if (mine) mine.push(notification.id);
    else tables.notificationsByUser.set(notification.userId, [notification.id]);
    this.ctx.events.publish('notificationReceived', notification.userId, { kind: 'notificationReceived', notification: { ...notification } });
  }
}

function snippet(content: string): string {
  const characters = [...content.replace(/\s+/g, ' ').trim()];
  return characters.length <= notificationRules.snippetMax ? characters.join('') : `${characters.slice(0, notificationRules.snippetMax - 1).join('')}…`;
}
