import { eachNode, type Fault } from '../support/fault.js';
import { mapJson, type WireNode } from '../support/response.js';

/** Faults in what a message shows (SPEC.md 2.1, 4.1 rule 7, 4.2 rule 5). */

export const deletedContentShown: Fault = {
  name: 'soft-deleted-content-shown',
  rule: '2.1, 4.1 rule 7, 4.2 rule 5: a soft-deleted message has content null',
  breaks: ['messages.soft-deleted.kept', 'since.soft-deleted.kept'],
  hooks: { response: (response, call) => eachNode(response, call, (node) => (node.deletedAt ? { ...node, content: 'This message was deleted.' } : node)) },
};

export const replyToDeletedShown: Fault = {
  name: 'reply-to-deleted-content-shown',
  rule: '2.1 MessageSummary: content is null if the replied-to message is deleted',
  breaks: ['fields.reply-to.summary'],
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => {
        const replyTo = node['replyTo'] as { deletedAt?: string | null } | null | undefined;
        return replyTo?.deletedAt ? { ...node, replyTo: { ...replyTo, content: 'the original words' } } : node;
      }),
  },
};

export const reactionsPerUser: Fault = {
  name: 'reactions-one-group-per-user',
  rule: '2.1 MessageView.reactions: reactions grouped by emoji (ReactionSummary: the emoji and the ids of users who used it)',
  breaks: ['fields.reactions.grouped'],
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => {
        const reactions = node['reactions'] as { emoji: string; userIds: string[] }[] | undefined;
        return reactions ? { ...node, reactions: reactions.flatMap((group) => group.userIds.map((userId) => ({ ...group, userIds: [userId] }))) } : node;
      }),
  },
};

const DATE_FIELDS = new Set(['createdAt', 'updatedAt', 'deletedAt']);

export const epochDateTimes: Fault = {
  name: 'datetimes-as-epoch-milliseconds',
  rule: 'section 2: DateTime is a UTC date-time string in ISO 8601 / RFC 3339 format',
  breaks: ['fields.datetimes-rfc3339'],
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => mapJson(node, (key, value) => (DATE_FIELDS.has(key) && typeof value === 'string' ? Date.parse(value) : value)) as WireNode),
  },
};

export const conversationIdNotUuid: Fault = {
  name: 'conversation-id-not-uuid',
  rule: 'section 2: ID values that name conversations and messages are UUIDs',
  breaks: ['fields.ids-are-uuids'],
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => (typeof node['conversationId'] === 'string' ? { ...node, conversationId: `conv_${node['conversationId'].replaceAll('-', '')}` } : node)),
  },
};

export const clientMessageIdReplaced: Fault = {
  name: 'client-message-id-replaced',
  rule: '2.1 MessageView.clientMessageId: the id supplied by the client when sending',
  breaks: ['fields.message-as-sent'],
  hooks: { response: (response, call) => eachNode(response, call, (node) => ('clientMessageId' in node ? { ...node, clientMessageId: `srv-${node.id}` } : node)) },
};

export const attachmentTypeLost: Fault = {
  name: 'attachment-content-type-lost',
  rule: '2.1 MessageAttachmentView.contentType: the MIME type the file was sent with',
  breaks: ['fields.attachments.as-sent'],
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => {
        const attachments = node['attachments'] as Record<string, unknown>[] | undefined;
        return attachments?.length ? { ...node, attachments: attachments.map((a) => ({ ...a, contentType: 'application/octet-stream' })) } : node;
      }),
  },
};

export const contentFaults: readonly Fault[] = [deletedContentShown, replyToDeletedShown, reactionsPerUser, epochDateTimes, conversationIdNotUuid, clientMessageIdReplaced, attachmentTypeLost];
