import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { departmentRules } from '../../../src/mock-server/state/workspaces/departments.js';
import { expectCode, gql, ok } from '../../support/client.js';
import type { Actor } from '../../support/world.js';
import { createWorkspaceOf, DEPARTMENT_FIELDS, expectFieldError, joinAs, MEMBER_FIELDS, registerPerson, startPeopleMock, type DepartmentShape, type MemberShape } from './people.js';

/** departments, createDepartment, updateDepartment, deleteDepartment, assignMemberDepartment. */

const clock = new ManualClock(Date.parse('2026-04-06T09:00:00Z'));
let mock: RunningMockServer;
let owner: Actor;
let admin: Actor;
let member: Actor;
let guest: Actor;
let outsider: Actor;

beforeAll(async () => {
  mock = await startPeopleMock(clock);
  [owner, admin, member, guest, outsider] = await Promise.all([
    registerPerson(mock.url, 'Olive Owner', 'olive'),
    registerPerson(mock.url, 'Adam Admin', 'adam'),
    registerPerson(mock.url, 'Mia Member', 'mia'),
    registerPerson(mock.url, 'Gus Guest', 'gus'),
    registerPerson(mock.url, 'Otto Outsider', 'otto'),
  ]);
});
afterAll(() => mock.close());

/** A fresh workspace per test, so each test starts from no departments. */
async function workspace(): Promise<string> {
  const id = await createWorkspaceOf(mock.url, owner);
  await joinAs(mock.url, owner, id, admin, 'ADMIN');
  await joinAs(mock.url, owner, id, member, 'MEMBER');
  await joinAs(mock.url, owner, id, guest, 'GUEST');
  return id;
}

const LIST = `query($w: ID!) { departments(workspaceId: $w) { ${DEPARTMENT_FIELDS} } }`;
const CREATE = `mutation($w: ID!, $input: DepartmentInput!) { createDepartment(workspaceId: $w, input: $input) { ${DEPARTMENT_FIELDS} } }`;
const UPDATE = `mutation($w: ID!, $id: ID!, $input: DepartmentInput!) { updateDepartment(workspaceId: $w, id: $id, input: $input) { ${DEPARTMENT_FIELDS} } }`;
const DELETE = 'mutation($w: ID!, $id: ID!) { deleteDepartment(workspaceId: $w, id: $id) }';
const ASSIGN = `mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { ${MEMBER_FIELDS} } }`;
const DIRECTORY = 'query($w: ID!) { memberDirectory(workspaceId: $w, input: { pageSize: 100 }) { items { userId department { id name } isDepartmentLead } } }';

const list = (w: string, as: Actor = owner) => gql<{ departments: DepartmentShape[] }>(mock.url, LIST, { w }, as.token);
const create = (w: string, input: Record<string, unknown>, as: Actor = owner) => gql<{ createDepartment: DepartmentShape }>(mock.url, CREATE, { w, input }, as.token);
const update = (w: string, id: string, input: Record<string, unknown>, as: Actor = owner) => gql<{ updateDepartment: DepartmentShape }>(mock.url, UPDATE, { w, id, input }, as.token);
const remove = (w: string, id: string, as: Actor = owner) => gql<{ deleteDepartment: string }>(mock.url, DELETE, { w, id }, as.token);
const assign = (w: string, u: string, d: string | null, as: Actor = owner) => gql<{ assignMemberDepartment: MemberShape }>(mock.url, ASSIGN, { w, u, d }, as.token);

async function made(w: string, input: Record<string, unknown>): Promise<DepartmentShape> {
  return ok(await create(w, input)).createDepartment;
}

async function departmentsOf(w: string): Promise<Map<string, { department: { id: string } | null; isDepartmentLead: boolean }>> {
  const items = ok(await gql<{ memberDirectory: { items: { userId: string; department: { id: string } | null; isDepartmentLead: boolean }[] } }>(mock.url, DIRECTORY, { w }, owner.token)).memberDirectory.items;
  return new Map(items.map((item) => [item.userId, item]));
}

describe('createDepartment and departments', () => {
  it('creates a department whose lead joins it, and lists departments in name order (case and accents aside, digits as numbers)', async () => {
    const w = await workspace();
    const created = await made(w, { name: '  Engineering ', description: 'Builds things', leadUserId: member.id });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Engineering',
      description: 'Builds things',
      memberCount: 1,
      lead: { userId: member.id, username: expect.stringMatching(/^mia_/), displayName: 'Mia Member' },
    });
    for (const name of ['team 10', 'Team 2', 'Ártists', 'zebra']) await made(w, { name });
    const names = ok(await list(w)).departments.map((department) => department.name);
    expect(names).toEqual(['Ártists', 'Engineering', 'Team 2', 'team 10', 'zebra']);
    const people = await departmentsOf(w);
    expect(people.get(member.id)).toMatchObject({ department: { id: created.id }, isDepartmentLead: true });
  });

  it('names are unique per workspace without regard to case (CONFLICT), but another workspace may reuse them', async () => {
    const w = await workspace();
    await made(w, { name: 'Sales' });
    expectFieldError(await create(w, { name: 'SALES' }), 'CONFLICT', 'input.name');
    const other = await workspace();
    expect(ok(await create(other, { name: 'sales' })).createDepartment.name).toBe('sales');
  });

  it(`checks the input: name 1 to ${departmentRules.nameMax} characters, description up to ${departmentRules.descriptionMax}, the lead a member`, async () => {
    const w = await workspace();
    expectFieldError(await create(w, { name: '   ' }), 'BAD_USER_INPUT', 'input.name');
    expectFieldError(await create(w, { name: 'x'.repeat(departmentRules.nameMax + 1) }), 'BAD_USER_INPUT', 'input.name');
    expectFieldError(await create(w, { name: 'Ok', description: 'd'.repeat(departmentRules.descriptionMax + 1) }), 'BAD_USER_INPUT', 'input.description');
    expectFieldError(await create(w, { name: 'Ok', leadUserId: 'not-a-uuid' }), 'BAD_USER_INPUT', 'input.leadUserId');
    expectFieldError(await create(w, { name: 'Ok', leadUserId: outsider.id }), 'NOT_FOUND', 'input.leadUserId');
    expectFieldError(await create(w, { name: 'Ok', leadUserId: randomUUID() }), 'NOT_FOUND', 'input.leadUserId');
    const longest = ok(await create(w, { name: 'n'.repeat(departmentRules.nameMax), description: '' })).createDepartment;
    expect(longest.description).toBeNull();
    expect(ok(await list(w)).departments).toHaveLength(1);
  });

  it('members and admins read; members, guests and outsiders cannot write; guests and outsiders cannot read', async () => {
    const w = await workspace();
    ok(await create(w, { name: 'By admin' }, admin));
    expect(ok(await list(w, member)).departments.map((d) => d.name)).toEqual(['By admin']);
    expectCode(await create(w, { name: 'By member' }, member), 'FORBIDDEN');
    expectCode(await create(w, { name: 'By guest' }, guest), 'FORBIDDEN');
    expectCode(await create(w, { name: 'By outsider' }, outsider), 'FORBIDDEN');
    expectCode(await list(w, guest), 'FORBIDDEN');
    expectCode(await list(w, outsider), 'FORBIDDEN');
    expectCode(await list(randomUUID()), 'NOT_FOUND');
    expectFieldError(await list('nope'), 'BAD_USER_INPUT', 'workspaceId');
    expectCode(await gql(mock.url, LIST, { w }), 'UNAUTHENTICATED');
  });
});

describe('updateDepartment', () => {
  it('replaces name, description and lead; a new lead moves in, the old one stays a member', async () => {
    const w = await workspace();
    const department = await made(w, { name: 'Design', description: 'Pixels', leadUserId: member.id });
    const updated = ok(await update(w, department.id, { name: 'design', leadUserId: admin.id })).updateDepartment;
    expect(updated).toMatchObject({ id: department.id, name: 'design', description: null, memberCount: 2, lead: { userId: admin.id } });
    const people = await departmentsOf(w);
    expect(people.get(member.id)).toMatchObject({ department: { id: department.id }, isDepartmentLead: false });
    expect(people.get(admin.id)).toMatchObject({ department: { id: department.id }, isDepartmentLead: true });
    expect(ok(await update(w, department.id, { name: 'Design' })).updateDepartment.lead).toBeNull();
  });

  it('refuses a taken name, an unknown id, a department of another workspace, and callers who are not owners or admins', async () => {
    const w = await workspace();
    const a = await made(w, { name: 'A' });
    await made(w, { name: 'B' });
    expectFieldError(await update(w, a.id, { name: 'b' }), 'CONFLICT', 'input.name');
    expectFieldError(await update(w, randomUUID(), { name: 'C' }), 'NOT_FOUND', 'id');
    expectFieldError(await update(w, 'bad', { name: 'C' }), 'BAD_USER_INPUT', 'id');
    const elsewhere = ok(await create(await workspace(), { name: 'Elsewhere' })).createDepartment;
    expectFieldError(await update(w, elsewhere.id, { name: 'C' }), 'NOT_FOUND', 'id');
    expectCode(await update(w, a.id, { name: 'C' }, member), 'FORBIDDEN');
    expect(ok(await list(w)).departments.map((d) => d.name)).toEqual(['A', 'B']);
  });
});

describe('assignMemberDepartment', () => {
  it('assigns, moves and unassigns; memberCount follows; the answer is the member as the caller sees them', async () => {
    const w = await workspace();
    const one = await made(w, { name: 'One' });
    const two = await made(w, { name: 'Two' });
    const assigned = ok(await assign(w, member.id, one.id, admin)).assignMemberDepartment;
    expect(assigned).toMatchObject({ userId: member.id, role: 'MEMBER', department: { id: one.id, name: 'One' }, isDepartmentLead: false, canManage: true });
    ok(await assign(w, owner.id, one.id, admin));
    ok(await assign(w, member.id, two.id));
    expect(ok(await list(w)).departments.map((d) => [d.name, d.memberCount])).toEqual([['One', 1], ['Two', 1]]);
    expect(ok(await assign(w, member.id, null)).assignMemberDepartment.department).toBeNull();
    expect(ok(await list(w)).departments.map((d) => d.memberCount)).toEqual([1, 0]);
  });

  it('a lead moved out of their department takes the lead with them', async () => {
    const w = await workspace();
    const led = await made(w, { name: 'Led', leadUserId: member.id });
    const other = await made(w, { name: 'Other' });
    expect(ok(await assign(w, member.id, led.id)).assignMemberDepartment.isDepartmentLead).toBe(true);
    expect(ok(await assign(w, member.id, other.id)).assignMemberDepartment.isDepartmentLead).toBe(false);
    expect(ok(await list(w)).departments.find((d) => d.id === led.id)?.lead).toBeNull();
  });

  it('refuses unknown members and departments (NOT_FOUND), malformed ids, and callers who are not owners or admins', async () => {
    const w = await workspace();
    const department = await made(w, { name: 'Here' });
    const elsewhere = ok(await create(await workspace(), { name: 'There' })).createDepartment;
    expectFieldError(await assign(w, outsider.id, department.id), 'NOT_FOUND', 'userId');
    expectFieldError(await assign(w, member.id, randomUUID()), 'NOT_FOUND', 'departmentId');
    expectFieldError(await assign(w, member.id, elsewhere.id), 'NOT_FOUND', 'departmentId');
    expectFieldError(await assign(w, 'x', department.id), 'BAD_USER_INPUT', 'userId');
    expectFieldError(await assign(w, member.id, 'x'), 'BAD_USER_INPUT', 'departmentId');
    expectCode(await assign(w, member.id, department.id, member), 'FORBIDDEN');
    expectCode(await assign(w, guest.id, department.id, guest), 'FORBIDDEN');
    expectCode(await assign(w, member.id, department.id, outsider), 'FORBIDDEN');
    expect(ok(await list(w)).departments[0]?.memberCount).toBe(0);
  });
});

describe('deleteDepartment', () => {
  it('returns the id and leaves its members without a department; deleting again is NOT_FOUND', async () => {
    const w = await workspace();
    const doomed = await made(w, { name: 'Doomed', leadUserId: admin.id });
    ok(await assign(w, member.id, doomed.id));
    expectCode(await remove(w, doomed.id, member), 'FORBIDDEN');
    expect(ok(await remove(w, doomed.id)).deleteDepartment).toBe(doomed.id);
    expect(ok(await list(w)).departments).toEqual([]);
    const people = await departmentsOf(w);
    expect([people.get(member.id)?.department, people.get(admin.id)?.department, people.get(admin.id)?.isDepartmentLead]).toEqual([null, null, false]);
    expectFieldError(await remove(w, doomed.id), 'NOT_FOUND', 'id');
    // The name is free again.
    expect(ok(await create(w, { name: 'doomed' })).createDepartment.memberCount).toBe(0);
  });

  it('removing the lead from the workspace leaves the department without a lead', async () => {
    const w = await workspace();
    const department = await made(w, { name: 'Led by Mia', leadUserId: member.id });
    ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w, u: member.id }, owner.token));
    expect(ok(await list(w)).departments).toEqual([{ ...department, lead: null, memberCount: 0 }]);
  });
});
