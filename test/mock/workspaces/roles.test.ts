import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { createChannel, createWorkspace, registerActor, send, type Actor } from '../../support/world.js';

/** Who may remove whom, the last owner, guests, and what a removed member loses and keeps. */
const REMOVE = 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }';
const LINK = 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }';
const JOIN = 'mutation($t: String!) { joinWorkspace(token: $t) { id } }';
const MESSAGES = 'query($c: ID!) { messages(conversationId: $c) { nodes { senderId content } } }';

let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

async function join(owner: Actor, workspaceId: string, role: string): Promise<Actor> {
  const actor = await registerActor(mock.url, role.toLowerCase());
  const { createWorkspaceInviteLink } = ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, LINK, { w: workspaceId, r: role }, owner.token));
  ok(await gql(mock.url, JOIN, { t: createWorkspaceInviteLink.token }, actor.token));
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
