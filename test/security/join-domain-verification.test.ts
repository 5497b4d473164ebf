import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { mailsTo } from '../support/outbox.js';
import { buildWorld, login, type Actor, type World } from '../support/world.js';

/**
 * Attack class: joining a domain-limited workspace with an address nobody has proven to own.
 * `setWorkspaceJoinEmailDomains` limits a workspace to addresses at some domains; anyone can
 * register `ceo@acme.test` without owning that mailbox. Through every door (an invite link, an
 * invitation by email) the workspace must admit only verified addresses at its domains, and
 * inviting an address at another domain is refused up front.
 */

const DOMAINS = 'mutation($i: JoinEmailDomainsInput!) { setWorkspaceJoinEmailDomains(input: $i) }';
const LINK = 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }';
const INVITE = 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent alreadyMembers } }';
const JOIN = 'mutation($t: String!) { joinWorkspace(token: $t) { id } }';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) }';
const PASSWORD = 'correct horse battery';

let mock: RunningMockServer;
let world: World;
let linkToken: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  linkToken = ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, LINK, { w: world.workspaceId, r: 'MEMBER' }, world.a.token)).createWorkspaceInviteLink.token;
});
afterAll(() => mock.close());

/** Registers `name@domain` (unverified: register only mails a token) and signs in. */
async function registerAt(name: string, domain: string): Promise<Actor> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${name}-${suffix}@${domain}`;
  ok(await gql(mock.url, REGISTER, { input: { displayName: name, email, password: PASSWORD, username: `${name}_${suffix}` } }));
  return login(mock.url, email, PASSWORD);
}

/** Verifies `actor`'s address with the token mailed to it, as its owner would. */
async function verify(actor: Actor): Promise<void> {
  const [mail] = await mailsTo(mock.origin, actor.email, 'ev_');
  ok(await gql(mock.url, 'mutation($t: String!) { verifyEmail(token: $t) }', { t: mail!.token }));
}

const join = (token: string, actor: Actor) => gql<{ joinWorkspace: { id: string } }>(mock.url, JOIN, { t: token }, actor.token);
const setDomains = async (domains: string[]) => ok(await gql(mock.url, DOMAINS, { i: { workspaceId: world.workspaceId, domains } }, world.a.token));
const invite = (email: string, role = 'MEMBER') => gql<{ inviteToWorkspace: { sent: number } }>(mock.url, INVITE, { i: { workspaceId: world.workspaceId, invitations: [{ email, role }] } }, world.a.token);
const invitationToken = async (actor: Actor) => (await mailsTo(mock.origin, actor.email, 'wi_')).at(-1)!.token!;

function expectForbidden(response: GraphQLResponse<unknown>, message: RegExp): void {
  expect(response.data ?? null).toBeNull();
  expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(response.errors?.[0]?.message).toMatch(message);
}

describe('a workspace limited to a domain admits only verified addresses there', () => {
  it('an invitation sent before the limit, to an address outside it, no longer admits', async () => {
    const outsider = await registerAt('outsider', 'example.test');
    await verify(outsider);
    ok(await invite(outsider.email));
    await setDomains(['acme.test']);
    expectForbidden(await join(await invitationToken(outsider), outsider), /only addresses at acme\.test/);
  });

  it('an invite link refuses an unverified address at the domain, and admits it once verified', async () => {
    const mallory = await registerAt('mallory', 'acme.test');
    expectForbidden(await join(linkToken, mallory), /only verified addresses/);
    await verify(mallory);
    expect(ok(await join(linkToken, mallory)).joinWorkspace.id).toBe(world.workspaceId);
  });

  it('an invitation refuses an unverified address at the domain, and admits it once verified', async () => {
    const eve = await registerAt('eve', 'acme.test');
    expect(ok(await invite(eve.email, 'ADMIN')).inviteToWorkspace.sent).toBe(1);
    const token = await invitationToken(eve);
    expectForbidden(await join(token, eve), /only verified addresses/);
    await verify(eve);
    expect(ok(await join(token, eve)).joinWorkspace.id).toBe(world.workspaceId);
  });

  it('inviting an address outside the domains is refused, naming the entry, and mails nothing', async () => {
    const refused = await invite('someone@example.test');
    expect(refused.errors?.[0]?.extensions).toEqual({ code: 'FORBIDDEN', field: 'input.invitations[0].email' });
    expect(await mailsTo(mock.origin, 'someone@example.test', 'wi_')).toEqual([]);
  });
});
