import type { Check } from '../check.js';
import { expectEqual, fail, shown, type Node } from './assert.js';
import { messagesPage, sincePage } from './context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** RFC 3339 in UTC (SPEC.md 2: "a UTC date-time string"): `Z`, or an offset of zero. */
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]00:00)$/;

async function everything(ctx: Parameters<Check['run']>[0]): Promise<readonly Node[]> {
  return (await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first: 100 }, 'the first 100 messages')).nodes;
}

/** The field rules of SPEC.md 2.1 that a response shows. */
export const fieldChecks: Check[] = [
  {
    id: 'fields.ids-are-uuids',
    section: '2.1',
    specRef: '2.1 (ID values of conversations and messages are UUIDs)',
    level: 'MUST',
    title: 'message ids, conversation ids and replyToMessageId are UUIDs',
    async run(ctx) {
      const expected = 'UUIDs in id, conversationId, replyToMessageId and replyTo.id';
      for (const node of await everything(ctx)) {
        for (const [field, value] of [['id', node.id], ['conversationId', node.conversationId], ['replyToMessageId', node.replyToMessageId], ['replyTo.id', node.replyTo?.id ?? null]] as const) {
          if (value !== null && !UUID.test(value)) fail(`${field} of message ${node.id} is ${JSON.stringify(value)}`, expected, node);
        }
      }
    },
  },
  {
    id: 'fields.datetimes-rfc3339',
    section: '2.1',
    specRef: '2 (DateTime is a UTC RFC 3339 date-time)',
    level: 'MUST',
    title: 'createdAt, updatedAt, deletedAt and replyTo.deletedAt are UTC RFC 3339 date-times',
    async run(ctx) {
      const expected = 'UTC RFC 3339 date-time strings such as 2026-01-05T09:30:00.000Z';
      for (const node of await everything(ctx)) {
        for (const [field, value] of [['createdAt', node.createdAt], ['updatedAt', node.updatedAt], ['deletedAt', node.deletedAt], ['replyTo.deletedAt', node.replyTo?.deletedAt ?? null]] as const) {
          if (value !== null && (typeof value !== 'string' || !RFC3339_UTC.test(value) || Number.isNaN(Date.parse(value)))) fail(`${field} of message ${node.id} is ${JSON.stringify(value)}`, expected, node);
        }
        if (Date.parse(node.updatedAt) < Date.parse(node.createdAt)) fail(`message ${node.id} was updated (${node.updatedAt}) before it was created (${node.createdAt})`, 'updatedAt not before createdAt', node);
      }
    },
  },
  {
    id: 'fields.message-as-sent',
    section: '2.1',
    specRef: '2.1 MessageView',
    level: 'MUST',
    title: 'each message shows what was sent: clientMessageId, conversationId, senderId, type TEXT, content (as edited), replyToMessageId, sequence; live ones have no deletedAt',
    async run(ctx) {
      const sent = new Map(ctx.world.main.messages.map((m) => [m.id, m]));
      for (const node of await everything(ctx)) {
        const mine = sent.get(node.id);
        if (!mine) fail(`message ${node.id} was never sent to this conversation`, 'only the messages the suite sent', node);
        const expected = `message ${node.id} as sent`;
        expectEqual(node.clientMessageId, mine.clientMessageId, 'clientMessageId', expected, node);
        expectEqual(node.conversationId, ctx.world.main.id, 'conversationId', expected, node);
        expectEqual(node.senderId, mine.senderId, 'senderId', expected, node);
        expectEqual(node.sequence, mine.sequence, 'sequence', expected, node);
        expectEqual(node.type, mine.type, 'type', expected, node);
        expectEqual(node.content, mine.content, 'content', expected, node);
        expectEqual(node.replyToMessageId, mine.replyToMessageId, 'replyToMessageId', expected, node);
        if (mine.content !== null && node.deletedAt !== null) fail(`message ${node.id} is live but shows deletedAt ${shown(node.deletedAt)}`, 'deletedAt null on a message that is not deleted', node);
      }
    },
  },
  {
    id: 'fields.reply-to.summary',
    section: '2.1',
    specRef: '2.1 MessageSummary',
    level: 'MUST',
    title: 'replyTo summarises the replied-to message; for a deleted one, content is null and deletedAt set',
    async run(ctx) {
      const nodes = await everything(ctx);
      const repliedDeleted = ctx.world.main.repliedDeletedId;
      const toDeleted = nodes.find((n) => n.replyToMessageId === repliedDeleted);
      const expected = 'replyTo { id, senderId, content: null, deletedAt: <set> } for the reply to a deleted message';
      if (!toDeleted) fail('the reply to the deleted message is missing', expected, nodes);
      if (!toDeleted.replyTo || toDeleted.replyTo.id !== repliedDeleted || toDeleted.replyTo.senderId !== ctx.world.a.id) fail(`replyTo is ${JSON.stringify(toDeleted.replyTo)}`, expected, toDeleted);
      if (toDeleted.replyTo.content !== null || typeof toDeleted.replyTo.deletedAt !== 'string') fail(`replyTo shows content ${JSON.stringify(toDeleted.replyTo.content)} and deletedAt ${JSON.stringify(toDeleted.replyTo.deletedAt)}`, expected, toDeleted);
      for (const node of nodes) {
        if ((node.replyToMessageId === null) !== (node.replyTo === null)) {
          fail(`message ${node.id} has replyToMessageId ${shown(node.replyToMessageId)} but replyTo ${shown(node.replyTo)}`, 'replyTo null exactly when replyToMessageId is null', node);
        }
      }
      const live = nodes.find((n) => n.replyToMessageId !== null && n.replyToMessageId !== repliedDeleted);
      const target = live && ctx.world.main.messages.find((m) => m.id === live.replyToMessageId);
      if (!live || !target) fail('the reply to a live message is missing', 'a reply to a live message', nodes);
      expectEqual(live.replyTo, { id: target.id, senderId: target.senderId, content: target.content, deletedAt: null }, 'replyTo of a live message', 'the summary of the live message', live);
    },
  },
  {
    id: 'fields.reactions.grouped',
    section: '2.1',
    specRef: '2.1 ReactionSummary',
    level: 'MUST',
    title: 'reactions are grouped by emoji, each with the ids of the users who used it',
    needs: ['B'],
    async run(ctx) {
      const shared = ctx.world.shared!;
      const expected = JSON.stringify(shared.reactions);
      const page = await messagesPage(ctx, { conversationId: shared.id }, expected);
      const node = page.nodes.find((n) => n.id === shared.reactedId);
      if (!node) fail('the reacted message is missing', expected, page);
      const got = new Map(node.reactions.map((r) => [r.emoji, [...r.userIds].sort()]));
      if (got.size !== node.reactions.length) fail(`an emoji appears in more than one group: ${JSON.stringify(node.reactions)}`, expected, node);
      for (const wanted of shared.reactions) {
        expectEqual(got.get(wanted.emoji) ?? null, [...wanted.userIds].sort(), `the users of ${wanted.emoji}`, expected, node);
      }
      expectEqual(got.size, shared.reactions.length, 'the number of emoji groups', expected, node);
    },
  },
  {
    id: 'fields.attachments.as-sent',
    section: '2.1',
    specRef: '2.1 MessageAttachmentView',
    level: 'MUST',
    title: 'an attachment shows the fileName, contentType and size it was sent with',
    needs: ['attachment'],
    async run(ctx) {
      const attachment = ctx.world.attachment!;
      const expected = `one attachment { fileName: ${attachment.fileName}, contentType: ${attachment.contentType}, size: ${attachment.size} }`;
      const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 5 }, expected);
      const node = page.nodes.find((n) => n.id === attachment.messageId);
      if (!node) fail('the message with the attachment is missing', expected, page);
      if (node.attachments.length !== 1) fail(`it has ${node.attachments.length} attachments`, expected, node);
      const [only] = node.attachments;
      expectEqual({ fileName: only!.fileName, contentType: only!.contentType, size: only!.size }, { fileName: attachment.fileName, contentType: attachment.contentType, size: attachment.size }, 'the attachment', expected, node);
      if (typeof only!.id !== 'string' || only!.id.length === 0) fail('the attachment has no id', expected, node);
    },
  },
];
