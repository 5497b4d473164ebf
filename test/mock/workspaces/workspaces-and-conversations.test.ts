import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, createChannel, registerActor, sendMany, type World } from '../../support/world.js';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

const CREATE_WS = 'mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id slug isOwner membersCount } }';
const CONVERSATION = 'query($id: ID!) { conversation(id: $id) { id type visibility title isDefault lastMessageSequence members { userId role lastReadSequence } } }';

interface ConversationShape {
  id: string;
  type: string;
  visibility: string;
  title: string | null;
  isDefault: boolean;
  lastMessageSequence: number | null;
  members: { userId: string; role: string; lastReadSequence: number }[];
}

describe('accounts', () => {
  it('register refuses a taken email or username (CONFLICT) and bad input (BAD_USER_INPUT)', async () => {
    const register = (input: Record<string, unknown>) => gql(mock.url, 'mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: 'X', password: 'long enough', ...input } });
    const name = `u${randomUUID().slice(0, 8)}`;
    ok(await register({ email: `${name}@example.test`, username: name }));
    expectCode(await register({ email: `${name.toUpperCase()}@EXAMPLE.test`, username: `${name}2` }), 'CONFLICT');
    expectCode(await register({ email: `other-${name}@example.test`, username: name }), 'CONFLICT');
    expectCode(await register({ email: 'not an email', username: `${name}3` }), 'BAD_USER_INPUT');
    expectCode(await register({ email: `${name}4@example.test`, username: `${name}4`, password: 'short' }), 'BAD_USER_INPUT');
    expectCode(await register({ email: `${name}5@example.test`, username: 'has spaces' }), 'BAD_USER_INPUT');
  });

  it('me returns the caller', async () => {
    expect(ok(await gql<{ me: { id: string; email: string } }>(mock.url, '{ me { id email } }', {}, world.a.token)).me).toEqual({ id: world.a.id, email: world.a.email });
    expectCode(await gql(mock.url, '{ me { id } }'), 'UNAUTHENTICATED');
  });
});

describe('workspaces', () => {
  it('createWorkspace makes the caller OWNER, with a default #general; slugs are unique and well-formed', async () => {
    const slug = `s-${randomUUID().slice(0, 8)}`;
    const created = ok(await gql<{ createWorkspace: { id: string; slug: string; isOwner: boolean; membersCount: number } }>(mock.url, CREATE_WS, { input: { name: 'Made', slug } }, world.a.token)).createWorkspace;
    expect(created).toMatchObject({ slug, isOwner: true, membersCount: 1 });
    expectCode(await gql(mock.url, CREATE_WS, { input: { name: 'Again', slug } }, world.b.token), 'CONFLICT');
    for (const bad of ['Upper', '-dash', 'a b', '', 'x'.repeat(49)]) {
      expectCode(await gql(mock.url, CREATE_WS, { input: { name: 'Bad', slug: bad } }, world.a.token), 'BAD_USER_INPUT');
    }
    const conversations = ok(await gql<{ conversations: { nodes: ConversationShape[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title isDefault visibility } } }', { w: created.id }, world.a.token));
    expect(conversations.conversations.nodes).toEqual([expect.objectContaining({ title: 'general', isDefault: true, visibility: 'PUBLIC' })]);
  });

  it('workspace and workspaces show only workspaces the caller belongs to', async () => {
    expect(ok(await gql<{ workspace: { id: string } }>(mock.url, 'query($id: ID!) { workspace(id: $id) { id } }', { id: world.workspaceId }, world.b.token)).workspace.id).toBe(world.workspaceId);
    expectCode(await gql(mock.url, 'query($id: ID!) { workspace(id: $id) { id } }', { id: world.workspaceId }, world.c.token), 'FORBIDDEN');
    const mine = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, world.c.token)).workspaces;
    expect(mine.map((w) => w.id)).not.toContain(world.workspaceId);
  });

  it('invite links: owners and admins create them; joining adds the role, and the default channels for all but guests', async () => {
    expectCode(await gql(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: world.workspaceId }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: OWNER) { token } }', { w: world.workspaceId }, world.a.token), 'BAD_USER_INPUT');
    const link = ok(await gql<{ createWorkspaceInviteLink: { token: string; role: string; expiresAt: string } }>(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: GUEST) { token role expiresAt } }', { w: world.workspaceId }, world.a.token)).createWorkspaceInviteLink;
    expect(link.role).toBe('GUEST');
    const guest = await registerActor(mock.url, 'guest');
    const joined = ok(await gql<{ joinWorkspace: { id: string; membersCount: number } }>(mock.url, 'mutation($t: String!) { joinWorkspace(token: $t) { id membersCount } }', { t: link.token }, guest.token)).joinWorkspace;
    expect(joined.id).toBe(world.workspaceId);
    const titles = async (actor: { token: string }) =>
      ok(await gql<{ conversations: { nodes: { title: string }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { title } } }', { w: world.workspaceId }, actor.token)).conversations.nodes.map((c) => c.title);
    // A guest sees only the conversations someone adds them to (docs/mock-behaviour.md, "Roles").
    expect(await titles(guest)).toEqual([]);
    const memberLink = ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: world.workspaceId }, world.a.token)).createWorkspaceInviteLink;
    const member = await registerActor(mock.url, 'member');
    ok(await gql(mock.url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: memberLink.token }, member.token));
    expect(await titles(member)).toEqual(['general']);
    expectCode(await gql(mock.url, 'mutation { joinWorkspace(token: "inv_nope") { id } }', {}, guest.token), 'NOT_FOUND');
  });
});

describe('conversations', () => {
  it('createChannel: the creator is OWNER, memberIds join as MEMBER, titles are unique per workspace', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const view = ok(await gql<{ conversation: ConversationShape }>(mock.url, CONVERSATION, { id }, world.a.token)).conversation;
    expect(view).toMatchObject({ type: 'CHANNEL', visibility: 'PUBLIC', isDefault: false, lastMessageSequence: null });
    expect(view.members.map((m) => [m.userId, m.role])).toEqual([[world.a.id, 'OWNER'], [world.b.id, 'MEMBER']]);
    const again = await gql(mock.url, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId: world.workspaceId, title: view.title!.toUpperCase(), visibility: 'PUBLIC' } }, world.a.token);
    expectCode(again, 'CONFLICT');
    const outsider = await gql(mock.url, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId: world.workspaceId, title: 'x', visibility: 'PUBLIC', memberIds: [world.c.id] } }, world.a.token);
    expectCode(outsider, 'BAD_USER_INPUT');
  });

  it('joinChannel: public channels only; a private one is FORBIDDEN; an outsider is FORBIDDEN', async () => {
    const open = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    const join = (id: string, token: string) => gql<{ joinChannel: ConversationShape }>(mock.url, 'mutation($id: ID!) { joinChannel(conversationId: $id) { members { userId } } }', { id }, token);
    expect(ok(await join(open, world.b.token)).joinChannel.members.map((m) => m.userId)).toContain(world.b.id);
    expectCode(await join(world.privateChannelId, world.b.token), 'FORBIDDEN');
    expectCode(await join(open, world.c.token), 'FORBIDDEN');
  });

  it('conversation: members see it, workspace members see public channels, others are FORBIDDEN', async () => {
    const open = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC');
    ok(await gql(mock.url, CONVERSATION, { id: open }, world.b.token));
    expectCode(await gql(mock.url, CONVERSATION, { id: world.privateChannelId }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, CONVERSATION, { id: open }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, CONVERSATION, { id: 'nope' }, world.a.token), 'BAD_USER_INPUT');
  });

  it('addChannelMember: a member adds a workspace member; not to a DM; not an outsider', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
    const add = (conversationId: string, memberId: string, token = world.a.token) =>
      gql(mock.url, 'mutation($c: ID!, $m: ID!) { addChannelMember(conversationId: $c, memberId: $m) { members { userId } } }', { c: conversationId, m: memberId }, token);
    ok(await add(id, world.b.id));
    ok(await add(id, world.b.id)); // idempotent
    expectCode(await add(id, world.c.id), 'NOT_FOUND');
    expectCode(await add(world.privateChannelId, world.a.id, world.b.token), 'FORBIDDEN');
    const dm = ok(await gql<{ createDirectConversation: { id: string } }>(mock.url, 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w: world.workspaceId, p: world.b.id }, world.a.token)).createDirectConversation;
    expectCode(await add(dm.id, world.b.id), 'BAD_USER_INPUT');
  });

  it('createDirectConversation: one DM per pair, from either side', async () => {
    const create = (participant: string, token: string) =>
      gql<{ createDirectConversation: ConversationShape }>(mock.url, 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id type title visibility members { userId } } }', { w: world.workspaceId, p: participant }, token);
    const fromA = ok(await create(world.b.id, world.a.token)).createDirectConversation;
    const fromB = ok(await create(world.a.id, world.b.token)).createDirectConversation;
    expect(fromB.id).toBe(fromA.id);
    expect(fromA).toMatchObject({ type: 'DIRECT', title: null, visibility: 'PRIVATE' });
    expectCode(await create(world.c.id, world.a.token), 'NOT_FOUND');
  });

  it('conversations pages the caller\'s conversations with a cursor', async () => {
    const actor = await registerActor(mock.url, 'pager');
    const ws = ok(await gql<{ createWorkspace: { id: string } }>(mock.url, CREATE_WS, { input: { name: 'Pager', slug: `p-${randomUUID().slice(0, 8)}` } }, actor.token)).createWorkspace.id;
    for (let i = 0; i < 4; i++) await createChannel(mock.url, actor, ws, 'PRIVATE');
    type ConversationList = { conversations: { nodes: { id: string }[]; endCursor: string | null; hasNextPage: boolean } };
    const list = (after: string | null) => gql<ConversationList>(mock.url, 'query($w: ID!, $a: String) { conversations(workspaceId: $w, after: $a, first: 2) { nodes { id } endCursor hasNextPage } }', { w: ws, a: after }, actor.token);
    const seen: string[] = [];
    let after: string | null = null;
    for (let round = 0; round < 5; round++) {
      const page: ConversationList['conversations'] = ok(await list(after)).conversations;
      seen.push(...page.nodes.map((n) => n.id));
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expectCode(await list('bogus'), 'BAD_USER_INPUT');
  });

  it('markConversationAsRead moves the marker forward only, clamped to the newest message', async () => {
    const id = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
    const sent = await sendMany(mock.url, world.a, id, 5);
    const mark = async (sequence: number) =>
      ok(await gql<{ markConversationAsRead: ConversationShape }>(mock.url, 'mutation($c: ID!, $s: Int!) { markConversationAsRead(conversationId: $c, sequence: $s) { members { userId lastReadSequence } } }', { c: id, s: sequence }, world.a.token))
        .markConversationAsRead.members.find((m) => m.userId === world.a.id)!.lastReadSequence;
    expect(await mark(sent[2]!.sequence)).toBe(sent[2]!.sequence);
    expect(await mark(sent[0]!.sequence)).toBe(sent[2]!.sequence);
    expect(await mark(10_000)).toBe(sent[4]!.sequence);
    expectCode(await gql(mock.url, 'mutation($c: ID!) { markConversationAsRead(conversationId: $c, sequence: -1) { id } }', { c: id }, world.a.token), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, 'mutation($c: ID!) { markConversationAsRead(conversationId: $c, sequence: 1) { id } }', { c: id }, world.b.token), 'FORBIDDEN');
  });
});
