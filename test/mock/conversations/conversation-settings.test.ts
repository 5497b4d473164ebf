import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, createChannel, joinWorkspace, registerActor, type Actor, type World } from '../../support/world.js';

/** updateConversation, setConversationMuted, setConversationPinned, browseChannels. */
const UPDATE = 'mutation($i: UpdateConversationInput!) { updateConversation(input: $i) { id title description updatedAt } }';
const MUTE = 'mutation($c: ID!, $m: Boolean!) { setConversationMuted(conversationId: $c, muted: $m) { muted pinnedAt } }';
const PIN = 'mutation($c: ID!, $p: Boolean!) { setConversationPinned(conversationId: $c, pinned: $p) { muted pinnedAt } }';
const BROWSE = 'query($w: ID!, $a: String, $f: Int!) { browseChannels(workspaceId: $w, after: $a, first: $f) { nodes { id title description isDefault joined membersCount } endCursor hasNextPage } }';
const VIEW = 'query($id: ID!) { conversation(id: $id) { muted pinnedAt } }';

interface Summary {
  readonly id: string;
  readonly title: string;
  readonly isDefault: boolean;
  readonly joined: boolean;
  readonly membersCount: number;
}

let mock: RunningMockServer;
let world: World;
let guest: Actor;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  guest = await registerActor(mock.url, 'guest');
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest, 'GUEST');
});
afterAll(() => mock.close());

describe('updateConversation', () => {
  it("the channel's owner changes title and description; omitted fields stay; an empty description removes it", async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    const title = `renamed-${Date.now()}`;
    const first = ok(await gql<{ updateConversation: { title: string; description: string | null } }>(mock.url, UPDATE, { i: { id, title, description: 'About it' } }, world.a.token)).updateConversation;
    expect(first).toMatchObject({ title, description: 'About it' });
    const second = ok(await gql<{ updateConversation: { title: string; description: string | null } }>(mock.url, UPDATE, { i: { id, description: '' } }, world.a.token)).updateConversation;
    expect(second).toMatchObject({ title, description: null });
    const recased = ok(await gql<{ updateConversation: { title: string } }>(mock.url, UPDATE, { i: { id, title: title.toUpperCase() } }, world.a.token)).updateConversation;
    expect(recased.title).toBe(title.toUpperCase());
  });

  it('keeps titles unique per workspace (CONFLICT naming input.title) and refuses a direct conversation', async () => {
    const one = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    const two = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    const { conversation } = ok(await gql<{ conversation: { title: string } }>(mock.url, 'query($id: ID!) { conversation(id: $id) { title } }', { id: one }, world.a.token));
    const taken = await gql(mock.url, UPDATE, { i: { id: two, title: conversation.title.toUpperCase() } }, world.a.token);
    expect(taken.errors![0]!.extensions).toEqual({ code: 'CONFLICT', field: 'input.title' });
    const { createDirectConversation } = ok(await gql<{ createDirectConversation: { id: string } }>(mock.url, 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w: world.workspaceId, p: world.b.id }, world.a.token));
    expectCode(await gql(mock.url, UPDATE, { i: { id: createDirectConversation.id, title: 'dm' } }, world.a.token), 'BAD_USER_INPUT');
  });

  it('a plain member of the channel is FORBIDDEN; a workspace admin who can see it may; refusals change nothing', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const before = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, UPDATE, { i: { id, title: 'not mine' } }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, UPDATE, { i: { id, title: 'not mine' } }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, UPDATE, { i: { id, title: 'not mine' } }, guest.token), 'FORBIDDEN');
    expect(digestTables(mock.state.tables)).toBe(before);
    const admin = await registerActor(mock.url, 'admin');
    await joinWorkspace(mock.url, world.a, world.workspaceId, admin, 'ADMIN');
    ok(await gql(mock.url, UPDATE, { i: { id, description: 'tidied by an admin' } }, admin.token));
    expectCode(await gql(mock.url, UPDATE, { i: { id: world.privateChannelId, description: 'x' } }, admin.token), 'FORBIDDEN');
  });
});

describe('mute and pin', () => {
  it('are the caller\'s own: another member sees neither', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    expect(ok(await gql<{ setConversationMuted: { muted: boolean } }>(mock.url, MUTE, { c: id, m: true }, world.b.token)).setConversationMuted.muted).toBe(true);
    const pinned = ok(await gql<{ setConversationPinned: { pinnedAt: string } }>(mock.url, PIN, { c: id, p: true }, world.b.token)).setConversationPinned;
    expect(new Date(pinned.pinnedAt).toISOString()).toBe(pinned.pinnedAt);
    expect(ok(await gql<{ conversation: { muted: boolean; pinnedAt: string | null } }>(mock.url, VIEW, { id }, world.a.token)).conversation).toEqual({ muted: false, pinnedAt: null });
    expect(ok(await gql<{ conversation: { muted: boolean; pinnedAt: string | null } }>(mock.url, VIEW, { id }, world.b.token)).conversation).toEqual({ muted: true, pinnedAt: pinned.pinnedAt });
  });

  it('pinning again keeps the first moment; unpinning and unmuting clear them', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
    const first = ok(await gql<{ setConversationPinned: { pinnedAt: string } }>(mock.url, PIN, { c: id, p: true }, world.a.token)).setConversationPinned.pinnedAt;
    await new Promise((resolve) => setImmediate(resolve));
    expect(ok(await gql<{ setConversationPinned: { pinnedAt: string } }>(mock.url, PIN, { c: id, p: true }, world.a.token)).setConversationPinned.pinnedAt).toBe(first);
    expect(ok(await gql<{ setConversationPinned: { pinnedAt: string | null } }>(mock.url, PIN, { c: id, p: false }, world.a.token)).setConversationPinned.pinnedAt).toBeNull();
    ok(await gql(mock.url, MUTE, { c: id, m: true }, world.a.token));
    expect(ok(await gql<{ setConversationMuted: { muted: boolean } }>(mock.url, MUTE, { c: id, m: false }, world.a.token)).setConversationMuted.muted).toBe(false);
  });

  it('need membership: a non-member of a public channel and an outsider are FORBIDDEN, nobody anonymous', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    expectCode(await gql(mock.url, MUTE, { c: id, m: true }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, PIN, { c: id, p: true }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, PIN, { c: id, p: true }), 'UNAUTHENTICATED');
    expectCode(await gql(mock.url, PIN, { c: 'nope', p: true }, world.a.token), 'BAD_USER_INPUT');
  });
});

describe('browseChannels', () => {
  it('lists the public channels only, default first then by title, with joined and membersCount, paged', async () => {
    const all: Summary[] = [];
    let after: string | null = null;
    for (;;) {
      const page: { nodes: Summary[]; endCursor: string | null; hasNextPage: boolean } = ok(await gql<{ browseChannels: { nodes: Summary[]; endCursor: string | null; hasNextPage: boolean } }>(mock.url, BROWSE, { w: world.workspaceId, a: after, f: 2 }, world.b.token)).browseChannels;
      all.push(...page.nodes);
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(new Set(all.map((c) => c.id)).size, 'no channel twice').toBe(all.length);
    expect(all.map((c) => c.id)).not.toContain(world.privateChannelId);
    expect(all[0]).toMatchObject({ title: 'general', isDefault: true, joined: true });
    const rest = all.slice(1).map((c) => c.title.toLowerCase());
    expect(rest).toEqual([...rest].sort((x, y) => x.localeCompare(y)));
    const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; visibility: string; type: string; members: unknown[] }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w, first: 100) { nodes { id visibility type members { userId } } } }', { w: world.workspaceId }, world.b.token));
    const mine = new Set(conversations.nodes.filter((c) => c.type === 'CHANNEL' && c.visibility === 'PUBLIC').map((c) => c.id));
    for (const channel of all) expect(channel.joined, channel.title).toBe(mine.has(channel.id));
    const general = all[0]!;
    const { conversation } = ok(await gql<{ conversation: { members: unknown[] } }>(mock.url, 'query($id: ID!) { conversation(id: $id) { members { userId } } }', { id: general.id }, world.b.token));
    expect(general.membersCount).toBe(conversation.members.length);
    expect(general.membersCount).toBeGreaterThanOrEqual(2);
  });

  it('refuses guests and outsiders (FORBIDDEN), a bad cursor and page size (BAD_USER_INPUT)', async () => {
    expectCode(await gql(mock.url, BROWSE, { w: world.workspaceId, f: 10 }, guest.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, BROWSE, { w: world.workspaceId, f: 10 }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, BROWSE, { w: world.workspaceId, a: 'bogus', f: 10 }, world.a.token), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, BROWSE, { w: world.workspaceId, f: 0 }, world.a.token), 'BAD_USER_INPUT');
  });
});
