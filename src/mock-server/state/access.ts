import type { ConversationMemberRecord, ConversationRecord } from './conversations/records.js';
import { forbidden, notFound } from './errors.js';
import { requireId } from './input.js';
import type { MessageRecord } from './messages/records.js';
import type { WorkspaceMemberRecord, WorkspaceRecord, WorkspaceRole } from './workspaces/records.js';

/** What the membership rules read: who is in which workspace and conversation, and where each message is. */
export interface MembershipTables {
  readonly workspaces: ReadonlyMap<string, WorkspaceRecord>;
  readonly conversations: ReadonlyMap<string, ConversationRecord>;
  readonly messages: { get(id: string): MessageRecord | undefined };
}

/**
 * The kernel's membership rules: who belongs to which workspace and conversation, with what
 * role. Every area checks a caller through here, so the rules (and their error codes) are written
 * once: a malformed id is BAD_USER_INPUT naming the argument, a well-formed id that names nothing
 * is NOT_FOUND, and something that exists but is closed to the caller is FORBIDDEN.
 *
 * It reads the workspaces, conversations and messages tables and never writes them; it is the one
 * reader of those tables outside their areas.
 */
export class Access {
  constructor(private readonly tables: MembershipTables) {}

  workspaceOfMember(workspaceId: string, userId: string, argument = 'workspaceId'): { workspace: WorkspaceRecord; member: WorkspaceMemberRecord } {
    requireId(workspaceId, argument);
    const workspace = this.tables.workspaces.get(workspaceId);
    if (!workspace) throw notFound(`workspace ${workspaceId} does not exist`);
    const member = workspace.members.get(userId);
    if (!member) throw forbidden(`you are not a member of workspace ${workspaceId}`);
    return { workspace, member };
  }

  conversationOfMember(conversationId: string, userId: string, argument = 'conversationId'): { conversation: ConversationRecord; member: ConversationMemberRecord } {
    requireId(conversationId, argument);
    const conversation = this.tables.conversations.get(conversationId);
    if (!conversation) throw notFound(`conversation ${conversationId} does not exist`);
    const member = conversation.members.get(userId);
    if (!member) throw forbidden(`you are not a member of conversation ${conversationId}`);
    return { conversation, member };
  }

  /** A message the caller can see: it exists and the caller is a member of its conversation. */
  messageOfMember(messageId: string, userId: string, argument = 'id'): { message: MessageRecord; conversation: ConversationRecord } {
    requireId(messageId, argument);
    const message = this.tables.messages.get(messageId);
    if (!message) throw notFound(`message ${messageId} does not exist`);
    const conversation = this.tables.conversations.get(message.conversationId)!;
    if (!conversation.members.has(userId)) {
      throw forbidden(`you are not a member of the conversation of message ${messageId}`);
    }
    return { message, conversation };
  }

  /** `userId`'s membership of a workspace, or undefined (no such workspace, or not a member): no error. */
  workspaceMember(workspaceId: string, userId: string): WorkspaceMemberRecord | undefined {
    return this.tables.workspaces.get(workspaceId)?.members.get(userId);
  }

  /** `userId`'s role in a workspace, or undefined when they are not in it. */
  workspaceRole(workspaceId: string, userId: string): WorkspaceRole | undefined {
    return this.workspaceMember(workspaceId, userId)?.role;
  }

  /** Whether `userId` is a member of a conversation (false when there is no such conversation). */
  isConversationMember(conversationId: string, userId: string): boolean {
    return this.tables.conversations.get(conversationId)?.members.has(userId) === true;
  }
}

/** Owners and admins run a workspace: its settings, invitations, departments and files. */
export function canManageWorkspace(member: WorkspaceMemberRecord): boolean {
  return member.role === 'OWNER' || member.role === 'ADMIN';
}

/**
 * Whether `caller` may change `target`'s role or remove them: the rule of
 * `removeWorkspaceMember` and `changeWorkspaceMemberRole`. An owner manages everyone else (other
 * owners too); an admin manages members and guests; nobody manages themselves through these
 * controls.
 */
export function canManageMember(caller: WorkspaceMemberRecord, target: WorkspaceMemberRecord): boolean {
  if (caller.userId === target.userId) return false;
  if (caller.role === 'OWNER') return true;
  return caller.role === 'ADMIN' && (target.role === 'MEMBER' || target.role === 'GUEST');
}
