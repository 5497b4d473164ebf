import { randomUUID } from 'node:crypto';
import type { Check, CheckContext } from '../check.js';
import { dataOf, expectEqual, fail, ids, type Node, type Page } from './assert.js';
import { inCase } from './cases.js';
import { freshChannel, messagesPage, sincePage } from './context.js';
import { SEND } from './operations.js';

async function walkBackward(ctx: CheckContext, conversationId: string, first: number): Promise<Node[]> {
  const pages: Node[][] = [];
  let before: string | null = null;
  for (let round = 0; round < 1000; round++) {
    const page: Page = await messagesPage(ctx, { conversationId, first, before }, 'a page of the backward walk');
    pages.unshift([...page.nodes]);
    if (!page.hasNextPage) return pages.flat();
    before = page.endCursor;
  }
  fail('the backward walk did not end after 1,000 pages', 'hasNextPage false at the oldest message');
}

async function walkForward(ctx: CheckContext, conversationId: string, first: number): Promise<Node[]> {
  const nodes: Node[] = [];
  let afterSequence = 0;
  for (let round = 0; round < 1000; round++) {
    const page: Page = await sincePage(ctx, { conversationId, afterSequence, first }, 'a page of the forward walk');
    nodes.push(...page.nodes);
    if (!page.hasNextPage) return nodes;
    afterSequence = page.nodes.at(-1)!.sequence;
  }
  fail('the forward walk did not end after 1,000 pages', 'hasNextPage false at the newest message');
}

function expectOnce(walk: readonly Node[], expectedIds: readonly string[], name: string, expected: string): void {
  const seen = new Set<string>();
  for (const node of walk) {
    // The node seen again came in its own page: that page's exchange is the one to show.
    if (seen.has(node.id)) fail(`the ${name} walk returned message ${node.id} twice`, expected, node);
    seen.add(node.id);
  }
  // A gap or a wrong count is a verdict on the whole walk: no one exchange shows it.
  const missing = expectedIds.filter((id) => !seen.has(id));
  if (missing.length > 0) fail(`the ${name} walk misses ${missing.length} message(s), e.g. ${missing[0]}`, expected);
  if (seen.size !== expectedIds.length) fail(`the ${name} walk returned ${seen.size} messages, not ${expectedIds.length}`, expected);
}

/** Cross-checks a careful reviewer would run: both queries together, and under concurrency. */
export const crossChecks: Check[] = [
  {
    id: 'cross.walks-agree',
    section: 'cross',
    specRef: '4.1 rules 4-6 with 4.2 rules 2-3',
    level: 'MUST',
    title: 'walking all pages backward with messages and forward with messagesSince gives the same messages in the same order, no duplicates, no gaps',
    async run(ctx) {
      const expected = 'both walks: every message sent, once each, in ascending sequence order';
      const sent = ctx.world.main.messages.map((m) => m.id);
      const backward = await walkBackward(ctx, ctx.world.main.id, 17);
      const forward = await walkForward(ctx, ctx.world.main.id, 23);
      await inCase('the backward walk (messages)', () => expectOnce(backward, sent, 'backward', expected));
      await inCase('the forward walk (messagesSince)', () => expectOnce(forward, sent, 'forward', expected));
      expectEqual(backward.map((n) => n.id), forward.map((n) => n.id), 'the order of the backward walk against the forward walk', expected);
      expectEqual(backward.map((n) => n.id), sent, 'the order of the messages against the order sent', expected);
    },
  },
  {
    id: 'cross.concurrent-sends',
    section: 'cross',
    specRef: '2.1 MessageView.sequence with 4.1 and 4.2',
    level: 'MUST',
    title: 'under 300 concurrent sends from two actors, every acknowledged message appears exactly once in both walks, with its own sequence',
    needs: ['B'],
    async run(ctx) {
      const b = ctx.world.b!;
      const channel = await freshChannel(ctx, 0, [b.id]);
      const before = (await sincePage(ctx, { conversationId: channel.id, afterSequence: 0, first: 100 }, 'what a new conversation holds')).nodes.map((n) => n.id);
      const expected = '300 distinct sequences; each acknowledged message once in each walk, at the sequence it was acknowledged with';
      const acknowledged = await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const as = i % 2 === 0 ? ctx.world.a : b;
          const variables = { input: { conversationId: channel.id, clientMessageId: `parley-burst-${randomUUID()}`, content: `burst ${i}` } };
          const exchange = await ctx.graphql(SEND, variables, as); // rate limits are waited out by ctx.graphql
          return inCase(`concurrent send ${i + 1} of 300, as ${as.name}`, () => dataOf<{ id: string; sequence: number }>(exchange, 'sendMessage', 'every concurrent send acknowledged'));
        }),
      );
      const bySequence = new Map(acknowledged.map((m) => [m.sequence, m.id]));
      if (bySequence.size !== acknowledged.length) {
        // Shows the first send acknowledged with a sequence another send already had.
        const again = acknowledged.find((m, i) => acknowledged.findIndex((o) => o.sequence === m.sequence) !== i);
        await inCase('the concurrent sends', () => fail(`${acknowledged.length - bySequence.size} acknowledged messages share a sequence`, expected, again));
      }
      const sentIds = [...before, ...[...acknowledged].sort((x, y) => x.sequence - y.sequence).map((m) => m.id)];
      const backward = await walkBackward(ctx, channel.id, 100);
      const forward = await walkForward(ctx, channel.id, 100);
      await inCase('the backward walk (messages)', () => expectOnce(backward, sentIds, 'backward', expected));
      await inCase('the forward walk (messagesSince)', () => expectOnce(forward, sentIds, 'forward', expected));
      for (const node of forward) if (!before.includes(node.id) && bySequence.get(node.sequence) !== node.id) await inCase('the forward walk (messagesSince)', () => fail(`message ${node.id} is stored at sequence ${node.sequence}, acknowledged elsewhere`, expected, node));
      expectEqual(ids({ nodes: backward, endCursor: null, hasNextPage: false }), sentIds, 'the backward walk against the acknowledged order', expected);
    },
  },
];
