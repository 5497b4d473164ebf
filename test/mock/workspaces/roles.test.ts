import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { createChannel, createWorkspace, joinWorkspace, registerActor, send, type Actor } from '../../support/world.js';

/** Who may remove whom, the last owner, guests, and what a removed member loses and keeps. */
const REMOVE = 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }';
const MESSAGES = 'query($c: ID!) { messages(conversationId: $c) { nodes { senderId content } } }';

let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

async function join(owner: Actor, workspaceId: string, role: 'ADMIN' | 'MEMBER' | 'GUEST'): Promise<Actor> {
  const actor = await registerActor(mock.url, role.toLowerCase());
  await joinWorkspace(mock.url, owner, workspaceId, actor, role);
  return actor;
}

describe('removing members', () => {
  it('the last owner can be removed by nobody, themselves included', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const refused = await gql(mock.url, REMOVE, { w: workspaceId, u: owner.id }, owner.token);
    expectCode(refused, 'FORBIDDEN');
    expect(refused.errors![0]!.message).toMatch(/last owner/);
  });

  it('admins remove members and guests, not admins; members remove only themselves', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const [admin, other, member, guest] = [await join(owner, workspaceId, 'ADMIN'), await join(owner, workspaceId, 'ADMIN'), await join(owner, workspaceId, 'MEMBER'), await join(owner, workspaceId, 'GUEST')];
    expectCode(await gql(mock.url, REMOVE, { w: workspaceId, u: other.id }, admin.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, REMOVE, { w: workspaceId, u: owner.id }, admin.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, REMOVE, { w: workspaceId, u: guest.id }, member.token), 'FORBIDDEN');
    expect(ok(await gql(mock.url, REMOVE, { w: workspaceId, u: guest.id }, admin.token))).toEqual({ removeWorkspaceMember: guest.id });
    expect(ok(await gql(mock.url, REMOVE, { w: workspaceId, u: member.id }, member.token))).toEqual({ removeWorkspaceMember: member.id });
    expect(ok(await gql(mock.url, REMOVE, { w: workspaceId, u: other.id }, owner.token))).toEqual({ removeWorkspaceMember: other.id });
  });

  it('a removed member loses every conversation of the workspace; their messages remain', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const member = await join(owner, workspaceId, 'MEMBER');
    const channel = await createChannel(mock.url, owner, workspaceId, 'PRIVATE', [member.id]);
    await send(mock.url, member, channel, 'I was here');
    ok(await gql(mock.url, REMOVE, { w: workspaceId, u: member.id }, owner.token));
    expectCode(await gql(mock.url, MESSAGES, { c: channel }, member.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id } } }', { w: workspaceId }, member.token), 'FORBIDDEN');
    const { messages } = ok(await gql<{ messages: { nodes: { senderId: string; content: string }[] } }>(mock.url, MESSAGES, { c: channel }, owner.token));
    expect(messages.nodes).toContainEqual({ senderId: member.id, content: 'I was here' });
  });
});

describe('changeWorkspaceMemberRole', () => {
  const CHANGE = 'mutation($w: ID!, $u: ID!, $r: WorkspaceRole!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: $r) { userId role canManage } }';
  const change = (actor: Actor, workspaceId: string, target: Actor, role: string) => gql<{ changeWorkspaceMemberRole: { userId: string; role: string; canManage: boolean } }>(mock.url, CHANGE, { w: workspaceId, u: target.id, r: role }, actor.token);

  it('admins change members and guests (not to OWNER), owners change anyone else; nobody changes their own role', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const [admin, member, guest] = [await join(owner, workspaceId, 'ADMIN'), await join(owner, workspaceId, 'MEMBER'), await join(owner, workspaceId, 'GUEST')];
    expect(ok(await change(admin, workspaceId, member, 'ADMIN')).changeWorkspaceMemberRole).toEqual({ userId: member.id, role: 'ADMIN', canManage: false });
    expectCode(await change(admin, workspaceId, member, 'MEMBER'), 'FORBIDDEN'); // member is an admin now
    expectCode(await change(admin, workspaceId, guest, 'OWNER'), 'FORBIDDEN');
    expectCode(await change(admin, workspaceId, admin, 'MEMBER'), 'FORBIDDEN');
    expectCode(await change(guest, workspaceId, member, 'GUEST'), 'FORBIDDEN');
    expect(ok(await change(owner, workspaceId, member, 'MEMBER')).changeWorkspaceMemberRole).toEqual({ userId: member.id, role: 'MEMBER', canManage: true });
  });

  it('a guest made member joins the default channels', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const guest = await join(owner, workspaceId, 'GUEST');
    const titles = async () => ok(await gql<{ conversations: { nodes: { title: string }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { title } } }', { w: workspaceId }, guest.token)).conversations.nodes.map((c) => c.title);
    expect(await titles()).toEqual([]);
    ok(await change(owner, workspaceId, guest, 'MEMBER'));
    expect(await titles()).toEqual(['general']);
  });

  it('owners hand over: a second owner may demote the first; the last owner keeps the role', async () => {
    const first = await registerActor(mock.url, 'first');
    const workspaceId = await createWorkspace(mock.url, first);
    const second = await join(first, workspaceId, 'MEMBER');
    ok(await change(first, workspaceId, second, 'OWNER'));
    ok(await change(second, workspaceId, first, 'ADMIN'));
    expectCode(await change(first, workspaceId, second, 'MEMBER'), 'FORBIDDEN'); // an admin cannot demote an owner
    const refused = await gql(mock.url, REMOVE, { w: workspaceId, u: second.id }, second.token);
    expect(refused.errors![0]!.message).toMatch(/last owner/);
    const { workspace } = ok(await gql<{ workspace: { isOwner: boolean } }>(mock.url, 'query($id: ID!) { workspace(id: $id) { isOwner } }', { id: workspaceId }, second.token));
    expect(workspace.isOwner).toBe(true);
  });
});

describe('guests', () => {
  it('join no channel by themselves, cannot join public channels, and see only what they are added to', async () => {
    const owner = await registerActor(mock.url, 'owner');
    const workspaceId = await createWorkspace(mock.url, owner);
    const guest = await join(owner, workspaceId, 'GUEST');
    const open = await createChannel(mock.url, owner, workspaceId, 'PUBLIC');
    const list = async () => ok(await gql<{ conversations: { nodes: { id: string }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id } } }', { w: workspaceId }, guest.token)).conversations.nodes.map((c) => c.id);
    expect(await list()).toEqual([]);
    expectCode(await gql(mock.url, 'mutation($c: ID!) { joinChannel(conversationId: $c) { id } }', { c: open }, guest.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, MESSAGES, { c: open }, guest.token), 'FORBIDDEN');
    ok(await gql(mock.url, 'mutation($c: ID!, $m: ID!) { addChannelMember(conversationId: $c, memberId: $m) { id } }', { c: open, m: guest.id }, owner.token));
    expect(await list()).toEqual([open]);
  });
});
