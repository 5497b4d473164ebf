import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';
import { login, type Actor } from '../../support/world.js';
import { ACTIVITY, allOf, summaryOf, type NotificationNode } from './inbox.js';

/** alice's demo notifications: the last week at the real time, read and unread, the same content on every start. */
const WEEK = 7 * 24 * 3_600_000;
let servers: RunningMockServer[];
let alices: Actor[];

beforeAll(async () => {
  servers = await Promise.all([startMockServer({ port: 0 }), startMockServer({ port: 0 })]);
  alices = await Promise.all(servers.map((server) => login(server.url, 'alice@acme.test', 'parley-demo')));
});
afterAll(() => Promise.all(servers.map((server) => server.close())));

describe('demo notifications', () => {
  it('alice has mentions, replies and a join from the last week, some read and some unread', async () => {
    const [server, alice] = [servers[0]!, alices[0]!];
    const notifications = await allOf(server.url, alice);
    const now = Date.now();
    expect(notifications.length).toBeGreaterThanOrEqual(6);
    for (const n of notifications) {
      expect(now - Date.parse(n.createdAt)).toBeGreaterThan(0);
      expect(now - Date.parse(n.createdAt)).toBeLessThan(WEEK);
    }
    expect(notifications.map((n) => n.type)).toContain('WORKSPACE_JOINED');
    expect(notifications.filter((n) => n.readAt !== null).length).toBeGreaterThanOrEqual(2);
    expect(notifications.filter((n) => n.readAt === null).length).toBeGreaterThanOrEqual(2);
    const summary = await summaryOf(server.url, alice);
    expect(summary.total).toBe(notifications.length);
    expect(summary.unread).toBe(notifications.filter((n) => n.readAt === null).length);
    const days = ok(await gql<{ notificationActivity: { date: string; mentions: number; replied: number }[] }>(server.url, ACTIVITY, {}, alice.token)).notificationActivity;
    expect(days.reduce((sum, d) => sum + d.mentions, 0)).toBeGreaterThanOrEqual(2);
    expect(days.reduce((sum, d) => sum + d.replied, 0)).toBeGreaterThanOrEqual(2);
    expect(days.filter((d) => d.mentions + d.replied > 0).length).toBeGreaterThanOrEqual(4);
    // Each points at a message alice can open, with its text as the snippet.
    for (const n of notifications.filter((n) => n.messageId !== null)) {
      const page = ok(await gql<{ messages: { nodes: { id: string; content: string }[] } }>(server.url, 'query($c: ID!, $m: ID) { messages(conversationId: $c, aroundMessageId: $m, first: 1) { nodes { id content } } }', { c: n.conversation!.id, m: n.messageId }, alice.token)).messages;
      expect(page.nodes[0]).toEqual({ id: n.messageId, content: n.snippet });
    }
  });

  it('has the same content on every start (types, texts, read state); only ids and times are the start\'s', async () => {
    const [one, two] = await Promise.all(servers.map((server, index) => allOf(server.url, alices[index]!)));
    const content = (list: NotificationNode[]) => list.map((n) => [n.type, n.category, n.snippet, n.readAt !== null]);
    expect(content(two!)).toEqual(content(one!));
  });
});
