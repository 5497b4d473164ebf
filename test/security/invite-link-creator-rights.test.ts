import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { mailsTo } from '../support/outbox.js';
import { buildWorld, joinWorkspace, registerActor, type Actor, type World } from '../support/world.js';

/**
 * Attack class: invite links and invitations outliving their maker's rights. An admin who made an
 * ADMIN link, then was removed, could rejoin with it as ADMIN. A link or invitation must grant at
 * most what its maker may still grant when it is used: a removed or demoted maker's links stop
 * working (FORBIDDEN naming `token`), while an owner made admin keeps links an admin may grant.
 */

const LINK = 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }';
const LINK_INFO = 'query($w: ID!) { workspaceInviteLinkInfo(workspaceId: $w) { role } }';
const INVITE = 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent } }';
const PENDING = 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { email } }';
const JOIN = 'mutation($t: String!) { joinWorkspace(token: $t) { id } }';
const REMOVE = 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }';
const ROLE = 'mutation($w: ID!, $u: ID!, $r: WorkspaceRole!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: $r) { role } }';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

const link = async (maker: Actor, role: string) => ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, LINK, { w: world.workspaceId, r: role }, maker.token)).createWorkspaceInviteLink.token;
const join = (token: string, actor: Actor) => gql<{ joinWorkspace: { id: string } }>(mock.url, JOIN, { t: token }, actor.token);
const setRole = async (actor: Actor, role: string) => ok(await gql(mock.url, ROLE, { w: world.workspaceId, u: actor.id, r: role }, world.a.token));

/** A new user who joins with `role` through a link of the owner A. */
async function joined(name: string, role: 'ADMIN' | 'MEMBER'): Promise<Actor> {
  const actor = await registerActor(mock.url, name);
  await joinWorkspace(mock.url, world.a, world.workspaceId, actor, role);
  return actor;
}

function expectRefused(response: GraphQLResponse<unknown>): void {
  expect(response.data ?? null).toBeNull();
  expect(response.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', field: 'token' });
  expect(response.errors?.[0]?.message).toMatch(/no longer works/);
}

describe('an invite link or invitation grants at most what its maker may still grant', () => {
  it('a removed admin cannot rejoin with their own ADMIN link, and their links and invitations stop working', async () => {
    const admin = await joined('admin', 'ADMIN');
    const adminLink = await link(admin, 'ADMIN');
    const guestLink = await link(admin, 'GUEST');
    const linkInfo = async () => ok(await gql<{ workspaceInviteLinkInfo: { role: string } | null }>(mock.url, LINK_INFO, { w: world.workspaceId }, world.a.token)).workspaceInviteLinkInfo;
    expect(await linkInfo(), "the admin's GUEST link is the newest").toEqual({ role: 'GUEST' });
    const invitee = await registerActor(mock.url, 'invitee');
    ok(await gql(mock.url, INVITE, { i: { workspaceId: world.workspaceId, invitations: [{ email: invitee.email, role: 'ADMIN' }] } }, admin.token));
    ok(await gql(mock.url, REMOVE, { w: world.workspaceId, u: admin.id }, world.a.token));

    expectRefused(await join(adminLink, admin));
    expectRefused(await join(guestLink, world.c));
    expectRefused(await join((await mailsTo(mock.origin, invitee.email, 'wi_')).at(-1)!.token!, invitee));
    // Lists show only what works: the removed admin's links and invitation are not offered.
    expect(await linkInfo(), "the owner's ADMIN link (that let the admin in) is the newest that works").toEqual({ role: 'ADMIN' });
    const pending = ok(await gql<{ pendingWorkspaceInvitations: { email: string }[] }>(mock.url, PENDING, { w: world.workspaceId }, world.a.token)).pendingWorkspaceInvitations;
    expect(pending.map((invitation) => invitation.email)).not.toContain(invitee.email);
  });

  it('an admin made member: their links stop working', async () => {
    const admin = await joined('demoted', 'ADMIN');
    const guestLink = await link(admin, 'GUEST');
    await setRole(admin, 'MEMBER');
    expectRefused(await join(guestLink, world.c));
  });

  it('an owner made admin: an ADMIN link still works (an admin may grant ADMIN)', async () => {
    const owner = await joined('co-owner', 'MEMBER');
    await setRole(owner, 'OWNER');
    const adminLink = await link(owner, 'ADMIN');
    await setRole(owner, 'ADMIN');
    const newcomer = world.c;
    expect(ok(await join(adminLink, newcomer)).joinWorkspace.id).toBe(world.workspaceId);
    // Only owners and admins make links: the newcomer is an admin.
    expect(await link(newcomer, 'MEMBER')).toMatch(/^inv_/);
  });
});
