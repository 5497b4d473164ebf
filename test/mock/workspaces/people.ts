import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { expectCode, gql, ok, type GraphQLResponse } from '../../support/client.js';
import { login, type Actor } from '../../support/world.js';

/** Helpers of the departments, member directory and CSV tests: people with chosen names and roles. */

const PASSWORD = 'correct horse battery';
const DAY = 24 * 3_600_000;

/** A mock on a manual clock whose tokens outlive the days the tests move the clock through. */
export async function startPeopleMock(clock: ManualClock): Promise<RunningMockServer> {
  return startMockServer({
    port: 0,
    empty: true,
    clock,
    tokenLifetimes: { accessTokenMs: 365 * DAY, refreshTokenMs: 365 * DAY, rememberMeRefreshTokenMs: 365 * DAY },
  });
}

/** Registers and logs in someone with this display name; `handle` starts the username and email. */
export async function registerPerson(url: string, displayName: string, handle: string): Promise<Actor> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${handle}-${suffix}@example.test`;
  ok(
    await gql(url, 'mutation($input: RegisterInput!) { register(input: $input) }', {
      input: { displayName, email, password: PASSWORD, username: `${handle}_${suffix}` },
    }),
  );
  return login(url, email, PASSWORD);
}

export async function createWorkspaceOf(url: string, owner: Actor): Promise<string> {
  const data = ok(
    await gql<{ createWorkspace: { id: string } }>(
      url,
      'mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }',
      { input: { name: 'People', slug: `p-${randomUUID().slice(0, 12)}` } },
      owner.token,
    ),
  );
  return data.createWorkspace.id;
}

/** `joiner` joins through an invite link with `role`, created by `inviter` (an owner or admin). */
export async function joinAs(url: string, inviter: Actor, workspaceId: string, joiner: Actor, role: 'ADMIN' | 'MEMBER' | 'GUEST'): Promise<void> {
  const link = ok(
    await gql<{ createWorkspaceInviteLink: { token: string } }>(url, 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }', { w: workspaceId, r: role }, inviter.token),
  );
  ok(await gql(url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: link.createWorkspaceInviteLink.token }, joiner.token));
}

/** Asserts the code and the field at fault (`extensions.field`). */
export function expectFieldError(response: GraphQLResponse<unknown>, code: string, field: string): void {
  expectCode(response, code);
  expect((response.errors?.[0]?.extensions as { field?: string } | undefined)?.field).toBe(field);
}

export const DEPARTMENT_FIELDS = 'id name description memberCount lead { userId username displayName }';

export interface DepartmentShape {
  id: string;
  name: string;
  description: string | null;
  memberCount: number;
  lead: { userId: string; username: string; displayName: string } | null;
}

export const MEMBER_FIELDS =
  'userId username displayName email avatarUrl jobTitle role department { id name } isDepartmentLead channels channelCount isOnline joinedAt lastActiveAt canManage twoFactor { enabled method }';

export interface MemberShape {
  userId: string;
  username: string;
  displayName: string;
  email: string;
  avatarUrl: string | null;
  jobTitle: string | null;
  role: string;
  department: { id: string; name: string } | null;
  isDepartmentLead: boolean;
  channels: string[];
  channelCount: number;
  isOnline: boolean;
  joinedAt: string;
  lastActiveAt: string | null;
  canManage: boolean;
  twoFactor: { enabled: boolean; method: string | null } | null;
}
