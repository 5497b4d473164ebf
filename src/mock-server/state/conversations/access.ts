import { forbidden, notFound } from '../errors.js';
import { requireId } from '../input.js';
import type { MessageRecord } from '../messages/records.js';
import type { WorkspaceMemberRecord, WorkspaceRecord } from '../workspaces/records.js';
import type { ConversationMemberRecord, ConversationRecord } from './records.js';
import type { Tables } from '../tables.js';

/**
 * Look-ups that also enforce who may see what. A well-formed id that names nothing is
 * NOT_FOUND; something that exists but is closed to the caller is FORBIDDEN.
 */

export function workspaceOfMember(
  tables: Tables,
  workspaceId: string,
  userId: string,
  argument = 'workspaceId',
): { workspace: WorkspaceRecord; member: WorkspaceMemberRecord } {
  requireId(workspaceId, argument);
  const workspace = tables.workspaces.get(workspaceId);
  if (!workspace) throw notFound(`workspace ${workspaceId} does not exist`);
  const member = workspace.members.get(userId);
  if (!member) throw forbidden(`you are not a member of workspace ${workspaceId}`);
  return { workspace, member };
}

export function conversationOfMember(
  tables: Tables,
  conversationId: string,
  userId: string,
  argument = 'conversationId',
): { conversation: ConversationRecord; member: ConversationMemberRecord } {
  requireId(conversationId, argument);
  const conversation = tables.conversations.get(conversationId);
  if (!conversation) throw notFound(`conversation ${conversationId} does not exist`);
  const member = conversation.members.get(userId);
  if (!member) throw forbidden(`you are not a member of conversation ${conversationId}`);
  return { conversation, member };
}

/** A message the caller can see: it exists and the caller is a member of its conversation. */
export function messageOfMember(
  tables: Tables,
  messageId: string,
  userId: string,
  argument = 'id',
): { message: MessageRecord; conversation: ConversationRecord } {
  requireId(messageId, argument);
  const message = tables.messages.get(messageId);
  if (!message) throw notFound(`message ${messageId} does not exist`);
  const conversation = tables.conversations.get(message.conversationId)!;
  if (!conversation.members.has(userId)) {
    throw forbidden(`you are not a member of the conversation of message ${messageId}`);
  }
  return { message, conversation };
}

export function canManageWorkspace(member: WorkspaceMemberRecord): boolean {
  return member.role === 'OWNER' || member.role === 'ADMIN';
}
