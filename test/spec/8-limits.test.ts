import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startTestMock } from '../support/mock.js';
import { expectCode, gql, ok } from '../support/client.js';
import { MESSAGES, MESSAGES_DEFAULT, SINCE, SINCE_DEFAULT, type Page } from '../support/queries.js';
import { buildWorld, sendMany, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startTestMock();
  world = await buildWorld(mock.url);
  await sendMany(mock.url, world.a, world.privateChannelId, 120);
});
afterAll(() => mock.close());

/** SPEC.md section 8, one row per query: `first` range, its default, null rejected. */
const rows = [
  { query: 'messages', text: MESSAGES, defaultText: MESSAGES_DEFAULT, defaultFirst: 30, extra: {} },
  { query: 'messagesSince', text: SINCE, defaultText: SINCE_DEFAULT, defaultFirst: 50, extra: { afterSequence: 0 } },
] as const;

describe('8 limits', () => {
  for (const row of rows) {
    it(`8 row first (${row.query}): 1 to 100; default ${row.defaultFirst}; null rejected`, async () => {
      const vars = { conversationId: world.privateChannelId, ...row.extra };
      const size = async (first: number) => ok(await gql<Record<string, Page>>(mock.url, row.text, { ...vars, first }, world.a.token))[row.query]!.nodes.length;
      expect(await size(1)).toBe(1);
      expect(await size(100)).toBe(100);
      expectCode(await gql(mock.url, row.text, { ...vars, first: 0 }, world.a.token), 'BAD_USER_INPUT');
      expectCode(await gql(mock.url, row.text, { ...vars, first: 101 }, world.a.token), 'BAD_USER_INPUT');
      expectCode(await gql(mock.url, row.text, { ...vars, first: null }, world.a.token), 'BAD_USER_INPUT');
      const byDefault = ok(await gql<Record<string, Page>>(mock.url, row.defaultText, vars, world.a.token))[row.query]!;
      expect(byDefault.nodes).toHaveLength(row.defaultFirst);
    });
  }

  it('8 row afterSequence (messagesSince): integer >= 0', async () => {
    const vars = { conversationId: world.privateChannelId };
    expect(ok(await gql<{ messagesSince: Page }>(mock.url, SINCE, { ...vars, afterSequence: 0, first: 1 }, world.a.token)).messagesSince.nodes).toHaveLength(1);
    expectCode(await gql(mock.url, SINCE, { ...vars, afterSequence: -1 }, world.a.token), 'BAD_USER_INPUT');
    // Not an integer at all: the GraphQL type Int! refuses it before the resolver runs.
    expectCode(await gql(mock.url, SINCE, { ...vars, afterSequence: 1.5 }, world.a.token), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, SINCE, { ...vars, afterSequence: '3' }, world.a.token), 'BAD_USER_INPUT');
  });
});
