import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import type { InvitationRecord } from '../../../src/mock-server/state/workspaces/records.js';
import { directoryRules } from '../../../src/mock-server/state/workspaces/directory.js';
import { summaryRules } from '../../../src/mock-server/state/workspaces/directory-summary.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { Sockets } from '../../support/realtime.js';
import { until } from '../../support/socket.js';
import { createChannel, type Actor } from '../../support/world.js';
import { createWorkspaceOf, expectFieldError, joinAs, MEMBER_FIELDS, registerPerson, startPeopleMock, type MemberShape } from './people.js';

/** memberDirectory (filters, search, order, paging, what each caller sees) and memberDirectorySummary. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new ManualClock(Date.parse('2026-04-06T09:00:00Z'));
let mock: RunningMockServer;
const sockets = new Sockets(() => mock);
let w: string;
let owner: Actor, admin: Actor, zoe: Actor, emile: Actor, adaLower: Actor, adaUpper: Actor, guest: Actor, outsider: Actor;
/** Every member, in the order the directory must list them. */
let ordered: Actor[];

beforeAll(async () => {
  mock = await startPeopleMock(clock);
  [owner, admin, zoe, emile, adaLower, adaUpper, guest, outsider] = await Promise.all([
    registerPerson(mock.url, 'Olive Owner', 'olive'),
    registerPerson(mock.url, 'Adam Admin', 'adam'),
    registerPerson(mock.url, 'Zoë Ångström', 'zoe'),
    registerPerson(mock.url, 'Émile Zola', 'emile'),
    registerPerson(mock.url, 'ada lovelace', 'ada'),
    registerPerson(mock.url, 'Ada Lovelace', 'adb'),
    registerPerson(mock.url, 'Gus Guest', 'gus'),
    registerPerson(mock.url, 'Otto Outsider', 'otto'),
  ]);
  w = await createWorkspaceOf(mock.url, owner);
  await joinAs(mock.url, owner, w, admin, 'ADMIN');
  for (const actor of [zoe, emile, adaLower, adaUpper]) await joinAs(mock.url, owner, w, actor, 'MEMBER');
  await joinAs(mock.url, owner, w, guest, 'GUEST');
  // Display names first (case and accents aside), then usernames: ada_… before adb_….
  ordered = [adaLower, adaUpper, admin, emile, guest, owner, zoe];
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

const PAGE = `query($w: ID!, $input: MemberDirectoryInput) { memberDirectory(workspaceId: $w, input: $input) { page pageSize totalCount items { ${MEMBER_FIELDS} } } }`;
interface PageShape {
  page: number;
  pageSize: number;
  totalCount: number;
  items: MemberShape[];
}

function directory(input: Record<string, unknown> | null | undefined, as: Actor = owner, workspaceId = w) {
  return gql<{ memberDirectory: PageShape }>(mock.url, PAGE, input === undefined ? { w: workspaceId } : { w: workspaceId, input }, as.token);
}

async function page(input: Record<string, unknown>, as: Actor = owner): Promise<PageShape> {
  return ok(await directory(input, as)).memberDirectory;
}

async function idsOf(input: Record<string, unknown>, as: Actor = owner): Promise<string[]> {
  return (await page({ pageSize: 100, ...input }, as)).items.map((item) => item.userId);
}

/** Arranges state the public API cannot set yet (job titles and two-factor come with other issues). */
function arrange(fn: () => void): void {
  fn();
}

describe('memberDirectory: order and paging', () => {
  it('lists every member by display name, then username; pages are numbered with an exact totalCount', async () => {
    expect(await idsOf({})).toEqual(ordered.map((actor) => actor.id));
    const first = await page({ page: 1, pageSize: 3 });
    const third = await page({ page: 3, pageSize: 3 });
    expect([first.page, first.pageSize, first.totalCount]).toEqual([1, 3, 7]);
    expect(first.items.map((item) => item.userId)).toEqual(ordered.slice(0, 3).map((actor) => actor.id));
    expect(third.items.map((item) => item.userId)).toEqual([zoe.id]);
    expect(await page({ page: 9, pageSize: 3 })).toEqual({ page: 9, pageSize: 3, totalCount: 7, items: [] });
  });

  it('input left out or null takes the defaults: page 1 of 10', async () => {
    for (const input of [undefined, null, {}]) {
      const result = ok(await directory(input)).memberDirectory;
      expect([result.page, result.pageSize, result.totalCount, result.items.length]).toEqual([1, 10, 7, 7]);
    }
  });

  it(`refuses page < 1, pageSize outside 1..${directoryRules.pageSizeMax}, a search over ${directoryRules.searchMax} characters and malformed or unknown departments`, async () => {
    expectFieldError(await directory({ page: 0 }), 'BAD_USER_INPUT', 'input.page');
    expectFieldError(await directory({ page: -3 }), 'BAD_USER_INPUT', 'input.page');
    expectFieldError(await directory({ pageSize: 0 }), 'BAD_USER_INPUT', 'input.pageSize');
    expectFieldError(await directory({ pageSize: directoryRules.pageSizeMax + 1 }), 'BAD_USER_INPUT', 'input.pageSize');
    expect((await page({ pageSize: directoryRules.pageSizeMax })).pageSize).toBe(directoryRules.pageSizeMax);
    expectFieldError(await directory({ search: 's'.repeat(directoryRules.searchMax + 1) }), 'BAD_USER_INPUT', 'input.search');
    expectFieldError(await directory({ departmentId: 'nope' }), 'BAD_USER_INPUT', 'input.departmentId');
    expectFieldError(await directory({ departmentId: randomUUID() }), 'NOT_FOUND', 'input.departmentId');
  });
});

describe('memberDirectory: filters', () => {
  it('search ignores case and accents, covers display name, username and email, and needs every word', async () => {
    expect(await idsOf({ search: 'ZOE angstrom' })).toEqual([zoe.id]);
    expect(await idsOf({ search: 'émile' })).toEqual([emile.id]);
    expect(await idsOf({ search: 'EMILE' })).toEqual([emile.id]);
    expect(await idsOf({ search: 'lovelace ADA' })).toEqual([adaLower.id, adaUpper.id]);
    expect(await idsOf({ search: zoe.email.toUpperCase() })).toEqual([zoe.id]);
    expect(await idsOf({ search: 'adb_' })).toEqual([adaUpper.id]);
    expect(await idsOf({ search: '   ' })).toHaveLength(7);
    const found = await page({ search: 'lovelace', pageSize: 1 });
    expect([found.totalCount, found.items.map((item) => item.userId)]).toEqual([2, [adaLower.id]]);
    expect(await idsOf({ search: 'nobody-has-this' })).toEqual([]);
  });

  it('filters by role and by department, combined with search', async () => {
    expect(await idsOf({ role: 'ADMIN' })).toEqual([admin.id]);
    expect(await idsOf({ role: 'GUEST' })).toEqual([guest.id]);
    const created = ok(await gql<{ createDepartment: { id: string } }>(mock.url, 'mutation($w: ID!) { createDepartment(workspaceId: $w, input: { name: "Filters" }) { id } }', { w }, owner.token)).createDepartment;
    for (const actor of [zoe, emile]) {
      ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { userId } }', { w, u: actor.id, d: created.id }, owner.token));
    }
    expect(await idsOf({ departmentId: created.id })).toEqual([emile.id, zoe.id]);
    expect(await idsOf({ departmentId: created.id, search: 'zola' })).toEqual([emile.id]);
    expect(await idsOf({ departmentId: created.id, role: 'ADMIN' })).toEqual([]);
    ok(await gql(mock.url, 'mutation($w: ID!, $id: ID!) { deleteDepartment(workspaceId: $w, id: $id) }', { w, id: created.id }, owner.token));
  });

  it('status ONLINE and OFFLINE follow live WebSocket connections', async () => {
    expect(await idsOf({ status: 'ONLINE' })).toEqual([]);
    await sockets.as(zoe);
    await sockets.as(admin);
    expect(await idsOf({ status: 'ONLINE' })).toEqual([admin.id, zoe.id]);
    expect(await idsOf({ status: 'OFFLINE' })).toEqual(ordered.filter((actor) => actor !== zoe && actor !== admin).map((actor) => actor.id));
    await sockets.closeAll();
    await until(() => !mock.state.presence.isPresent(zoe.id) && !mock.state.presence.isPresent(admin.id), 'the sockets to close');
    expect(await idsOf({ status: 'ONLINE' })).toEqual([]);
  });

  it('status TWO_FACTOR_MISSING: for owners and admins only (FORBIDDEN for members)', async () => {
    arrange(() => {
      for (const actor of [owner, admin, zoe]) mock.state.users.arrange(actor.id, { twoFactor: { method: 'APP' } });
    });
    try {
      expect(await idsOf({ status: 'TWO_FACTOR_MISSING' }, admin)).toEqual([adaLower.id, adaUpper.id, emile.id, guest.id]);
      expectCode(await directory({ status: 'TWO_FACTOR_MISSING' }, emile), 'FORBIDDEN');
    } finally {
      arrange(() => {
        for (const actor of [owner, admin, zoe]) mock.state.users.arrange(actor.id, { twoFactor: null });
      });
    }
  });
});

describe('memberDirectory: what each caller sees', () => {
  async function entry(of: Actor, as: Actor): Promise<MemberShape> {
    const item = (await page({ pageSize: 100 }, as)).items.find((candidate) => candidate.userId === of.id);
    expect(item).toBeDefined();
    return item!;
  }

  it('shows profile, role, job title, department and join time', async () => {
    arrange(() => {
      mock.state.workspaces.arrangeMember(w, zoe.id, { jobTitle: 'Staff engineer' });
    });
    const seen = await entry(zoe, emile);
    expect(seen).toMatchObject({ userId: zoe.id, displayName: 'Zoë Ångström', email: zoe.email, avatarUrl: null, jobTitle: 'Staff engineer', role: 'MEMBER', department: null, isDepartmentLead: false });
    expect(seen.joinedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('channels: only titles the caller may see; a private channel stays hidden from those outside it', async () => {
    const secret = await createChannel(mock.url, owner, w, 'PRIVATE', [zoe.id]);
    const open = await createChannel(mock.url, owner, w, 'PUBLIC', [zoe.id]);
    const titles = (id: string) => mock.state.tables.conversations.get(id)!.title!;
    const bySharer = await entry(zoe, owner);
    expect(bySharer.channels).toEqual(['general', titles(secret), titles(open)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    expect(bySharer.channelCount).toBe(3);
    const byOther = await entry(zoe, emile);
    expect(byOther.channels).toEqual(['general', titles(open)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    expect(byOther.channelCount).toBe(2);
  });

  it('canManage: the owner manages everyone else, an admin members and guests, nobody the owner or themselves', async () => {
    const manageable = async (as: Actor) => (await page({ pageSize: 100 }, as)).items.filter((item) => item.canManage).map((item) => item.userId);
    expect(await manageable(owner)).toEqual([adaLower.id, adaUpper.id, admin.id, emile.id, guest.id, zoe.id]);
    expect(await manageable(admin)).toEqual([adaLower.id, adaUpper.id, emile.id, guest.id, zoe.id]);
    expect(await manageable(zoe)).toEqual([]);
  });

  it('twoFactor: owners and admins see everyone’s, a member only their own', async () => {
    arrange(() => {
      mock.state.users.arrange(emile.id, { twoFactor: { method: 'SECURITY_KEY' } });
    });
    try {
      expect((await entry(emile, admin)).twoFactor).toEqual({ enabled: true, method: 'SECURITY_KEY' });
      expect((await entry(zoe, admin)).twoFactor).toEqual({ enabled: false, method: null });
      expect((await entry(emile, emile)).twoFactor).toEqual({ enabled: true, method: 'SECURITY_KEY' });
      expect((await entry(emile, zoe)).twoFactor).toBeNull();
    } finally {
      arrange(() => {
        mock.state.users.arrange(emile.id, { twoFactor: null });
      });
    }
  });

  it('isOnline and lastActiveAt: now while connected, the moment the last socket closed after, null before ever connecting', async () => {
    expect(await entry(emile, owner)).toMatchObject({ isOnline: false, lastActiveAt: null });
    await sockets.as(emile);
    expect(await entry(emile, owner)).toMatchObject({ isOnline: true, lastActiveAt: new Date(clock.now()).toISOString() });
    clock.advance(5 * 60_000);
    const closedAt = new Date(clock.now()).toISOString();
    await sockets.closeAll();
    await until(() => !mock.state.presence.isPresent(emile.id), 'the socket to close');
    clock.advance(60 * 60_000);
    expect(await entry(emile, owner)).toMatchObject({ isOnline: false, lastActiveAt: closedAt });
  });

  it('guests and outsiders cannot read the directory; an unknown workspace is NOT_FOUND', async () => {
    expectCode(await directory({}, guest), 'FORBIDDEN');
    expectCode(await directory({}, outsider), 'FORBIDDEN');
    expectCode(await directory({}, owner, randomUUID()), 'NOT_FOUND');
    expectCode(await gql(mock.url, PAGE, { w }), 'UNAUTHENTICATED');
  });
});

describe('memberDirectorySummary', () => {
  const SUMMARY = `query($w: ID!) { memberDirectorySummary(workspaceId: $w) {
    totalCount onlineCount guestCount departmentCount joinedThisWeek pendingInvitations expiringInvitations canManage
    distribution { departmentId name count } twoFactor { total protectedCount missingCount percent } } }`;
  const summary = async (workspaceId: string, as: Actor) => ok(await gql<{ memberDirectorySummary: Record<string, unknown> }>(mock.url, SUMMARY, { w: workspaceId }, as.token)).memberDirectorySummary;

  function invite(workspaceId: string, email: string, expiresAt: number): void {
    const id = randomUUID();
    const invitation: InvitationRecord = { id, workspaceId, email, role: 'MEMBER', conversationId: null, token: `tok-${id}`, invitedBy: owner.id, createdAt: clock.now(), expiresAt };
    mock.state.tables.invitations.set(id, invitation);
  }

  it('counts members, guests, the online, recent joiners, departments and their distribution, invitations and 2FA compliance', async () => {
    const ws = await createWorkspaceOf(mock.url, owner);
    await joinAs(mock.url, owner, ws, admin, 'ADMIN');
    await joinAs(mock.url, owner, ws, guest, 'GUEST');
    clock.advance(8 * DAY);
    await joinAs(mock.url, owner, ws, zoe, 'MEMBER');
    clock.advance(7 * DAY - 1);
    await joinAs(mock.url, owner, ws, emile, 'MEMBER');
    const made = (name: string) => gql<{ createDepartment: { id: string } }>(mock.url, 'mutation($w: ID!, $n: String!, $l: ID) { createDepartment(workspaceId: $w, input: { name: $n, leadUserId: $l }) { id } }', { w: ws, n: name, l: name === 'Zeta' ? zoe.id : null }, owner.token);
    const zeta = ok(await made('Zeta')).createDepartment.id;
    const alpha = ok(await made('alpha')).createDepartment.id;
    await sockets.as(guest);
    arrange(() => {
      mock.state.users.arrange(owner.id, { twoFactor: { method: 'FIDO2' } });
      const now = clock.now();
      invite(ws, 'new-1@example.test', now + summaryRules.expiringWithinMs + 1); // pending, not expiring
      invite(ws, 'new-2@example.test', now + summaryRules.expiringWithinMs); // expiring
      invite(ws, 'new-3@example.test', now + HOUR); // expiring
      invite(ws, 'gone@example.test', now); // expired
      invite(ws, zoe.email, now + DAY); // taken up: zoe is a member
      invite(w, 'elsewhere@example.test', now + DAY); // another workspace
    });
    try {
      const counted = await summary(ws, admin);
      expect(counted).toEqual({
        totalCount: 5,
        onlineCount: 1,
        guestCount: 1,
        departmentCount: 2,
        // zoe joined 7 days less 1 ms ago, emile just now; the rest 15 days ago.
        joinedThisWeek: 2,
        pendingInvitations: 3,
        expiringInvitations: 2,
        canManage: true,
        distribution: [
          { departmentId: alpha, name: 'alpha', count: 0 },
          { departmentId: zeta, name: 'Zeta', count: 1 },
          { departmentId: null, name: 'Unassigned', count: 4 },
        ],
        twoFactor: { total: 5, protectedCount: 1, missingCount: 4, percent: 20 },
      });
      clock.advance(1);
      expect((await summary(ws, admin))['joinedThisWeek']).toBe(1);
      // A member sees the counters but not who lacks a second factor.
      expect(await summary(ws, zoe)).toMatchObject({ canManage: false, twoFactor: null, totalCount: 5 });
    } finally {
      arrange(() => {
        mock.state.users.arrange(owner.id, { twoFactor: null });
      });
    }
  });

  it('percent has one decimal; no Unassigned entry when everyone has a department', async () => {
    const ws = await createWorkspaceOf(mock.url, owner);
    await joinAs(mock.url, owner, ws, zoe, 'MEMBER');
    await joinAs(mock.url, owner, ws, emile, 'MEMBER');
    const department = ok(await gql<{ createDepartment: { id: string } }>(mock.url, 'mutation($w: ID!) { createDepartment(workspaceId: $w, input: { name: "All" }) { id } }', { w: ws }, owner.token)).createDepartment.id;
    for (const actor of [owner, zoe, emile]) {
      ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { userId } }', { w: ws, u: actor.id, d: department }, owner.token));
    }
    arrange(() => {
      mock.state.users.arrange(zoe.id, { twoFactor: { method: 'HARDWARE' } });
    });
    try {
      expect(await summary(ws, owner)).toMatchObject({
        distribution: [{ departmentId: department, name: 'All', count: 3 }],
        twoFactor: { total: 3, protectedCount: 1, missingCount: 2, percent: 33.3 },
      });
    } finally {
      arrange(() => {
        mock.state.users.arrange(zoe.id, { twoFactor: null });
      });
    }
  });

  it('guests and outsiders cannot read it', async () => {
    expectCode(await gql(mock.url, SUMMARY, { w }, guest.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, SUMMARY, { w }, outsider.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, SUMMARY, { w: randomUUID() }, owner.token), 'NOT_FOUND');
  });
});
