import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { gql, ok } from '../support/client.js';
import { MESSAGES, SINCE, type MessageNode, type Page } from '../support/queries.js';
import { buildWorld, createChannel, send, sendMany, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

async function walkBackward(conversationId: string, first: number): Promise<MessageNode[]> {
  const pages: MessageNode[][] = [];
  let before: string | null = null;
  for (;;) {
    const page: Page = ok(await gql<{ messages: Page }>(mock.url, MESSAGES, { conversationId, first, before }, world.a.token)).messages;
    pages.unshift([...page.nodes]);
    if (!page.hasNextPage) return pages.flat();
    before = page.endCursor;
  }
}

async function walkForward(conversationId: string, first: number): Promise<MessageNode[]> {
  const nodes: MessageNode[] = [];
  let afterSequence = 0;
  for (;;) {
    const page: Page = ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { conversationId, afterSequence, first }, world.a.token)).messagesSince;
    nodes.push(...page.nodes);
    if (!page.hasNextPage) return nodes;
    afterSequence = page.nodes.at(-1)!.sequence;
  }
}

describe('4.1 x 4.2 traversal', () => {
  it('walking every page backward with messages equals walking forward with messagesSince: same messages, same order, no duplicates, no gaps', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const sent = await sendMany(mock.url, world.a, id, 70, 'a');
    sent.push(await send(mock.url, world.b, id, 'reply', { replyToMessageId: sent[3]!.id }));
    sent.push(...(await sendMany(mock.url, world.b, id, 66, 'b')));
    for (const victim of [sent[0]!, sent[3]!, sent[100]!]) {
      const sender = victim.sequence <= 70 ? world.a : world.b;
      ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: victim.id }, sender.token));
    }
    const backward = await walkBackward(id, 10);
    const forward = await walkForward(id, 9);
    expect(backward).toEqual(forward);
    expect(backward.map((n) => n.id)).toEqual(sent.map((m) => m.id));
    expect(new Set(backward.map((n) => n.sequence)).size).toBe(sent.length);
    const sequences = backward.map((n) => n.sequence);
    expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    expect(backward.filter((n) => n.deletedAt !== null)).toHaveLength(3);
  });
});
