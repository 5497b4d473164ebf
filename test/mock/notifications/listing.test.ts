import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { createChannel, createWorkspace, joinWorkspace, login, registerActor, send, type Actor } from '../../support/world.js';
import { ACTIVITY, allOf, pageOf, PAGE, SUMMARY, summaryOf, usernameOf } from './inbox.js';

/** notifications (paging), notificationSummary, markNotificationRead, markAllNotificationsRead, clearReadNotifications. */
const clock = new ManualClock(Date.parse('2026-04-14T09:00:00Z'));
let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
});
afterAll(() => mock.close());

interface Pair {
  /** Owns the workspace: told of every join (SYSTEM). */
  readonly x: Actor;
  /** Mentions x. */
  readonly y: Actor;
  readonly channel: string;
  readonly xName: string;
}

/** x owns a fresh workspace that y joins (x's first notification, SYSTEM), and a channel of both. */
async function pair(): Promise<Pair> {
  const [x, y] = [await registerActor(mock.url, 'x'), await registerActor(mock.url, 'y')];
  const workspaceId = await createWorkspace(mock.url, x);
  await joinWorkspace(mock.url, x, workspaceId, y);
  const channel = await createChannel(mock.url, x, workspaceId, 'PRIVATE', [y.id]);
  return { x, y, channel, xName: await usernameOf(mock.url, x) };
}

/** y mentions x `count` times, a second apart; returns the message ids, oldest first. */
async function mentions({ y, channel, xName }: Pair, count: number, step = 1_000): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    clock.advance(step);
    ids.push((await send(mock.url, y, channel, `@${xName} point ${i}`)).id);
  }
  return ids;
}

describe('notifications', () => {
  it('lists newest first, paged by a cursor that neither skips nor repeats while new notifications arrive', async () => {
    const p = await pair();
    const sent = await mentions(p, 25);
    const first = await pageOf(mock.url, p.x, 10);
    expect(first.nodes.map((n) => n.messageId)).toEqual(sent.slice(-10).reverse());
    expect(first.hasNextPage).toBe(true);
    const arriving = await mentions(p, 5);
    const second = await pageOf(mock.url, p.x, 10, first.endCursor);
    expect(second.nodes.map((n) => n.messageId)).toEqual(sent.slice(5, 15).reverse());
    const third = await pageOf(mock.url, p.x, 10, second.endCursor);
    // The five older mentions, then the join that started it all; nothing after.
    expect(third.nodes.map((n) => n.messageId)).toEqual([...sent.slice(0, 5).reverse(), null]);
    expect(third.nodes.at(-1)!.type).toBe('WORKSPACE_JOINED');
    expect(third.hasNextPage).toBe(false);
    const walked = await allOf(mock.url, p.x);
    expect(walked.map((n) => n.messageId)).toEqual([...[...sent, ...arriving].reverse(), null]);
    const times = walked.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('walks notifications made in the same millisecond one by one without skipping or repeating', async () => {
    const p = await pair();
    const sent = await mentions(p, 6, 0);
    const seen: string[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 10; guard++) {
      const page = await pageOf(mock.url, p.x, 1, after);
      seen.push(...page.nodes.map((n) => n.messageId ?? 'join'));
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set([...sent, 'join']));
  });

  it('an empty list is one empty page with a null endCursor', async () => {
    const lonely = await registerActor(mock.url, 'lonely');
    expect(await pageOf(mock.url, lonely, 5)).toEqual({ nodes: [], endCursor: null, hasNextPage: false });
  });

  it('first is 1 to 100 (default 30): BAD_USER_INPUT naming first', async () => {
    const p = await pair();
    await mentions(p, 31);
    const defaulted = ok(await gql<{ notifications: { nodes: unknown[] } }>(mock.url, '{ notifications { nodes { id } } }', {}, p.x.token));
    expect(defaulted.notifications.nodes).toHaveLength(30);
    for (const first of [0, -1, 101]) {
      const response = await gql(mock.url, PAGE, { f: first }, p.x.token);
      expectCode(response, 'BAD_USER_INPUT');
      expect(response.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'first' });
    }
    expect((await pageOf(mock.url, p.x, 100)).nodes).toHaveLength(32);
  });

  it('a malformed cursor is BAD_USER_INPUT naming after; a cursor stays valid after its notification is cleared', async () => {
    const p = await pair();
    await mentions(p, 3);
    const other = ok(await gql<{ messages: { endCursor: string } }>(mock.url, 'query($c: ID!) { messages(conversationId: $c, first: 1) { endCursor } }', { c: p.channel }, p.x.token)).messages.endCursor;
    const bad = ['', 'nope!', Buffer.from('n1:abc:def').toString('base64url'), Buffer.from('l1:x').toString('base64url'), other, 'A'.repeat(500)];
    for (const after of bad) {
      const response = await gql(mock.url, PAGE, { a: after, f: 5 }, p.x.token);
      expectCode(response, 'BAD_USER_INPUT');
      expect(response.errors![0]!.extensions, after).toEqual({ code: 'BAD_USER_INPUT', field: 'after' });
    }
    const top = await pageOf(mock.url, p.x, 1);
    ok(await gql(mock.url, 'mutation($id: ID!) { markNotificationRead(id: $id) }', { id: top.nodes[0]!.id }, p.x.token));
    ok(await gql(mock.url, 'mutation { clearReadNotifications }', {}, p.x.token));
    const rest = await pageOf(mock.url, p.x, 10, top.endCursor);
    expect(rest.nodes.map((n) => n.type)).toEqual(['MENTION', 'MENTION', 'WORKSPACE_JOINED']);
  });
});

describe('notificationSummary', () => {
  it('counts the total and the unread ones by category (mentions and replies are MENTIONS, joins SYSTEM)', async () => {
    const p = await pair();
    expect(await summaryOf(mock.url, p.x)).toEqual({ total: 1, unread: 1, unreadMeetings: 0, unreadMentions: 0, unreadSystem: 1 });
    await mentions(p, 2);
    const mine = await send(mock.url, p.x, p.channel, 'my message');
    await send(mock.url, p.y, p.channel, 'a reply', { replyToMessageId: mine.id });
    expect(await summaryOf(mock.url, p.x)).toEqual({ total: 4, unread: 4, unreadMeetings: 0, unreadMentions: 3, unreadSystem: 1 });
    const [newest] = (await pageOf(mock.url, p.x, 1)).nodes;
    ok(await gql(mock.url, 'mutation($id: ID!) { markNotificationRead(id: $id) }', { id: newest!.id }, p.x.token));
    expect(await summaryOf(mock.url, p.x)).toEqual({ total: 4, unread: 3, unreadMeetings: 0, unreadMentions: 2, unreadSystem: 1 });
    ok(await gql(mock.url, 'mutation { clearReadNotifications }', {}, p.x.token));
    expect(await summaryOf(mock.url, p.x)).toEqual({ total: 3, unread: 3, unreadMeetings: 0, unreadMentions: 2, unreadSystem: 1 });
    // y's own notifications are y's: none.
    expect(await summaryOf(mock.url, p.y)).toEqual({ total: 0, unread: 0, unreadMeetings: 0, unreadMentions: 0, unreadSystem: 0 });
  });
});

const MARK = 'mutation($id: ID!) { markNotificationRead(id: $id) }';

describe('markNotificationRead, markAllNotificationsRead, clearReadNotifications', () => {
  it('markNotificationRead is true when it changed something, false when already read, and sets readAt', async () => {
    const p = await pair();
    const [join] = (await pageOf(mock.url, p.x)).nodes;
    expect(ok(await gql<{ markNotificationRead: boolean }>(mock.url, MARK, { id: join!.id }, p.x.token)).markNotificationRead).toBe(true);
    const readAt = (await pageOf(mock.url, p.x)).nodes[0]!.readAt;
    expect(readAt).toBe(new Date(clock.now()).toISOString());
    clock.advance(5_000);
    expect(ok(await gql<{ markNotificationRead: boolean }>(mock.url, MARK, { id: join!.id }, p.x.token)).markNotificationRead).toBe(false);
    expect((await pageOf(mock.url, p.x)).nodes[0]!.readAt).toBe(readAt);
  });

  it("another user's notification is NOT_FOUND, like an unknown id, and stays unread; a malformed id is BAD_USER_INPUT", async () => {
    const p = await pair();
    const [join] = (await pageOf(mock.url, p.x)).nodes;
    const before = digestTables(mock.state.tables);
    const theirs = await gql(mock.url, MARK, { id: join!.id }, p.y.token);
    const unknown = await gql(mock.url, MARK, { id: '00000000-0000-4000-8000-000000000000' }, p.y.token);
    for (const response of [theirs, unknown]) expect(response.errors![0]!.extensions).toEqual({ code: 'NOT_FOUND', field: 'id' });
    expect(theirs.errors![0]!.message.replace(join!.id, '?')).toBe(unknown.errors![0]!.message.replace('00000000-0000-4000-8000-000000000000', '?'));
    const malformed = await gql(mock.url, MARK, { id: 'not-an-id' }, p.x.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(digestTables(mock.state.tables), 'a refused call changed the state').toBe(before);
  });

  it("markAllNotificationsRead counts what became read and touches no one else's", async () => {
    const p = await pair();
    const other = await pair();
    await mentions(p, 3);
    await mentions(other, 2);
    const othersBefore = await allOf(mock.url, other.x);
    ok(await gql(mock.url, MARK, { id: (await pageOf(mock.url, p.x, 1)).nodes[0]!.id }, p.x.token));
    expect(ok(await gql<{ markAllNotificationsRead: number }>(mock.url, 'mutation { markAllNotificationsRead }', {}, p.x.token)).markAllNotificationsRead).toBe(3);
    expect(ok(await gql<{ markAllNotificationsRead: number }>(mock.url, 'mutation { markAllNotificationsRead }', {}, p.x.token)).markAllNotificationsRead).toBe(0);
    expect((await allOf(mock.url, p.x)).every((n) => n.readAt !== null)).toBe(true);
    expect(await allOf(mock.url, other.x)).toEqual(othersBefore);
    expect((await summaryOf(mock.url, other.x)).unread).toBe(3);
  });

  it("clearReadNotifications removes the caller's read ones, counts them, keeps the unread, and touches no one else's", async () => {
    const p = await pair();
    const other = await pair();
    await mentions(p, 4);
    await mentions(other, 2);
    ok(await gql(mock.url, 'mutation { markAllNotificationsRead }', {}, other.x.token));
    const othersBefore = await allOf(mock.url, other.x);
    const [newest, second] = (await pageOf(mock.url, p.x, 2)).nodes;
    for (const n of [newest!, second!]) ok(await gql(mock.url, MARK, { id: n.id }, p.x.token));
    expect(ok(await gql<{ clearReadNotifications: number }>(mock.url, 'mutation { clearReadNotifications }', {}, p.x.token)).clearReadNotifications).toBe(2);
    expect(ok(await gql<{ clearReadNotifications: number }>(mock.url, 'mutation { clearReadNotifications }', {}, p.x.token)).clearReadNotifications).toBe(0);
    const left = await allOf(mock.url, p.x);
    expect(left.map((n) => n.id)).not.toContain(newest!.id);
    expect(left).toHaveLength(3);
    expect(left.every((n) => n.readAt === null)).toBe(true);
    expect(await allOf(mock.url, other.x)).toEqual(othersBefore);
    expectCode(await gql(mock.url, MARK, { id: newest!.id }, p.x.token), 'NOT_FOUND');
  });

  it('every notification operation is UNAUTHENTICATED without a token, and changes nothing', async () => {
    const p = await pair();
    const [join] = (await pageOf(mock.url, p.x)).nodes;
    const before = digestTables(mock.state.tables);
    for (const [query, variables] of [
      [PAGE, { f: 5 }],
      [SUMMARY, {}],
      [ACTIVITY, {}],
      [MARK, { id: join!.id }],
      ['mutation { markAllNotificationsRead }', {}],
      ['mutation { clearReadNotifications }', {}],
    ] as const) {
      expectCode(await gql(mock.url, query, variables), 'UNAUTHENTICATED');
    }
    expect(digestTables(mock.state.tables)).toBe(before);
    // Still there for its owner, unread.
    expect((await pageOf(mock.url, (await login(mock.url, p.x.email, p.x.password)), 1)).nodes[0]).toMatchObject({ id: join!.id, readAt: null });
  });
});
