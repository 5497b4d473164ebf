import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { mailsTo as invitationMails } from '../../support/outbox.js';
import { buildWorld, createChannel, registerActor, type Actor, type World } from '../../support/world.js';

/** inviteToWorkspace, pendingWorkspaceInvitations, joining by invitation, link info and join domains. */
const INVITE = 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent alreadyMembers } }';
const PENDING = 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { id email role invitedByName createdAt expiresAt } }';
const JOIN = 'mutation($t: String!) { joinWorkspace(token: $t) { id membersCount } }';
const LINK = 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token role expiresAt } }';
const LINK_INFO = 'query($w: ID!) { workspaceInviteLinkInfo(workspaceId: $w) { role createdAt expiresAt joinEmailDomains } }';
const DOMAINS = 'mutation($i: JoinEmailDomainsInput!) { setWorkspaceJoinEmailDomains(input: $i) }';
const TITLES = 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }';

interface Pending {
  readonly id: string;
  readonly email: string;
  readonly role: string;
  readonly invitedByName: string;
  readonly createdAt: string;
  readonly expiresAt: string;
}

const clock = new ManualClock(Date.UTC(2026, 10, 23, 9));
let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  // Access tokens outlive the days this test moves the clock through.
  const year = 365 * 24 * 3_600_000;
  mock = await startMockServer({ port: 0, empty: true, clock, tokenLifetimes: { accessTokenMs: year, refreshTokenMs: year, rememberMeRefreshTokenMs: year } });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

/** The invitation mails to `email` (registering also mails a verification token, left out here). */
const mailsTo = (email: string) => invitationMails(mock.origin, email, 'wi_');
const pending = async (token = world.a.token) => ok(await gql<{ pendingWorkspaceInvitations: Pending[] }>(mock.url, PENDING, { w: world.workspaceId }, token)).pendingWorkspaceInvitations;
const invite = (invitations: unknown[], token = world.a.token, message?: string) => gql<{ inviteToWorkspace: { sent: number; alreadyMembers: number } }>(mock.url, INVITE, { i: { workspaceId: world.workspaceId, invitations, message } }, token);
const titles = async (actor: Actor) => ok(await gql<{ conversations: { nodes: { id: string; title: string }[] } }>(mock.url, TITLES, { w: world.workspaceId }, actor.token)).conversations.nodes;

describe('inviteToWorkspace', () => {
  it('mails each address a join token, counts members apart, and lists the invitations as pending', async () => {
    const result = ok(await invite([{ email: 'New.Person@Example.test', role: 'MEMBER' }, { email: world.b.email, role: 'MEMBER' }, { email: 'new.person@example.test', role: 'MEMBER' }], world.a.token, 'Welcome aboard'));
    expect(result.inviteToWorkspace).toEqual({ sent: 1, alreadyMembers: 1 });
    const [mail] = await mailsTo('new.person@example.test');
    expect(mail!.token).toMatch(/^wi_/);
    expect(mail!.text).toContain('Welcome aboard');
    expect(mail!.text).toContain(mail!.token);
    const list = await pending();
    expect(list.map((p) => [p.email, p.role])).toContainEqual(['new.person@example.test', 'MEMBER']);
    const one = list.find((p) => p.email === 'new.person@example.test')!;
    expect(Date.parse(one.expiresAt) - Date.parse(one.createdAt)).toBe(7 * 24 * 3_600_000);
  });

  it('joining by invitation applies its role and its channel, and uses the invitation up', async () => {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE');
    const guest = await registerActor(mock.url, 'guest');
    ok(await invite([{ email: guest.email, role: 'GUEST', conversationId: channel }]));
    const [mail] = await mailsTo(guest.email);
    expect(ok(await gql<{ joinWorkspace: { id: string } }>(mock.url, JOIN, { t: mail!.token }, guest.token)).joinWorkspace.id).toBe(world.workspaceId);
    // A guest sees only the channel they were invited into, not #general.
    expect((await titles(guest)).map((c) => c.id)).toEqual([channel]);
    expect((await pending()).map((p) => p.email)).not.toContain(guest.email);
    expectCode(await gql(mock.url, JOIN, { t: mail!.token }, guest.token), 'NOT_FOUND');
  });

  it('an invitation is only for the address it was sent to', async () => {
    const intended = `intended-${Date.now()}@example.test`;
    ok(await invite([{ email: intended, role: 'MEMBER' }]));
    const [mail] = await mailsTo(intended);
    const stranger = await registerActor(mock.url, 'stranger');
    expectCode(await gql(mock.url, JOIN, { t: mail!.token }, stranger.token), 'FORBIDDEN');
    expect((await pending()).map((p) => p.email)).toContain(intended);
  });

  it('inviting again replaces the pending invitation; an expired one is refused and no longer pending', async () => {
    const late = await registerActor(mock.url, 'late');
    ok(await invite([{ email: late.email, role: 'MEMBER' }]));
    ok(await invite([{ email: late.email, role: 'ADMIN' }]));
    const [first, second] = await mailsTo(late.email);
    expect((await pending()).filter((p) => p.email === late.email).map((p) => p.role)).toEqual(['ADMIN']);
    expectCode(await gql(mock.url, JOIN, { t: first!.token }, late.token), 'NOT_FOUND');
    clock.advance(7 * 24 * 3_600_000);
    const expired = await gql(mock.url, JOIN, { t: second!.token }, late.token);
    expectCode(expired, 'BAD_USER_INPUT');
    expect(expired.errors![0]!.message).toMatch(/expired/);
    expect((await pending()).map((p) => p.email)).not.toContain(late.email);
  });

  it('refuses bad input with the field at fault, and invites nobody when any entry is wrong', async () => {
    const before = (await pending()).length;
    const cases: [unknown[], string][] = [
      [[], 'input.invitations'],
      [[{ email: 'ok@example.test', role: 'MEMBER' }, { email: 'not-an-email', role: 'MEMBER' }], 'input.invitations[1].email'],
      [[{ email: 'boss@example.test', role: 'OWNER' }], 'input.invitations[0].role'],
      [[{ email: 'dm@example.test', role: 'MEMBER', conversationId: 'nope' }], 'input.invitations[0].conversationId'],
    ];
    for (const [entries, field] of cases) {
      const refused = await invite(entries);
      expect(refused.errors![0]!.extensions, field).toEqual({ code: 'BAD_USER_INPUT', field });
    }
    expect((await pending()).length).toBe(before);
    expect(await mailsTo('ok@example.test')).toEqual([]);
  });

  it('members, outsiders and anonymous callers are refused', async () => {
    expectCode(await invite([{ email: 'x@example.test', role: 'MEMBER' }], world.b.token), 'FORBIDDEN');
    expectCode(await invite([{ email: 'x@example.test', role: 'MEMBER' }], world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, INVITE, { i: { workspaceId: world.workspaceId, invitations: [{ email: 'x@example.test', role: 'MEMBER' }] } }), 'UNAUTHENTICATED');
    expectCode(await gql(mock.url, PENDING, { w: world.workspaceId }, world.b.token), 'FORBIDDEN');
  });

  it('cannot invite into a channel the inviter is not in', async () => {
    const admin = await registerActor(mock.url, 'admin');
    ok(await invite([{ email: admin.email, role: 'ADMIN' }]));
    ok(await gql(mock.url, JOIN, { t: (await mailsTo(admin.email))[0]!.token }, admin.token));
    expectCode(await invite([{ email: 'y@example.test', role: 'MEMBER', conversationId: world.privateChannelId }], admin.token), 'FORBIDDEN');
  });
});

describe('invite links: info and join email domains', () => {
  it('workspaceInviteLinkInfo is null without a link, then shows the newest working link and the domains', async () => {
    const fresh = await registerActor(mock.url, 'fresh');
    const { createWorkspace } = ok(await gql<{ createWorkspace: { id: string } }>(mock.url, 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', { i: { name: 'Fresh', slug: `fresh-${Date.now()}` } }, fresh.token));
    const info = async () => ok(await gql<{ workspaceInviteLinkInfo: { role: string; joinEmailDomains: string[]; expiresAt: string } | null }>(mock.url, LINK_INFO, { w: createWorkspace.id }, fresh.token)).workspaceInviteLinkInfo;
    expect(await info()).toBeNull();
    ok(await gql(mock.url, LINK, { w: createWorkspace.id, r: 'MEMBER' }, fresh.token));
    clock.advance(1000);
    const link = ok(await gql<{ createWorkspaceInviteLink: { expiresAt: string } }>(mock.url, LINK, { w: createWorkspace.id, r: 'GUEST' }, fresh.token)).createWorkspaceInviteLink;
    const domains = ok(await gql<{ setWorkspaceJoinEmailDomains: string[] }>(mock.url, DOMAINS, { i: { workspaceId: createWorkspace.id, domains: [' @Example.TEST', 'example.test', 'acme.test'] } }, fresh.token));
    expect(domains.setWorkspaceJoinEmailDomains).toEqual(['example.test', 'acme.test']);
    expect(await info()).toEqual({ role: 'GUEST', createdAt: expect.any(String), expiresAt: link.expiresAt, joinEmailDomains: ['example.test', 'acme.test'] });
    clock.advance(7 * 24 * 3_600_000);
    expect(await info(), 'expired links are not current').toBeNull();
  });

  it('join email domains restrict joining by link and inviting; an empty list lifts the restriction', async () => {
    const setDomains = (domains: string[]) => gql<{ setWorkspaceJoinEmailDomains: string[] }>(mock.url, DOMAINS, { i: { workspaceId: world.workspaceId, domains } }, world.a.token);
    ok(await setDomains(['acme.test']));
    const token = ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, LINK, { w: world.workspaceId, r: 'MEMBER' }, world.a.token)).createWorkspaceInviteLink.token;
    const outsider = await registerActor(mock.url, 'outsider'); // registers at example.test
    expectCode(await gql(mock.url, JOIN, { t: token }, outsider.token), 'FORBIDDEN');
    const refused = await invite([{ email: outsider.email, role: 'MEMBER' }]);
    expect(refused.errors![0]!.extensions).toEqual({ code: 'FORBIDDEN', field: 'input.invitations[0].email' });
    expect(ok(await setDomains([])).setWorkspaceJoinEmailDomains).toEqual([]);
    const another = await registerActor(mock.url, 'another');
    ok(await gql(mock.url, JOIN, { t: token }, another.token));
  });

  it('refuses a malformed domain (naming it), too many domains, and non-managers', async () => {
    const refused = await gql(mock.url, DOMAINS, { i: { workspaceId: world.workspaceId, domains: ['acme.test', 'not a domain'] } }, world.a.token);
    expect(refused.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.domains[1]' });
    expectCode(await gql(mock.url, DOMAINS, { i: { workspaceId: world.workspaceId, domains: Array.from({ length: 21 }, (_, i) => `d${i}.test`) } }, world.a.token), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, DOMAINS, { i: { workspaceId: world.workspaceId, domains: [] } }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, LINK_INFO, { w: world.workspaceId }, world.b.token), 'FORBIDDEN');
  });
});
