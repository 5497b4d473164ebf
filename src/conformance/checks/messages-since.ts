import type { Check } from '../check.js';
import { ids, expectAnyRefusal, expectEqual, fail, isAscending, pageOf, sequences, type Page } from './assert.js';
import { inCase } from './cases.js';
import { freshChannel, readMarker, sincePage } from './context.js';
import { SINCE, SINCE_DEFAULT } from './operations.js';

/** SPEC.md 4.2, `messagesSince`: its arguments and rules 1 to 6 (error codes are in section 7's checks). */
export const messagesSinceChecks: Check[] = [
  {
    id: 'since.after-zero.from-start',
    section: '4.2',
    specRef: '4.2 arguments: afterSequence',
    level: 'MUST',
    title: 'afterSequence 0 reads from the start of the conversation',
    async run(ctx) {
      const expected = 'the 5 oldest messages';
      const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first: 5 }, expected);
      expectEqual(ids(page), ctx.world.main.messages.slice(0, 5).map((m) => m.id), 'the page', expected, page);
    },
  },
  {
    id: 'since.greater-and-ascending',
    section: '4.2',
    specRef: '4.2 rule 2',
    level: 'MUST',
    title: 'nodes ascend by sequence and are all greater than afterSequence',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const after = sent[9]!.sequence;
      const expected = `the messages after sequence ${after}, ascending`;
      const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: after, first: 20 }, expected);
      const s = sequences(page);
      if (!isAscending(s)) fail(`the nodes came in the order ${JSON.stringify(s)}`, expected, page);
      if (s.some((value) => value <= after)) fail(`a node has sequence ${Math.min(...s)}, not greater than ${after}`, expected, page);
      expectEqual(ids(page), sent.slice(10, 30).map((m) => m.id), 'the page', expected, page);
    },
  },
  {
    id: 'since.first.default-50',
    section: '4.2',
    specRef: '4.2 arguments: first',
    level: 'MUST',
    title: 'first defaults to 50',
    async run(ctx) {
      const expected = 'the 50 oldest messages';
      const page = pageOf(await ctx.graphql(SINCE_DEFAULT, { conversationId: ctx.world.main.id, afterSequence: 0 }, ctx.world.a), 'messagesSince', expected);
      expectEqual(ids(page), ctx.world.main.messages.slice(0, 50).map((m) => m.id), 'the page', expected, page);
      if (!page.hasNextPage) fail('hasNextPage was false with more than 50 messages', expected, page);
    },
  },
  {
    id: 'since.first.bounds-accepted',
    section: '4.2',
    specRef: '4.2 arguments: first',
    level: 'MUST',
    title: 'first = 1 and first = 100 are accepted and bound the page size',
    async run(ctx) {
      const expected = 'pages of exactly 1 and 100 messages';
      for (const first of [1, 100]) {
        await inCase(`first ${first}`, async () => {
          const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first }, expected);
          expectEqual(page.nodes.length, first, `nodes with first ${first}`, expected, page);
        });
      }
    },
  },
  {
    id: 'since.first.null-rejected',
    section: '4.2',
    specRef: '4.2 arguments: first',
    level: 'MUST',
    title: 'first: null is not accepted',
    async run(ctx) {
      expectAnyRefusal(await ctx.graphql(SINCE, { conversationId: ctx.world.main.id, afterSequence: 0, first: null }, ctx.world.a), 'messagesSince', 'a refusal: null is not accepted for first');
    },
  },
  {
    id: 'since.has-next-page.continue',
    section: '4.2',
    specRef: '4.2 rule 3',
    level: 'MUST',
    title: 'hasNextPage is true while newer messages remain; continuing from the last node\'s sequence reads them all',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'hasNextPage true on every page but the last, and every message once';
      const seen: string[] = [];
      let after = 0;
      for (let round = 0; round < 10; round++) {
        const page: Page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: after, first: 40 }, expected);
        seen.push(...ids(page));
        const newer = sent.length - seen.length;
        if (page.hasNextPage !== newer > 0) fail(`hasNextPage was ${page.hasNextPage} with ${newer} newer messages left`, expected, page);
        if (!page.hasNextPage) break;
        after = page.nodes.at(-1)!.sequence;
      }
      expectEqual(seen, sent.map((m) => m.id), 'the messages of all pages', expected);
    },
  },
  {
    id: 'since.has-next-page.exact-boundary',
    section: '4.2',
    specRef: '4.2 rule 3',
    level: 'MUST',
    title: 'with exactly `first` newer messages left, the page has hasNextPage false',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'the 5 newest messages and hasNextPage false';
      const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: sent.at(-6)!.sequence, first: 5 }, expected);
      expectEqual(ids(page), sent.slice(-5).map((m) => m.id), 'the page', expected, page);
      if (page.hasNextPage) fail('hasNextPage was true with no newer message left', expected, page);
    },
  },
  {
    id: 'since.end-cursor',
    section: '4.2',
    specRef: '4.2 rule 4',
    level: 'MUST',
    title: 'endCursor is set on a page with messages and null on an empty page',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const expected = 'an endCursor string on a non-empty page; { nodes: [], endCursor: null, hasNextPage: false } after the newest message';
      await inCase('a page with messages', async () => {
        const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first: 5 }, expected);
        if (typeof page.endCursor !== 'string' || page.endCursor.length === 0) fail('endCursor is not set on a page with messages', expected, page);
      });
      await inCase('the empty page after the newest message', async () => {
        const empty = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: sent.at(-1)!.sequence }, expected);
        expectEqual(empty, { nodes: [], endCursor: null, hasNextPage: false }, 'the page after the newest message', expected, empty);
      });
    },
  },
  {
    id: 'since.end-cursor.per-page',
    section: '4.2',
    specRef: '4.2 rule 4',
    level: 'MUST',
    title: 'endCursor differs between pages that end at different messages (it encodes the newest sequence)',
    async run(ctx) {
      const expected = 'two different endCursor values';
      const one = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first: 5 }, expected);
      const two = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: 0, first: 6 }, expected);
      // Named: the second page, whose cursor repeats the first's (the first alone breaks nothing).
      if (one.endCursor === two.endCursor) fail(`both pages have endCursor ${JSON.stringify(one.endCursor)}`, expected, two);
    },
  },
  {
    id: 'since.soft-deleted.kept',
    section: '4.2',
    specRef: '4.2 rule 5',
    level: 'MUST',
    title: 'soft-deleted messages stay in the stream with content null and no attachments',
    async run(ctx) {
      const sent = ctx.world.main.messages;
      const index = sent.findIndex((m) => m.id === ctx.world.main.deletedIds[2]);
      const deleted = sent[index]!;
      const expected = `message ${deleted.id} in the stream with content null, attachments [] and deletedAt set`;
      const page = await sincePage(ctx, { conversationId: ctx.world.main.id, afterSequence: sent[index - 2]!.sequence, first: 3 }, expected);
      const node = page.nodes.find((n) => n.id === deleted.id);
      if (!node) fail('the deleted message is missing from the stream', expected, page);
      if (node.content !== null || node.attachments.length > 0 || typeof node.deletedAt !== 'string') {
        fail(`it shows content ${JSON.stringify(node.content)}, ${node.attachments.length} attachments, deletedAt ${JSON.stringify(node.deletedAt)}`, expected, node);
      }
    },
  },
  {
    id: 'since.read-marker.unchanged',
    section: '4.2',
    specRef: '4.2 rule 6',
    level: 'MUST',
    title: 'messagesSince does not move the read marker',
    async run(ctx) {
      const reader = ctx.world.b ?? ctx.world.a; // a member who did not send (see messages.read-marker.unchanged)
      const channel = await freshChannel(ctx, 3, ctx.world.b ? [ctx.world.b.id] : []);
      const before = await readMarker(ctx, channel.id, reader);
      await sincePage(ctx, { conversationId: channel.id, afterSequence: 0 }, 'a page', reader);
      const after = await readMarker(ctx, channel.id, reader);
      expectEqual(after.sequence, before.sequence, 'lastReadSequence after messagesSince', 'the read marker unchanged by messagesSince', after.exchange);
    },
  },
];
