import { randomUUID } from 'node:crypto';
import { eachNode, given, markReadAsCaller, messageQueriesIn, type Fault, type MessageQuery } from '../support/fault.js';
import { rewriteArgument, withArgument } from '../support/operation.js';
import type { GraphQLResponse, ProxyCall, ProxyHooks } from '../support/proxy.js';
import { pageIn, refusedWith, withPage, type WireNode } from '../support/response.js';

/**
 * Faulty servers the first version of the suite passed, found while writing this self-test; the
 * suite was changed to catch each (see `why`). They stay here as regular faults.
 */
export interface KnownGap extends Fault {
  /** What the suite missed, and what now catches it. */
  readonly why: string;
}

/** Remembers, for each channel created through the proxy, its visibility and its creator's token. */
function channelRegistry() {
  const channels = new Map<string, { visibility: unknown; creator: string | undefined }>();
  return {
    channels,
    record(response: GraphQLResponse, call: ProxyCall): void {
      const created = call.fields.includes('createChannel') ? (response.body.data?.['createChannel'] as { id?: string } | null | undefined) : undefined;
      const input = given(call.received, 'createChannel', 'input') as { visibility?: unknown } | undefined;
      if (typeof created?.id === 'string') channels.set(created.id, { visibility: input?.visibility, creator: call.received.authorization });
    },
  };
}

/** On FORBIDDEN, answers the request as the channel's creator when `allowed` says so: a server that skips the membership check. */
function readsAsCreator(allowed: (call: ProxyCall, channel: { visibility: unknown }, field: MessageQuery) => boolean): ProxyHooks {
  const registry = channelRegistry();
  return {
    async response(response, call) {
      registry.record(response, call);
      const field = messageQueriesIn(call.fields)[0];
      if (!field || !refusedWith(response, 'FORBIDDEN')) return undefined;
      const channel = registry.channels.get(String(given(call.received, field, 'conversationId')));
      if (!channel?.creator || !allowed(call, channel, field)) return undefined;
      return call.upstream({ ...call.sent, authorization: channel.creator });
    },
  };
}

export const sinceEndCursorAtOldest: KnownGap = {
  name: 'since-end-cursor-at-oldest',
  rule: '4.2 rule 4: endCursor encodes the conversation and the newest sequence in the page',
  breaks: ['since.end-cursor.per-page'],
  why: 'since.end-cursor.per-page catches it but is SHOULD, and since.end-cursor only asks for a string; yet two pages ending at different sequences cannot share a cursor that encodes the newest sequence, so the spec states this rule and the check could be MUST',
  hooks: {
    async response(response, call) {
      const oldest = call.fields.includes('messagesSince') ? pageIn(response, 'messagesSince')?.nodes[0] : undefined;
      if (!oldest) return undefined;
      const one = await call.upstream(withArgument(rewriteArgument(call.sent, 'messagesSince', 'afterSequence', () => ({ present: true, value: oldest.sequence - 1 })), 'messagesSince', 'first', 1));
      const cursor = pageIn(one, 'messagesSince')?.endCursor;
      return cursor ? withPage(response, 'messagesSince', (page) => ({ ...page, endCursor: cursor })) : undefined;
    },
  },
};

function makeDeletedKeepsAttachments(): KnownGap {
  const attachmentsOf = new Map<string, Record<string, unknown>[]>();
  return {
    name: 'deleted-message-keeps-attachments',
    rule: '2.1 MessageView.attachments and 4.1 rule 7: empty when the message is soft-deleted',
    breaks: ['messages.soft-deleted.kept'],
    why: 'provisioning never deletes a message that has an attachment (the deleted ones are main[4], [60], [100]; the attachment is on the last message), so a server that forgets to drop attachments on delete shows [] for them anyway',
    hooks: {
      response(response, call) {
        const sent = call.fields.includes('sendMessage') ? (response.body.data?.['sendMessage'] as { id?: string } | null | undefined) : undefined;
        const input = given(call.received, 'sendMessage', 'input') as { attachments?: { fileName: string; contentType: string; size: number }[] } | undefined;
        if (typeof sent?.id === 'string' && input?.attachments?.length) {
          attachmentsOf.set(sent.id, input.attachments.map((a) => ({ id: randomUUID(), fileName: a.fileName, contentType: a.contentType, size: a.size })));
        }
        return eachNode(response, call, (node) => (node.deletedAt && attachmentsOf.has(node.id) && 'attachments' in node ? { ...node, attachments: attachmentsOf.get(node.id)! } : node));
      },
    },
  };
}

export const deletedKeepsAttachments = makeDeletedKeepsAttachments();

export const publicChannelReadable: KnownGap = {
  name: 'public-channel-readable-by-workspace',
  rule: '4.1 rule 1, 4.2 rule 1, section 5 rule 3: the caller must be a member of the conversation; membership of the workspace alone is not enough',
  breaks: ['errors.forbidden.workspace-member'],
  why: 'every provisioned channel is PRIVATE, so a server that lets any workspace member read PUBLIC channels (a common product choice, but not this spec\'s) is never asked; a public channel of A\'s, read by B, would catch it',
  hooks: readsAsCreator((_call, channel) => channel.visibility === 'PUBLIC'),
};

export const anchorSkipsMembership: KnownGap = {
  name: 'around-message-id-skips-membership',
  rule: '4.1 rule 1 and section 7 row 7: a caller who is not a member of the conversation receives FORBIDDEN',
  breaks: ['errors.forbidden.workspace-member'],
  why: 'the FORBIDDEN checks send only conversationId (and afterSequence); a server that checks membership on the default path but not when it jumps to an anchor (or follows a cursor) is never asked; B asking for main with aroundMessageId (and with before) would catch it',
  hooks: readsAsCreator((call, _channel, field) => field === 'messages' && given(call.received, 'messages', 'aroundMessageId') !== undefined),
};

const UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)Z$/;

/** The same instant, written at UTC+02:00. */
function atPlusTwo(value: string): string {
  if (!UTC.test(value)) return value;
  const shifted = new Date(Date.parse(value) + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

export const dateTimesNotUtc: KnownGap = {
  name: 'datetimes-with-local-offset',
  rule: 'section 2: DateTime is a UTC date-time string',
  breaks: ['fields.datetimes-rfc3339'],
  why: 'the check\'s pattern takes any offset ([+-]HH:MM); SPEC.md asks for UTC, which is Z or +00:00 (RFC 3339 4.3)',
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) => {
        const out: Record<string, unknown> = { ...node };
        for (const key of ['createdAt', 'updatedAt', 'deletedAt'] as const) if (typeof node[key] === 'string') out[key] = atPlusTwo(node[key] as string);
        return out as WireNode;
      }),
  },
};

export const anchorMovesReadMarker: KnownGap = {
  name: 'around-message-id-moves-read-marker',
  rule: '4.1 rule 8: the query does not update the read marker',
  breaks: ['messages.read-marker.unchanged'],
  why: 'the check reads with no arguments and with before: null; a server that marks a conversation read up to the anchor when it jumps to it ("jump to message") is never asked',
  hooks: {
    async response(response, call) {
      const anchor = call.fields.includes('messages') ? given(call.received, 'messages', 'aroundMessageId') : undefined;
      const node = typeof anchor === 'string' ? pageIn(response, 'messages')?.nodes.find((n) => n.id === anchor) : undefined;
      if (node) await markReadAsCaller(call, given(call.received, 'messages', 'conversationId'), node.sequence);
      return undefined;
    },
  },
};

export const readMarkerHiddenByOwnSends: KnownGap = {
  name: 'messages-moves-read-marker-after-own-sends',
  rule: '4.1 rule 8 and 4.2 rule 6: the queries do not update the read marker',
  breaks: ['messages.read-marker.unchanged', 'since.read-marker.unchanged'],
  why: 'a server may legally count a sender\'s own message as read (markConversationAsRead is specified by signature only); then A\'s marker already sits at the newest message of the check\'s channel and no read can move it. Reading as B, a member who did not send, would catch it',
  hooks: {
    async response(response, call) {
      // Legal: a sender has read what they sent.
      const sent = call.fields.includes('sendMessage') ? (response.body.data?.['sendMessage'] as { sequence?: number } | null | undefined) : undefined;
      const input = given(call.received, 'sendMessage', 'input') as { conversationId?: string } | undefined;
      if (typeof sent?.sequence === 'number' && input?.conversationId) await markReadAsCaller(call, input.conversationId, sent.sequence);
      // The fault: reading moves the marker to the newest message read.
      for (const field of messageQueriesIn(call.fields)) {
        const newest = pageIn(response, field)?.nodes.at(-1);
        if (newest) await markReadAsCaller(call, given(call.received, field, 'conversationId'), newest.sequence);
      }
      return undefined;
    },
  },
};

export const replyToOnNonReplies: KnownGap = {
  name: 'reply-to-on-messages-that-reply-to-nothing',
  rule: '2.1 MessageView.replyTo: summary of the replied-to message, or null',
  breaks: ['fields.reply-to.summary'],
  why: 'fields.reply-to.summary looks only at the two replies, and fields.message-as-sent compares replyToMessageId but not replyTo; a server that fills replyTo of every other message (here with a summary of the message itself) passes. Asking that replyTo is null wherever replyToMessageId is null would catch it',
  hooks: {
    response: (response, call) =>
      eachNode(response, call, (node) =>
        node['replyToMessageId'] === null && 'replyTo' in node ? { ...node, replyTo: { id: node.id, senderId: node['senderId'], content: node['content'] ?? null, deletedAt: node.deletedAt ?? null } } : node,
      ),
  },
};

export const deletedAtOnLiveMessages: KnownGap = {
  name: 'deleted-at-on-live-messages',
  rule: '2.1 MessageView.deletedAt and section 3: a message is active when deletedAt is null (soft-delete time, or null)',
  breaks: ['fields.message-as-sent'],
  why: 'only the deleted messages\' deletedAt is looked at; a server that sets deletedAt (here to updatedAt) on messages that still show their content passes. fields.message-as-sent could ask deletedAt to be null exactly when the suite did not delete the message',
  hooks: {
    response: (response, call) => eachNode(response, call, (node) => (node.deletedAt === null && typeof node['updatedAt'] === 'string' ? { ...node, deletedAt: node['updatedAt'] } : node)),
  },
};

export const foundBySelfTest: readonly KnownGap[] = [
  replyToOnNonReplies,
  deletedAtOnLiveMessages,
  sinceEndCursorAtOldest,
  deletedKeepsAttachments,
  publicChannelReadable,
  anchorSkipsMembership,
  dateTimesNotUtc,
  anchorMovesReadMarker,
  readMarkerHiddenByOwnSends,
];
