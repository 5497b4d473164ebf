import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { loadStateFile, StateFileWriter } from '../../../src/mock-server/persist/state-file.js';
import type { MockState } from '../../../src/mock-server/state/mock-state.js';
import { exportSnapshot } from '../../../src/mock-server/state/snapshot/index.js';
import { gql, ok } from '../../support/client.js';
import { mailsTo } from '../../support/outbox.js';
import { login as logIn, type Actor } from '../../support/world.js';

/**
 * The guard against a change the `--persist` log misses (a record changed behind its table's
 * write API, or a write API that does not record): every Mutation field of the schema is called
 * through HTTP against a mock whose changes are recorded (`--persist`), and after each request
 * (those that set a mutation up included) the log is flushed and replayed from the file; the
 * replay must equal the live state's snapshot. A mutation whose change is not recorded leaves the
 * file behind the live state at once, and the failure names it.
 */

let mock: RunningMockServer;
let writer: StateFileWriter;
let file: string;
/** The mutations called so far, each checked after it ran. */
const called = new Set<string>();

const documentOf = (state: MockState) => JSON.stringify(exportSnapshot(state));

/** Flushes the log and replays the file: it must give the live state. */
async function expectFileEqualsLiveState(after: string): Promise<void> {
  await writer.flush();
  const recovered = documentOf((await loadStateFile(file, {}))!.state);
  const live = documentOf(mock.state);
  if (recovered !== live) {
    // The first row that differs, to say where the change was lost.
    const a = JSON.parse(recovered) as { tables: Record<string, unknown[]> };
    const b = JSON.parse(live) as { tables: Record<string, unknown[]> };
    const table = Object.keys(b.tables).find((name) => JSON.stringify(a.tables[name]) !== JSON.stringify(b.tables[name]));
    expect.fail(`after ${after}, the --persist file does not replay to the live state${table ? ` (table ${table} differs)` : ' (sessions or values differ)'}: a change in place that its table did not record?`);
  }
}

/** One GraphQL request that must succeed, then the check; `mutation` names the field it calls (if any). */
async function call<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const data = ok(await gql<T>(mock.url, query, variables, token));
  const field = /^\s*mutation\b[^{]*\{\s*(\w+)/.exec(query)?.[1];
  if (field) called.add(field);
  await expectFileEqualsLiveState(field ? `mutation ${field}` : `query ${query.slice(0, 40)}`);
  return data;
}

/** Any other request that changes the state (an upload's PUT, the OAuth consent form), then the check. */
async function request(what: string, url: string, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  await expectFileEqualsLiveState(what);
  return response;
}

/** A request that must be refused, and the check (a refusal may change the state: an OAuth code is spent). */
async function refused(query: string, variables: Record<string, unknown>): Promise<void> {
  const response = await gql(mock.url, query, variables);
  expect(response.errors, 'the request was meant to be refused').toBeDefined();
  await expectFileEqualsLiveState(`a refused ${query.slice(0, 40)}`);
}

const PASSWORD = 'correct horse battery';
async function register(name: string): Promise<Actor & { username: string }> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${name}-${suffix}@example.test`;
  const username = `${name}_${suffix}`;
  await call('mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: name, email, password: PASSWORD, username } });
  const actor = await logIn(mock.url, email, PASSWORD);
  await expectFileEqualsLiveState('login');
  called.add('login');
  return { ...actor, username };
}

async function upload(actor: Actor, scope: 'PRIVATE' | 'PUBLIC' = 'PRIVATE', contentType = 'text/plain'): Promise<{ key: string; size: number }> {
  const { createUploadUrl } = await call<{ createUploadUrl: { key: string; uploadUrl: string } }>('mutation($s: UploadScope!, $t: String!) { createUploadUrl(input: {contentType: $t, scope: $s}) { key uploadUrl } }', { s: scope, t: contentType }, actor.token);
  const body = `bytes ${randomUUID()}`;
  expect((await request('an upload PUT', createUploadUrl.uploadUrl, { method: 'PUT', body })).status).toBe(200);
  return { key: createUploadUrl.key, size: body.length };
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  file = join(mkdtempSync(join(tmpdir(), 'parley-every-mutation-')), 'state.json');
  // Flushed by hand after each request: the debounce never fires first.
  writer = new StateFileWriter(mock.runtime, { file, debounceMs: 60_000, maxWaitMs: 60_000 });
  await writer.writeNow();
});

afterAll(async () => {
  await writer.close();
  await mock.close();
});

describe('the --persist log after every mutation of the schema', () => {
  it('replays to the live state after each request, and every Mutation field was called', async () => {
    const owner = await register('owner');
    const { createWorkspace } = await call<{ createWorkspace: { id: string } }>('mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', { i: { name: 'Guard', slug: `g-${randomUUID().slice(0, 8)}` } }, owner.token);
    const w = createWorkspace.id;
    const link = async (role: string) => (await call<{ createWorkspaceInviteLink: { token: string } }>('mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }', { w, r: role }, owner.token)).createWorkspaceInviteLink.token;
    const join = async (actor: Actor, role = 'MEMBER') => call('mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: await link(role) }, actor.token);
    const bob = await register('bob');
    await join(bob);
    const carol = await register('carol');
    await join(carol, 'ADMIN');

    const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w }, owner.token));
    const general = conversations.nodes.find((c) => c.isDefault)!.id;

    // Conversations.
    const { createChannel } = await call<{ createChannel: { id: string } }>('mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId: w, title: 'guarded', visibility: 'PUBLIC', memberIds: [carol.id] } }, owner.token);
    const channel = createChannel.id;
    await call('mutation($c: ID!, $m: ID!) { addChannelMember(conversationId: $c, memberId: $m) { id } }', { c: channel, m: bob.id }, owner.token);
    const { createChannel: open } = await call<{ createChannel: { id: string } }>('mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId: w, title: 'open', visibility: 'PUBLIC' } }, owner.token);
    await call('mutation($c: ID!) { joinChannel(conversationId: $c) { id } }', { c: open.id }, bob.token);
    await call('mutation($i: UpdateConversationInput!) { updateConversation(input: $i) { id } }', { i: { id: channel, description: 'about it', title: 'guarded-2' } }, owner.token);
    await call('mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w, p: bob.id }, owner.token);
    for (const muted of [true, false]) await call('mutation($c: ID!, $m: Boolean!) { setConversationMuted(conversationId: $c, muted: $m) { muted } }', { c: general, m: muted }, bob.token);
    for (const pinned of [true, false]) await call('mutation($c: ID!, $p: Boolean!) { setConversationPinned(conversationId: $c, pinned: $p) { pinnedAt } }', { c: general, p: pinned }, bob.token);
    for (const active of [true, false]) await call('mutation($c: ID!, $a: Boolean!) { setTyping(conversationId: $c, active: $a) }', { c: general, a: active }, bob.token);

    // Messages.
    const send = async (content: string, extra: Record<string, unknown> = {}, actor = owner, conversationId = general) =>
      (await call<{ sendMessage: { id: string; sequence: number } }>('mutation($i: SendMessageInput!) { sendMessage(input: $i) { id sequence } }', { i: { conversationId, clientMessageId: randomUUID(), content, ...extra } }, actor.token)).sendMessage;
    // One message that notifies two members, a reply, and a second mention of bob (his counts of the day exist).
    const first = await send(`hello @${bob.username} and @${carol.username}`);
    const reply = await send('a reply', { replyToMessageId: first.id }, bob);
    await send(`again, @${bob.username}`);
    await call('mutation($c: ID!, $s: Int!) { markConversationAsRead(conversationId: $c, sequence: $s) { id } }', { c: general, s: reply.sequence }, owner.token);
    await call('mutation($c: ID!, $s: Int!) { markConversationAsRead(conversationId: $c, sequence: $s) { id } }', { c: general, s: first.sequence }, carol.token);
    await call('mutation($id: ID!, $c: String!) { editMessage(id: $id, content: $c) { id } }', { id: first.id, c: 'hello again' }, owner.token);
    for (const actor of [bob, carol]) await call('mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', { id: first.id }, actor.token);
    await call('mutation($id: ID!) { removeReaction(messageId: $id, emoji: "👍") { id } }', { id: first.id }, bob.token);
    // Two messages with files in one conversation, the first deleted: the conversation's index of attachments changes in place.
    const withFile = async () => {
      const attached = await upload(owner);
      return send('with a file', { attachments: [{ key: attached.key, fileName: 'a.txt', contentType: 'text/plain', size: attached.size }] });
    };
    const firstFile = await withFile();
    await withFile();
    await call('mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: firstFile.id }, owner.token);
    await call('mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: reply.id }, bob.token);

    // Files.
    const { createFileFolder } = await call<{ createFileFolder: { id: string } }>('mutation($w: ID!) { createFileFolder(workspaceId: $w, name: "docs") { id } }', { w }, owner.token);
    await call('mutation($w: ID!, $p: ID) { createFileFolder(workspaceId: $w, name: "inner", parentId: $p) { id } }', { w, p: createFileFolder.id }, owner.token);
    const storedFile = async () => {
      const { key, size } = await upload(owner);
      return (await call<{ registerStoredFile: { id: string } }>('mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }', { i: { workspaceId: w, key, fileName: 'f.txt', contentType: 'text/plain', size, visibility: 'WORKSPACE' } }, owner.token)).registerStoredFile.id;
    };
    const stored = await storedFile();
    await call('mutation($id: ID!, $f: ID) { moveStoredFile(id: $id, folderId: $f) { id } }', { id: stored, f: createFileFolder.id }, owner.token);
    await call('mutation($id: ID!) { renameStoredFile(id: $id, fileName: "renamed.txt") { id } }', { id: stored }, owner.token);
    for (const pinned of [true, false]) await call('mutation($id: ID!, $p: Boolean!) { setStoredFilePinned(id: $id, pinned: $p) { id } }', { id: stored, p: pinned }, owner.token);
    await send('sharing it', { sharedFileIds: [stored] });
    await call('mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: stored }, owner.token);
    await call('mutation($id: ID!) { restoreStoredFile(id: $id) { id } }', { id: stored }, owner.token);
    const doomed = await storedFile();
    await call('mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: doomed }, owner.token);
    await call('mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }', { id: doomed }, owner.token);
    const avatar = await upload(owner, 'PUBLIC', 'image/png');
    await call('mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, owner.token);
    await call('mutation { updateAvatar(key: null) { id } }', {}, owner.token);

    // Workspaces and departments.
    await call('mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id } }', { i: { id: w, name: 'Guarded' } }, owner.token);
    await call('mutation($w: ID!) { setWorkspaceJoinEmailDomains(input: {workspaceId: $w, domains: ["example.test"]}) }', { w }, owner.token);
    await call('mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent } }', { i: { workspaceId: w, invitations: [{ email: `invited-${randomUUID().slice(0, 6)}@example.test`, role: 'MEMBER' }] } }, owner.token);
    const department = async (name: string, lead: string | null) =>
      (await call<{ createDepartment: { id: string } }>('mutation($w: ID!, $i: DepartmentInput!) { createDepartment(workspaceId: $w, input: $i) { id } }', { w, i: { name, leadUserId: lead } }, owner.token)).createDepartment.id;
    const update = (id: string, name: string, lead: string | null) => call('mutation($w: ID!, $id: ID!, $i: DepartmentInput!) { updateDepartment(workspaceId: $w, id: $id, input: $i) { id } }', { w, id, i: { name, leadUserId: lead } }, owner.token);
    const assign = (userId: string, departmentId: string | null) => call('mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { userId } }', { w, u: userId, d: departmentId }, owner.token);
    const guards = await department('Guards', bob.id);
    await update(guards, 'Wardens', carol.id);
    await assign(owner.id, guards);
    // The lead moves to another department (the one she led has no lead), then leads it, then leaves the workspace.
    const scouts = await department('Scouts', null);
    await assign(carol.id, scouts);
    await update(scouts, 'Scouts', carol.id);
    await call('mutation($w: ID!, $u: ID!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: GUEST) { role } }', { w, u: bob.id }, owner.token);
    await call('mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w, u: carol.id }, owner.token);
    // Its members (bob, the owner) are left without a department.
    await call('mutation($w: ID!, $id: ID!) { deleteDepartment(workspaceId: $w, id: $id) }', { w, id: guards }, owner.token);

    // Notifications (bob was mentioned and replied to; a newcomer's join notifies the owner).
    // The workspace admits only verified addresses at example.test now: dave verifies his first.
    const dave = await register('dave');
    await call('mutation($t: String!) { verifyEmail(token: $t) }', { t: (await mailsTo(mock.origin, dave.email, 'ev_')).at(-1)!.token });
    await join(dave);
    const { notifications } = ok(await gql<{ notifications: { nodes: { id: string }[] } }>(mock.url, '{ notifications(first: 5) { nodes { id } } }', {}, owner.token));
    expect(notifications.nodes.length).toBeGreaterThan(0);
    await call('mutation($id: ID!) { markNotificationRead(id: $id) }', { id: notifications.nodes[0]!.id }, owner.token);
    await call('mutation { markAllNotificationsRead }', {}, owner.token);
    await call('mutation { clearReadNotifications }', {}, owner.token);

    // Accounts: sessions, verification, OAuth, social sign-in.
    const session = await logIn(mock.url, bob.email, PASSWORD);
    const { refreshToken } = await call<{ refreshToken: { refreshToken: string } }>('mutation($t: String!) { refreshToken(refreshToken: $t) { refreshToken } }', { t: session.refreshToken });
    await call('mutation($t: String!) { logout(refreshToken: $t) }', { t: refreshToken.refreshToken });
    const unverified = `v-${randomUUID().slice(0, 6)}@example.test`;
    await call('mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: 'V', email: unverified, password: PASSWORD, username: `v_${randomUUID().slice(0, 6)}` } });
    await call('mutation($e: String!) { resendVerificationEmail(email: $e) }', { e: unverified });
    const mails = await mailsTo(mock.origin, unverified, 'ev_');
    await call('mutation($t: String!) { verifyEmail(token: $t) }', { t: mails.at(-1)!.token });
    const LOGIN_WITH_OAUTH = 'mutation($i: OAuthLoginInput!) { loginWithOAuth(input: $i) { accessToken } }';
    const oauthCode = async (verifier: string) => {
      // A query that adds a row (the pending request), checked as a change.
      const { oauthAuthorizationUrl } = await call<{ oauthAuthorizationUrl: string }>('query($i: OAuthAuthorizationUrlInput!) { oauthAuthorizationUrl(input: $i) }', { i: { provider: 'IDP_TWO', codeChallenge: createHash('sha256').update(verifier).digest('base64url'), state: 's' } });
      // The consent page binds the request's redirect URI; the form answers it.
      expect((await request('the OAuth consent page', oauthAuthorizationUrl, {})).status).toBe(200);
      const consent = await request('the OAuth consent form', oauthAuthorizationUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ decision: 'approve', account: owner.id }).toString() });
      return new URL(consent.headers.get('location')!).searchParams.get('code')!;
    };
    const verifier = randomBytes(32).toString('base64url');
    await call(LOGIN_WITH_OAUTH, { i: { provider: 'IDP_TWO', code: await oauthCode(verifier), codeVerifier: verifier } });
    // A wrong verifier spends the code all the same.
    await refused(LOGIN_WITH_OAUTH, { i: { provider: 'IDP_TWO', code: await oauthCode(verifier), codeVerifier: randomBytes(32).toString('base64url') } });
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const idToken = (sub: string, email: string) => `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'https://idp-two.parley.test', sub, email, email_verified: true, exp: 4102444800 })}.`;
    const SOCIAL = 'mutation($t: String) { exchangeSocialToken(input: {provider: IDP_TWO, idpTwoIdToken: $t}) { accessToken } }';
    await call(SOCIAL, { t: idToken('guard-1', 'guard@example.test') });
    // An unverified account that the provider vouches for: linked, and its address verified in place.
    const unvouched = `s-${randomUUID().slice(0, 6)}@example.test`;
    await call('mutation($i: RegisterInput!) { register(input: $i) }', { i: { displayName: 'S', email: unvouched, password: PASSWORD, username: `s_${randomUUID().slice(0, 6)}` } });
    await call(SOCIAL, { t: idToken('guard-2', unvouched) });

    const { __schema } = ok(await gql<{ __schema: { mutationType: { fields: { name: string }[] } } }>(mock.url, '{ __schema { mutationType { fields { name } } } }'));
    expect([...called].sort()).toEqual(__schema.mutationType.fields.map((field) => field.name).sort());
  }, 60_000);
});
