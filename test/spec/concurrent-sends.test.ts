import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { gql, ok } from '../support/client.js';
import { SINCE, type Page } from '../support/queries.js';
import { buildWorld, createChannel, SEND, type SentMessage, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

describe('concurrent sendMessage', () => {
  it('500 concurrent sends from two users yield 500 distinct, strictly increasing sequences, none lost', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const sends = Array.from({ length: 500 }, (_, i) => {
      const sender = i % 2 === 0 ? world.a : world.b;
      const clientMessageId = randomUUID();
      return gql<{ sendMessage: SentMessage }>(mock.url, SEND, { input: { conversationId: id, clientMessageId, content: `burst ${i}` } }, sender.token).then(
        (response) => ({ clientMessageId, message: ok(response).sendMessage }),
      );
    });
    const acknowledged = await Promise.all(sends);
    for (const { clientMessageId, message } of acknowledged) expect(message.clientMessageId).toBe(clientMessageId);
    const sequences = acknowledged.map(({ message }) => message.sequence);
    expect(new Set(sequences).size).toBe(500);

    const stored: Page['nodes'][number][] = [];
    let afterSequence = 0;
    for (;;) {
      const page = ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { conversationId: id, afterSequence, first: 100 }, world.a.token)).messagesSince;
      stored.push(...page.nodes);
      if (!page.hasNextPage) break;
      afterSequence = page.nodes.at(-1)!.sequence;
    }
    expect(stored).toHaveLength(500);
    for (let i = 1; i < stored.length; i++) expect(stored[i]!.sequence).toBeGreaterThan(stored[i - 1]!.sequence);
    expect(new Set(stored.map((n) => n.id))).toEqual(new Set(acknowledged.map(({ message }) => message.id)));
    const bySequence = new Map(acknowledged.map(({ message }) => [message.sequence, message.id]));
    for (const node of stored) expect(bySequence.get(node.sequence)).toBe(node.id);
  });
});
