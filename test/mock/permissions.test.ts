import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../support/client.js';
import { mailsTo } from '../support/outbox.js';
import { createWorkspace, joinWorkspace, login, registerActor, type Actor } from '../support/world.js';

/**
 * The permission table of docs/mock-behaviour.md, walked cell by cell through HTTP: the table is
 * read from the docs, so the docs cannot promise what the mock does not do. A cell `✓` must be
 * carried out; any other cell is the code the caller must get, and the refused call must leave
 * every table as it was.
 */
const CALLERS = ['OWNER', 'ADMIN', 'MEMBER', 'GUEST', 'outsider', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];

/** The operations of the accounts and workspaces work that the table must cover. */
const OPERATIONS = [
  'register', 'login', 'refreshToken', 'logout', 'verifyEmail', 'resendVerificationEmail', 'oauthProviders', 'oauthAuthorizationUrl',
  'loginWithOAuth', 'exchangeSocialToken', 'me', 'updateAvatar', 'generateSlug', 'createWorkspace', 'workspaces', 'joinWorkspace', 'workspace',
  'updateWorkspace', 'createWorkspaceInviteLink', 'workspaceInviteLinkInfo', 'setWorkspaceJoinEmailDomains', 'inviteToWorkspace',
  'pendingWorkspaceInvitations', 'changeWorkspaceMemberRole', 'removeWorkspaceMember', 'departments', 'memberDirectory',
  'memberDirectorySummary', 'createDepartment', 'updateDepartment', 'deleteDepartment', 'assignMemberDepartment', 'exportWorkspaceMembersCsv',
  'notifications', 'notificationSummary', 'notificationActivity', 'markNotificationRead', 'markAllNotificationsRead', 'clearReadNotifications',
];

function readTable(): Map<string, Record<Caller, string>> {
  const docs = readFileSync(new URL('../../docs/mock-behaviour.md', import.meta.url), 'utf8');
  const section = docs.slice(docs.indexOf('## Permission table'));
  const rows = new Map<string, Record<Caller, string>>();
  for (const line of section.split('\n')) {
    const cells = /^\| `(\w+)` \|(.*)\|$/.exec(line);
    if (!cells) continue;
    const values = cells[2]!.split('|').map((cell) => cell.trim());
    expect(values, line).toHaveLength(CALLERS.length);
    rows.set(cells[1]!, Object.fromEntries(CALLERS.map((caller, index) => [caller, values[index]!])) as Record<Caller, string>);
  }
  return rows;
}

interface Call {
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  /** Another token than the caller's (a fresh outsider, when the call would make the outsider a member). */
  readonly token?: string;
}

let mock: RunningMockServer;
let workspaceId: string;
const actors = new Map<Exclude<Caller, 'anonymous'>, Actor>();
let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  const owner = await registerActor(mock.url, 'owner');
  workspaceId = await createWorkspace(mock.url, owner);
  actors.set('OWNER', owner);
  for (const role of ['ADMIN', 'MEMBER', 'GUEST'] as const) actors.set(role, await joinAs(role));
  actors.set('outsider', await registerActor(mock.url, 'outsider'));
});
afterAll(() => mock.close());

async function joinAs(role: 'ADMIN' | 'MEMBER' | 'GUEST'): Promise<Actor> {
  const actor = await registerActor(mock.url, role.toLowerCase());
  await joinWorkspace(mock.url, actors.get('OWNER')!, workspaceId, actor, role);
  return actor;
}

async function newDepartment(): Promise<string> {
  const { createDepartment } = ok(await gql<{ createDepartment: { id: string } }>(mock.url, 'mutation($w: ID!, $i: DepartmentInput!) { createDepartment(workspaceId: $w, input: $i) { id } }', { w: workspaceId, i: { name: fresh('dept') } }, actors.get('OWNER')!.token));
  return createDepartment.id;
}

/** A notification of `caller` (anonymous: the owner's): a newcomer joins a workspace the caller owns. */
async function notificationOf(caller: Caller): Promise<string> {
  const recipient = actors.get(caller === 'anonymous' ? 'OWNER' : caller)!;
  const ownWorkspace = await createWorkspace(mock.url, recipient);
  await joinWorkspace(mock.url, recipient, ownWorkspace, await registerActor(mock.url, 'joiner'));
  const { notifications } = ok(await gql<{ notifications: { nodes: { id: string }[] } }>(mock.url, '{ notifications(first: 1) { nodes { id } } }', {}, recipient.token));
  return notifications.nodes[0]!.id;
}

async function oauthCode(verifier: string): Promise<string> {
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const { oauthAuthorizationUrl } = ok(await gql<{ oauthAuthorizationUrl: string }>(mock.url, 'query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }', { i: { provider: 'IDP_TWO', codeChallenge: challenge, state: 's' } }));
  const answered = await fetch(oauthAuthorizationUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision: 'approve', account: actors.get('OWNER')!.id }).toString() });
  const location = answered.headers.get('location');
  expect(location, `authorize page answered ${answered.status}`).toBeTruthy();
  return new URL(location!).searchParams.get('code')!;
}

const SOCIAL_TOKEN = (() => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'https://idp-two.parley.test', sub: 'perm-1', email: 'perm@example.test', email_verified: true, exp: 4102444800 })}.`;
})();

/** For each operation, a request that succeeds for a caller the table allows (arranging what it needs first). */
const calls: Record<string, (caller: Caller) => Promise<Call> | Call> = {
  register: () => ({ query: 'mutation($i: RegisterInput!) { register(input: $i) }', variables: { i: { displayName: 'N', email: `${fresh('r')}@example.test`, password: 'correct horse battery', username: fresh('r') } } }),
  login: () => ({ query: 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', variables: { i: { email: actors.get('outsider')!.email, password: actors.get('outsider')!.password } } }),
  refreshToken: async () => ({ query: 'mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }', variables: { t: (await login(mock.url, actors.get('outsider')!.email, actors.get('outsider')!.password)).refreshToken } }),
  logout: async () => ({ query: 'mutation($t: String!) { logout(refreshToken: $t) }', variables: { t: (await login(mock.url, actors.get('outsider')!.email, actors.get('outsider')!.password)).refreshToken } }),
  verifyEmail: async () => {
    const email = `${fresh('v')}@example.test`;
    ok(await gql(mock.url, 'mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: 'V', email, password: 'correct horse battery', username: fresh('v') } }));
    const [mail] = await mailsTo(mock.origin, email, 'ev_');
    return { query: 'mutation($t: String!) { verifyEmail(token: $t) }', variables: { t: mail!.token } };
  },
  resendVerificationEmail: () => ({ query: 'mutation { resendVerificationEmail(email: "nobody@example.test") }' }),
  oauthProviders: () => ({ query: '{ oauthProviders }' }),
  oauthAuthorizationUrl: () => ({ query: 'query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }', variables: { i: { provider: 'IDP_TWO', codeChallenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'), state: 's' } } }),
  loginWithOAuth: async () => {
    const verifier = randomBytes(32).toString('base64url');
    return { query: 'mutation($i: OAuthLoginInput!) { loginWithOAuth(input: $i) { accessToken } }', variables: { i: { provider: 'IDP_TWO', code: await oauthCode(verifier), codeVerifier: verifier } } };
  },
  exchangeSocialToken: () => ({ query: 'mutation($t: String) { exchangeSocialToken(input: {provider: IDP_TWO, idpTwoIdToken: $t}) { accessToken } }', variables: { t: SOCIAL_TOKEN } }),
  me: () => ({ query: '{ me { id } }' }),
  updateAvatar: () => ({ query: 'mutation { updateAvatar(key: null) { id } }' }),
  generateSlug: () => ({ query: '{ generateSlug(name: "Permission Test") }' }),
  createWorkspace: () => ({ query: 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', variables: { i: { name: 'P', slug: fresh('p') } } }),
  workspaces: () => ({ query: '{ workspaces { id } }' }),
  joinWorkspace: async (caller) => {
    const { createWorkspaceInviteLink } = ok(await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: workspaceId }, actors.get('OWNER')!.token));
    // Joining would make the outsider a member for the rows that follow: a fresh outsider joins instead.
    const token = caller === 'outsider' ? (await registerActor(mock.url, 'newcomer')).token : undefined;
    return { query: 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', variables: { t: createWorkspaceInviteLink.token }, ...(token ? { token } : {}) };
  },
  workspace: () => ({ query: 'query($w: ID!) { workspace(id: $w) { id } }', variables: { w: workspaceId } }),
  updateWorkspace: () => ({ query: 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id } }', variables: { i: { id: workspaceId, name: 'Permissions' } } }),
  createWorkspaceInviteLink: () => ({ query: 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', variables: { w: workspaceId } }),
  workspaceInviteLinkInfo: () => ({ query: 'query($w: ID!) { workspaceInviteLinkInfo(workspaceId: $w) { role } }', variables: { w: workspaceId } }),
  setWorkspaceJoinEmailDomains: () => ({ query: 'mutation($w: ID!) { setWorkspaceJoinEmailDomains(input: {workspaceId: $w, domains: []}) }', variables: { w: workspaceId } }),
  inviteToWorkspace: () => ({ query: 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent } }', variables: { i: { workspaceId, invitations: [{ email: `${fresh('i')}@example.test`, role: 'MEMBER' }] } } }),
  pendingWorkspaceInvitations: () => ({ query: 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { id } }', variables: { w: workspaceId } }),
  changeWorkspaceMemberRole: async () => ({ query: 'mutation($w: ID!, $u: ID!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: GUEST) { role } }', variables: { w: workspaceId, u: (await joinAs('MEMBER')).id } }),
  removeWorkspaceMember: async () => ({ query: 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', variables: { w: workspaceId, u: (await joinAs('MEMBER')).id } }),
  departments: () => ({ query: 'query($w: ID!) { departments(workspaceId: $w) { id } }', variables: { w: workspaceId } }),
  memberDirectory: () => ({ query: 'query($w: ID!) { memberDirectory(workspaceId: $w) { totalCount } }', variables: { w: workspaceId } }),
  memberDirectorySummary: () => ({ query: 'query($w: ID!) { memberDirectorySummary(workspaceId: $w) { totalCount } }', variables: { w: workspaceId } }),
  createDepartment: () => ({ query: 'mutation($w: ID!, $i: DepartmentInput!) { createDepartment(workspaceId: $w, input: $i) { id } }', variables: { w: workspaceId, i: { name: fresh('d') } } }),
  updateDepartment: async () => ({ query: 'mutation($w: ID!, $id: ID!, $i: DepartmentInput!) { updateDepartment(workspaceId: $w, id: $id, input: $i) { id } }', variables: { w: workspaceId, id: await newDepartment(), i: { name: fresh('u') } } }),
  deleteDepartment: async () => ({ query: 'mutation($w: ID!, $id: ID!) { deleteDepartment(workspaceId: $w, id: $id) }', variables: { w: workspaceId, id: await newDepartment() } }),
  assignMemberDepartment: async () => ({ query: 'mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { userId } }', variables: { w: workspaceId, u: actors.get('MEMBER')!.id, d: await newDepartment() } }),
  exportWorkspaceMembersCsv: () => ({ query: 'query($w: ID!) { exportWorkspaceMembersCsv(workspaceId: $w) }', variables: { w: workspaceId } }),
  notifications: () => ({ query: '{ notifications(first: 5) { nodes { id } endCursor hasNextPage } }' }),
  notificationSummary: () => ({ query: '{ notificationSummary { total unread } }' }),
  notificationActivity: () => ({ query: '{ notificationActivity { date mentions replied } }' }),
  markNotificationRead: async (caller) => ({ query: 'mutation($id: ID!) { markNotificationRead(id: $id) }', variables: { id: await notificationOf(caller) } }),
  markAllNotificationsRead: () => ({ query: 'mutation { markAllNotificationsRead }' }),
  clearReadNotifications: () => ({ query: 'mutation { clearReadNotifications }' }),
};

const table = readTable();

describe('the permission table of docs/mock-behaviour.md', () => {
  it('covers every operation of accounts and workspaces, and each has a request here', () => {
    expect([...table.keys()].sort()).toEqual([...OPERATIONS].sort());
    expect(Object.keys(calls).sort()).toEqual([...OPERATIONS].sort());
  });

  describe.each([...table.keys()])('%s', (operation) => {
    it.each(CALLERS)('as %s', async (caller) => {
      const expected = table.get(operation)![caller];
      const call = await calls[operation]!(caller);
      const token = call.token ?? (caller === 'anonymous' ? undefined : actors.get(caller)!.token);
      const before = digestTables(mock.state.tables);
      const response = await gql(mock.url, call.query, call.variables ?? {}, token);
      if (expected === '✓') {
        expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
        return;
      }
      expectCode(response, expected);
      expect(digestTables(mock.state.tables), 'a refused call changed the state').toBe(before);
    });
  });
});
