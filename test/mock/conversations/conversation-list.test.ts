import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, createChannel, createWorkspace, send, type World } from '../../support/world.js';

/** `conversations`: pinned first, then by last activity; a walk neither skips nor repeats while messages reorder the list. */
const LIST = `query($w: ID!, $a: String, $f: Int!) {
  conversations(workspaceId: $w, after: $a, first: $f) {
    nodes { id pinnedAt lastMessageSequence members { userId lastReadSequence } }
    endCursor hasNextPage
  }
}`;
const PIN = 'mutation($c: ID!, $p: Boolean!) { setConversationPinned(conversationId: $c, pinned: $p) { pinnedAt } }';
const READ = 'mutation($c: ID!, $s: Int!) { markConversationAsRead(conversationId: $c, sequence: $s) { id } }';

interface Node {
  readonly id: string;
  readonly pinnedAt: string | null;
  readonly lastMessageSequence: number | null;
  readonly members: { userId: string; lastReadSequence: number }[];
}
interface ListPage {
  readonly nodes: Node[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

const clock = new ManualClock(Date.parse('2026-03-02T09:00:00Z'));
let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  // The clock moves minutes per step; tokens must outlive the file.
  const day = 86_400_000;
  mock = await startMockServer({ port: 0, empty: true, clock, tokenLifetimes: { accessTokenMs: day, refreshTokenMs: day, rememberMeRefreshTokenMs: day } });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

async function page(w: string, token: string, first: number, after: string | null = null): Promise<ListPage> {
  return ok(await gql<{ conversations: ListPage }>(mock.url, LIST, { w, a: after, f: first }, token)).conversations;
}

/** A fresh workspace of A's with `count` channels, created a minute apart (B is in none of them). */
async function workspaceWithChannels(count: number): Promise<{ workspaceId: string; channels: string[] }> {
  const workspaceId = await createWorkspace(mock.url, world.a);
  const channels: string[] = [];
  for (let i = 0; i < count; i++) {
    clock.advance(60_000);
    channels.push(await createChannel(mock.url, world.a, workspaceId, 'PUBLIC'));
  }
  return { workspaceId, channels };
}

async function walk(workspaceId: string, first: number, between: (pageIndex: number) => Promise<void> = async () => {}): Promise<string[]> {
  const seen: string[] = [];
  let after: string | null = null;
  for (let index = 0; ; index++) {
    const current: ListPage = await page(workspaceId, world.a.token, first, after);
    seen.push(...current.nodes.map((node) => node.id));
    if (!current.hasNextPage) return seen;
    after = current.endCursor;
    clock.advance(1_000);
    await between(index);
  }
}

describe('conversations: order', () => {
  it('lists pinned conversations first (most recently pinned first), then by newest activity', async () => {
    const { workspaceId, channels } = await workspaceWithChannels(5);
    const defaultChannel = (await page(workspaceId, world.a.token, 10)).nodes.find((node) => !channels.includes(node.id))!.id;
    const [c1, c2, c3, c4, c5] = channels as [string, string, string, string, string];
    // Without messages, the newest conversation comes first; the default channel is the oldest.
    expect((await page(workspaceId, world.a.token, 10)).nodes.map((n) => n.id)).toEqual([c5, c4, c3, c2, c1, defaultChannel]);

    clock.advance(60_000);
    await send(mock.url, world.a, c2, 'c2 is active again');
    clock.advance(60_000);
    await send(mock.url, world.a, c1, 'c1 is the most recent');
    clock.advance(60_000);
    ok(await gql(mock.url, PIN, { c: c4, p: true }, world.a.token));
    clock.advance(60_000);
    ok(await gql(mock.url, PIN, { c: c3, p: true }, world.a.token));

    const listed = (await page(workspaceId, world.a.token, 10)).nodes;
    expect(listed.map((n) => n.id)).toEqual([c3, c4, c1, c2, c5, defaultChannel]);
    expect(listed.slice(0, 2).every((n) => n.pinnedAt !== null)).toBe(true);
    expect(listed.slice(2).every((n) => n.pinnedAt === null)).toBe(true);

    // Unpinning puts a conversation back where its activity places it.
    clock.advance(60_000);
    ok(await gql(mock.url, PIN, { c: c3, p: false }, world.a.token));
    expect((await page(workspaceId, world.a.token, 10)).nodes.map((n) => n.id)).toEqual([c4, c1, c2, c5, c3, defaultChannel]);
  });

  it('shows lastMessageSequence and every member\'s lastReadSequence as the messages stand', async () => {
    const workspaceId = await createWorkspace(mock.url, world.a);
    clock.advance(60_000);
    const channel = await createChannel(mock.url, world.a, workspaceId, 'PUBLIC');
    const sent = [];
    for (let i = 0; i < 3; i++) sent.push(await send(mock.url, world.a, channel, `message ${i}`));
    ok(await gql(mock.url, READ, { c: channel, s: sent[1]!.sequence }, world.a.token));
    const node = (await page(workspaceId, world.a.token, 10)).nodes.find((n) => n.id === channel)!;
    expect(node.lastMessageSequence).toBe(sent[2]!.sequence);
    expect(node.members).toEqual([{ userId: world.a.id, lastReadSequence: sent[1]!.sequence }]);
  });
});

describe('conversations: a walk through the pages', () => {
  it('sees every conversation once while new messages move conversations to the top', async () => {
    const { workspaceId, channels } = await workspaceWithChannels(9);
    const before = await walk(workspaceId, 10);
    expect(before).toHaveLength(10);

    const reordered = await walk(workspaceId, 3, async (index) => {
      // After each page, a message arrives in a conversation not yet seen and in one already seen.
      await send(mock.url, world.a, channels[index]!, `moves channel ${index} to the top`);
      clock.advance(1_000);
      await send(mock.url, world.a, channels[8 - index]!, `moves channel ${8 - index} to the top`);
    });
    expect(reordered).toEqual(before);

    // A walk begun afterwards sees the new order: the last conversation written to comes first.
    const after = await walk(workspaceId, 3);
    expect(new Set(after)).toEqual(new Set(before));
    expect(after[0]).toBe(channels[6]);
    expect(after).not.toEqual(before);
  });

  it('leaves out conversations created during the walk; the next walk has them', async () => {
    const { workspaceId } = await workspaceWithChannels(4);
    let created = '';
    const seen = await walk(workspaceId, 2, async () => {
      created ||= await createChannel(mock.url, world.a, workspaceId, 'PUBLIC');
    });
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect(seen).not.toContain(created);
    expect((await walk(workspaceId, 2))[0]).toBe(created);
  });

  it('refuses a cursor of another workspace or a made-up one, naming after', async () => {
    const one = await workspaceWithChannels(3);
    const two = await workspaceWithChannels(3);
    const cursor = (await page(one.workspaceId, world.a.token, 1)).endCursor!;
    expect(ok(await gql<{ conversations: ListPage }>(mock.url, LIST, { w: one.workspaceId, a: cursor, f: 1 }, world.a.token)).conversations.nodes).toHaveLength(1);
    for (const after of [cursor.slice(0, -4), 'bm90IGEgY3Vyc29y', `${cursor}==`, '']) {
      const refused = await gql(mock.url, LIST, { w: one.workspaceId, a: after, f: 1 }, world.a.token);
      expectCode(refused, 'BAD_USER_INPUT');
    }
    const foreign = await gql(mock.url, LIST, { w: two.workspaceId, a: cursor, f: 1 }, world.a.token);
    expect(foreign.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it('lists only the caller\'s conversations', async () => {
    const listed = await walk(world.workspaceId, 50);
    expect(listed).toContain(world.privateChannelId);
    const seenByB = (await page(world.workspaceId, world.b.token, 50)).nodes.map((n) => n.id);
    expect(seenByB).not.toContain(world.privateChannelId);
    expect(seenByB.length).toBeGreaterThan(0);
  });
});
