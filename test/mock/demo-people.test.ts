import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../support/client.js';
import { readOutbox } from '../support/outbox.js';
import { login, type Actor } from '../support/world.js';

/** The demo data for the people screens: an unverified account, invitations, a link. */
let mock: RunningMockServer;
let strict: RunningMockServer;
let alice: Actor;
let acme: string;

beforeAll(async () => {
  [mock, strict] = await Promise.all([startMockServer({ port: 0 }), startMockServer({ port: 0, requireVerification: true, demo: { extraMembers: 0, generalMessages: 5 } })]);
  alice = await login(mock.url, 'alice@acme.test', 'parley-demo');
  acme = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, alice.token)).workspaces[0]!.id;
});
afterAll(() => Promise.all([mock.close(), strict.close()]));

describe('demo people', () => {
  it('erin has not verified her address: she logs in by default, not with requireVerification; the demo members can', async () => {
    await login(mock.url, 'erin@acme.test', 'parley-demo');
    expectCode(await gql(strict.url, 'mutation { login(input: {email: "erin@acme.test", password: "parley-demo"}) { accessToken } }'), 'FORBIDDEN');
    for (const name of ['alice', 'bob', 'carol', 'dave']) await login(strict.url, `${name}@acme.test`, 'parley-demo');
  });

  it('Acme has two pending invitations, one expiring within a day, and a working MEMBER invite link', async () => {
    const { pendingWorkspaceInvitations } = ok(await gql<{ pendingWorkspaceInvitations: { email: string; role: string; expiresAt: string }[] }>(mock.url, 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { email role expiresAt } }', { w: acme }, alice.token));
    expect(pendingWorkspaceInvitations.map((i) => [i.email, i.role]).sort()).toEqual([['erin@acme.test', 'MEMBER'], ['frank@partner.test', 'GUEST']]);
    const frank = pendingWorkspaceInvitations.find((i) => i.email === 'frank@partner.test')!;
    const left = Date.parse(frank.expiresAt) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(24 * 3_600_000);
    const { workspaceInviteLinkInfo } = ok(await gql<{ workspaceInviteLinkInfo: { role: string } | null }>(mock.url, 'query($w: ID!) { workspaceInviteLinkInfo(workspaceId: $w) { role } }', { w: acme }, alice.token));
    expect(workspaceInviteLinkInfo).toEqual({ role: 'MEMBER' });
  });

  it('the outbox holds erin\'s verification mail and the invitations; erin joins with hers', async () => {
    const erins = (await readOutbox(mock.origin)).filter((mail) => mail.to === 'erin@acme.test');
    expect(erins.map((mail) => mail.subject)).toEqual(['Verify your email address', 'Alice Martin invited you to Acme on Parley']);
    const erin = await login(mock.url, 'erin@acme.test', 'parley-demo');
    ok(await gql(mock.url, 'mutation($t: String!) { verifyEmail(token: $t) }', { t: erins[0]!.token }));
    const joined = ok(await gql<{ joinWorkspace: { id: string } }>(mock.url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: erins[1]!.token }, erin.token));
    expect(joined.joinWorkspace.id).toBe(acme);
  });

  it('Acme has departments with leads, job titles, and two-factor settings with some missing', async () => {
    const { departments } = ok(await gql<{ departments: { name: string; lead: { username: string } | null; memberCount: number }[] }>(mock.url, 'query($w: ID!) { departments(workspaceId: $w) { name lead { username } memberCount } }', { w: acme }, alice.token));
    expect(departments.map((d) => [d.name, d.lead?.username ?? null]).sort()).toEqual([['Design', 'carol'], ['Engineering', 'bob'], ['Operations', null], ['Sales', null]]);
    expect(departments.every((d) => d.memberCount > 0)).toBe(true);
    const { memberDirectory } = ok(await gql<{ memberDirectory: { items: { username: string; jobTitle: string | null }[]; totalCount: number } }>(mock.url, 'query($w: ID!) { memberDirectory(workspaceId: $w, input: {status: TWO_FACTOR_MISSING, pageSize: 100}) { items { username jobTitle } totalCount } }', { w: acme }, alice.token));
    expect(memberDirectory.items.map((m) => m.username)).toEqual(expect.arrayContaining(['carol', 'dave']));
    expect(memberDirectory.items.map((m) => m.username)).not.toContain('alice');
    const { memberDirectorySummary } = ok(await gql<{ memberDirectorySummary: { distribution: { name: string }[]; pendingInvitations: number; expiringInvitations: number; twoFactor: { missingCount: number } } }>(mock.url, 'query($w: ID!) { memberDirectorySummary(workspaceId: $w) { distribution { name } pendingInvitations expiringInvitations twoFactor { missingCount } } }', { w: acme }, alice.token));
    expect(memberDirectorySummary.distribution.map((d) => d.name)).toContain('Unassigned');
    // erin's invitation may be used up by now (the test above); frank's expires within a day.
    const pending = ok(await gql<{ pendingWorkspaceInvitations: unknown[] }>(mock.url, 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { id } }', { w: acme }, alice.token)).pendingWorkspaceInvitations;
    expect(memberDirectorySummary).toMatchObject({ pendingInvitations: pending.length, expiringInvitations: 1 });
    expect(memberDirectorySummary.twoFactor.missingCount).toBeGreaterThanOrEqual(2);
    const page = ok(await gql<{ memberDirectory: { items: { username: string; jobTitle: string | null }[] } }>(mock.url, 'query($w: ID!) { memberDirectory(workspaceId: $w, input: {search: "alice"}) { items { username jobTitle } } }', { w: acme }, alice.token));
    expect(page.memberDirectory.items[0]).toEqual({ username: 'alice', jobTitle: 'Founder & CEO' });
  });
});
