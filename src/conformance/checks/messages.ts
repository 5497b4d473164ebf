import { CheckSkipped, type Check } from '../check.js';
import { ids, expectAnyRefusal, expectEqual, fail, isAscending, pageOf, sequences, type Page } from './assert.js';
import { inCase } from './cases.js';
import { freshChannel, messagesPage, readMarker } from './context.js';
import { MARK_READ, MESSAGES, MESSAGES_DEFAULT } from './operations.js';

const seqsOf = (messages: readonly { sequence: number }[]) => messages.map((m) => m.sequence);

/** SPEC.md 4.1, `messages`: its arguments and rules 1 to 8 (error codes are in section 7's checks). */
export const messagesChecks: Check[] = [
  {
    id: 'messages.newest-first-page',
    section: '4.1',
    specRef: '4.1 rule 3',
    level: 'MUST',
    title: 'without before and aroundMessageId, the page holds the newest messages',
    async run(ctx) {
      const expected = 'the 10 newest messages, oldest of them first';
      const page = await inCase('first 10 alone', async () => {
        const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10 }, expected);
        expectEqual(ids(page), ctx.world.main.messages.slice(-10).map((m) => m.id), 'the page', expected, page);
        return page;
      });
      await inCase('first 10 with before: null and aroundMessageId: null', async () => {
        const nulls = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10, before: null, aroundMessageId: null }, 'before: null and aroundMessageId: null mean not given');
        expectEqual(ids(nulls), ids(page), 'the page with explicit nulls', 'null before and aroundMessageId to change nothing (4.1 arguments)', nulls);
      });
    },
  },
  {
    id: 'messages.order.ascending',
    section: '4.1',
    specRef: '4.1 rule 4',
    level: 'MUST',
    title: 'nodes are in ascending sequence order within each page, pages go newest to oldest',
    async run(ctx) {
      const expected = 'every page ascending by sequence, each page older than the one before';
      let before: string | null = null;
      let previousOldest = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 20; round++) {
        const page: Page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 25, before }, expected);
        const s = sequences(page);
        if (!isAscending(s)) fail(`a page came in the order ${JSON.stringify(s)}`, expected, page);
        if (s.length > 0 && s.at(-1)! >= previousOldest) fail(`a page reaches sequence ${s.at(-1)}, not older than the previous page's ${previousOldest}`, expected, page);
        previousOldest = s[0] ?? previousOldest;
        if (!page.hasNextPage) return;
        before = page.endCursor;
      }
      // No one exchange is wrong here: only the count of them.
      fail('more than 20 pages of 25 for about 120 messages', expected);
    },
  },
  {
    id: 'messages.empty-conversation',
    section: '4.1',
    specRef: '4.1 rule 4',
    level: 'MUST',
    title: 'an empty conversation gives an empty page, not null: no nodes, endCursor null, hasNextPage false',
    async run(ctx) {
      const expected = '{ nodes: [], endCursor: null, hasNextPage: false }';
      if (ctx.world.empty.messages.length > 0) throw new CheckSkipped('the server puts messages into every new conversation, so none is empty (messages.end-cursor.null-when-empty covers the empty page)', 'not-applicable');
      const page = await messagesPage(ctx, { conversationId: ctx.world.empty.id }, expected);
      expectEqual(page, { nodes: [], endCursor: null, hasNextPage: false }, 'the page', expected, page);
    },
  },
  {
    id: 'messages.end-cursor.oldest',
    section: '4.1',
    specRef: '4.1 rule 5',
    level: 'MUST',
    title: 'endCursor is the cursor at the oldest message of the page',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'before = endCursor continues right below the page\'s oldest message';
      const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10 }, expected);
      if (typeof page.endCursor !== 'string') fail('endCursor is null on a page with messages', expected, page);
      const next = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 1, before: page.endCursor }, expected);
      expectEqual(ids(next), [sent.at(-11)!.id], 'the message right before the cursor', expected, next);
    },
  },
  {
    id: 'messages.end-cursor.null-when-empty',
    section: '4.1',
    specRef: '4.1 rule 5',
    level: 'MUST',
    title: 'endCursor is null when the page is empty (past the oldest message)',
    async run(ctx) {
      const expected = 'an empty page with endCursor null and hasNextPage false';
      const all = ctx.world.other.messages.length;
      const oldest = await messagesPage(ctx, { conversationId: ctx.world.other.id, first: all }, expected);
      const beyond = await messagesPage(ctx, { conversationId: ctx.world.other.id, first: 3, before: oldest.endCursor }, expected);
      expectEqual(beyond, { nodes: [], endCursor: null, hasNextPage: false }, 'the page past the oldest message', expected, beyond);
    },
  },
  {
    id: 'messages.has-next-page.older-exist',
    section: '4.1',
    specRef: '4.1 rule 6',
    level: 'MUST',
    title: 'hasNextPage is true while older messages exist; before = endCursor continues to the oldest',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'hasNextPage true on every page but the last, and the pages together hold every message';
      const seen: string[] = [];
      let before: string | null = null;
      for (let round = 0; round < 10; round++) {
        const page: Page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 40, before }, expected);
        seen.unshift(...ids(page));
        const older = sent.length - seen.length;
        if (page.hasNextPage !== older > 0) fail(`hasNextPage was ${page.hasNextPage} with ${older} older messages left`, expected, page);
        if (!page.hasNextPage) break;
        before = page.endCursor;
      }
      expectEqual(seen, sent.map((m) => m.id), 'the messages of all pages', expected);
    },
  },
  {
    id: 'messages.has-next-page.exact-boundary',
    section: '4.1',
    specRef: '4.1 rule 6',
    level: 'MUST',
    title: 'with exactly `first` older messages left, that page has hasNextPage false',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'hasNextPage false on a page that holds exactly the remaining messages';
      const first = await inCase('the newest 100', async () => {
        const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 100 }, expected);
        if (!page.hasNextPage) fail(`hasNextPage was false with ${sent.length - 100} older messages left`, expected, page);
        return page;
      });
      await inCase(`the ${sent.length - 100} messages left, before the newest 100`, async () => {
        const rest = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: sent.length - 100, before: first.endCursor }, expected);
        expectEqual(rest.nodes.length, sent.length - 100, 'the number of nodes', expected, rest);
        if (rest.hasNextPage) fail('hasNextPage was true although no older message is left', expected, rest);
      });
      await inCase('a whole conversation in one page', async () => {
        const all = await messagesPage(ctx, { conversationId: ctx.world.other.id, first: ctx.world.other.messages.length }, expected);
        if (all.hasNextPage) fail('hasNextPage was true on a page holding the whole conversation', expected, all);
      });
    },
  },
  {
    id: 'messages.before.older-only',
    section: '4.1',
    specRef: '4.1 arguments: before',
    level: 'MUST',
    title: 'before returns the messages just older than the cursor\'s message',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'the 20 messages right before the first page, ascending';
      const first = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 20 }, expected);
      const second = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 20, before: first.endCursor }, expected);
      expectEqual(ids(second), sent.slice(-40, -20).map((m) => m.id), 'the second page', expected, second);
    },
  },
  {
    id: 'messages.before-over-around',
    section: '4.1',
    specRef: '4.1 rule 2',
    level: 'MUST',
    title: 'when before and aroundMessageId are both given, before takes precedence',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'the same page as with before alone';
      const first = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10 }, expected);
      const alone = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10, before: first.endCursor }, expected);
      const both = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 10, before: first.endCursor, aroundMessageId: sent[20]!.id }, expected);
      expectEqual(ids(both), ids(alone), 'the page with both arguments', expected, both);
    },
  },
  {
    id: 'messages.around.ends-at-anchor',
    section: '4.1',
    specRef: '4.1 arguments: aroundMessageId',
    level: 'MUST',
    title: 'aroundMessageId: the page ends at the anchor, holding it and older messages, none newer',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const anchor = sent[50]!;
      const expected = `the anchor (sequence ${anchor.sequence}) and the 4 messages before it`;
      const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 5, aroundMessageId: anchor.id }, expected);
      expectEqual(ids(page), sent.slice(46, 51).map((m) => m.id), 'the page', expected, page);
      if (!page.hasNextPage) fail('hasNextPage was false with 46 older messages', expected, page);
    },
  },
  {
    id: 'messages.around.oldest-anchor',
    section: '4.1',
    specRef: '4.1 arguments: aroundMessageId',
    level: 'MUST',
    title: 'an anchor at the oldest message gives just the anchor, with hasNextPage false',
    async run(ctx) {
      const anchor = ctx.world.main.messages[0]!;
      const expected = 'a page with only the anchor and hasNextPage false';
      const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, aroundMessageId: anchor.id }, expected);
      expectEqual(ids(page), [anchor.id], 'the page', expected, page);
      if (page.hasNextPage) fail('hasNextPage was true below the oldest message', expected, page);
    },
  },
  {
    id: 'messages.first.default-30',
    section: '4.1',
    specRef: '4.1 arguments: first',
    level: 'MUST',
    title: 'first defaults to 30',
    async run(ctx) {
      const expected = 'the 30 newest messages';
      const page = pageOf(await ctx.graphql(MESSAGES_DEFAULT, { conversationId: ctx.world.main.id }, ctx.world.a), 'messages', expected);
      expectEqual(sequences(page), seqsOf(ctx.world.main.messages.slice(-30)), 'the page', expected, page);
    },
  },
  {
    id: 'messages.first.bounds-accepted',
    section: '4.1',
    specRef: '4.1 arguments: first',
    level: 'MUST',
    title: 'first = 1 and first = 100 are accepted and bound the page size',
    async run(ctx) {
      const expected = 'pages of exactly 1 and 100 messages';
      for (const first of [1, 100]) {
        await inCase(`first ${first}`, async () => {
          const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first }, expected);
          expectEqual(page.nodes.length, first, `nodes with first ${first}`, expected, page);
        });
      }
    },
  },
  {
    id: 'messages.first.null-rejected',
    section: '4.1',
    specRef: '4.1 arguments: first',
    level: 'MUST',
    title: 'first: null is not accepted',
    async run(ctx) {
      expectAnyRefusal(await ctx.graphql(MESSAGES, { conversationId: ctx.world.main.id, first: null }, ctx.world.a), 'messages', 'a refusal: null is not accepted for first');
    },
  },
  {
    id: 'messages.soft-deleted.kept',
    section: '4.1',
    specRef: '4.1 rule 7',
    level: 'MUST',
    title: 'a soft-deleted message stays in the page without content or attachments, deletedAt set',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const index = sent.findIndex((m) => m.id === ctx.world.main.deletedIds[1]);
      const deleted = sent[index]!;
      const expected = `message ${deleted.id} in the page with content null, attachments [] and deletedAt set`;
      await inCase('a deleted message, around the message after it', async () => {
        const page = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 3, aroundMessageId: sent[index + 1]!.id }, expected);
        const node = page.nodes.find((n) => n.id === deleted.id);
        if (!node) fail('the deleted message is missing from the page', expected, page);
        if (node.content !== null) fail(`content is ${JSON.stringify(node.content)}`, expected, node);
        if (!Array.isArray(node.attachments) || node.attachments.length > 0) fail('attachments are not empty', expected, node);
        if (typeof node.deletedAt !== 'string') fail('deletedAt is not set', expected, node);
        expectEqual(node.sequence, deleted.sequence, 'its sequence', 'a deleted message keeps its sequence', node);
      });
      const hadFile = ctx.world.main.deletedAttachmentMessageId;
      if (hadFile) {
        await inCase('the deleted message that had an attachment, in the newest page', async () => {
          const newest = await messagesPage(ctx, { conversationId: ctx.world.main.id, first: 3 }, 'the newest page');
          const withFile = newest.nodes.find((n) => n.id === hadFile);
          if (!withFile) fail('the deleted message that had an attachment is missing from the newest page', 'it stays, without attachments', newest);
          if (withFile.content !== null || withFile.attachments.length > 0) fail(`a deleted message still shows ${withFile.attachments.length} attachment(s) and content ${JSON.stringify(withFile.content)}`, 'attachments [] and content null once deleted', withFile);
        });
      }
    },
  },
  {
    id: 'messages.read-marker.unchanged',
    section: '4.1',
    specRef: '4.1 rule 8',
    level: 'MUST',
    title: 'messages does not move the read marker; markConversationAsRead does',
    async run(ctx) {
      // Read as B when there is one: a member who did not send, whose marker a server may not
      // have moved already on its own (some count a sender's own messages as read).
      const reader = ctx.world.b ?? ctx.world.a;
      const channel = await freshChannel(ctx, 4, ctx.world.b ? [ctx.world.b.id] : []);
      const before = await readMarker(ctx, channel.id, reader);
      const newestPage = await messagesPage(ctx, { conversationId: channel.id }, 'a page', reader);
      await messagesPage(ctx, { conversationId: channel.id, first: 1, before: newestPage.endCursor }, 'a page', reader);
      await messagesPage(ctx, { conversationId: channel.id, first: 2, aroundMessageId: newestPage.nodes.at(-1)?.id ?? null }, 'a page', reader);
      const after = await readMarker(ctx, channel.id, reader);
      await inCase('after three messages queries', () => expectEqual(after.sequence, before.sequence, 'lastReadSequence after three messages queries (newest page, before, aroundMessageId)', 'the read marker unchanged by messages', after.exchange));
      const newest = channel.sequences.at(-1)!;
      await ctx.graphql(MARK_READ, { id: channel.id, sequence: newest }, reader);
      const marked = await readMarker(ctx, channel.id, reader);
      await inCase('after markConversationAsRead', () => expectEqual(marked.sequence, newest, 'lastReadSequence after markConversationAsRead', 'markConversationAsRead to set the read marker', marked.exchange));
    },
  },
];
