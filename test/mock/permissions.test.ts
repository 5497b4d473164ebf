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
/** The workspace's default channel: every member but the guest is in it. */
let generalId: string;
/** A member of the workspace whom the callers open a direct conversation with. */
let peer: Actor;
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
  peer = await joinAs('MEMBER');
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaceId }, owner.token));
  generalId = conversations.nodes.find((c) => c.isDefault)!.id;
});

/** A message the OWNER sends to the default channel. */
async function ownerMessage(): Promise<string> {
  const { sendMessage } = ok(await gql<{ sendMessage: { id: string } }>(mock.url, SEND_MESSAGE, { i: { conversationId: generalId, clientMessageId: randomUUID(), content: 'for the permission table' } }, actors.get('OWNER')!.token));
  return sendMessage.id;
}

/** A public channel the OWNER creates, with the ADMIN and the MEMBER in it unless `alone`. */
async function ownerChannel(alone = false): Promise<string> {
  const memberIds = alone ? [] : [actors.get('ADMIN')!.id, actors.get('MEMBER')!.id];
  const { createChannel } = ok(await gql<{ createChannel: { id: string } }>(mock.url, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId, title: fresh('ch'), visibility: 'PUBLIC', memberIds } }, actors.get('OWNER')!.token));
  return createChannel.id;
}

const SEND_MESSAGE = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }';
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

/** PUTs a few bytes under a new upload key of `actor`. */
async function uploadAs(actor: Actor): Promise<{ key: string; size: number }> {
  const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(mock.url, 'mutation { createUploadUrl(input: {contentType: "text/plain", scope: PRIVATE}) { key uploadUrl } }', {}, actor.token));
  const body = fresh('bytes');
  expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body })).status).toBe(200);
  return { key: createUploadUrl.key, size: body.length };
}

/** The uploader of the stored files the file rows act on: a MEMBER who is none of the callers. */
let fileOwner: Actor | undefined;

/** A WORKSPACE file that another MEMBER uploaded, trashed (by them) when `trashed`. */
async function storedFile(trashed = false): Promise<string> {
  fileOwner ??= await joinAs('MEMBER');
  const { key, size } = await uploadAs(fileOwner);
  const { registerStoredFile } = ok(await gql<{ registerStoredFile: { id: string } }>(mock.url, 'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }', { i: { workspaceId, key, fileName: 'perm.txt', contentType: 'text/plain', size, visibility: 'WORKSPACE' } }, fileOwner.token));
  if (trashed) ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: registerStoredFile.id }, fileOwner.token));
  return registerStoredFile.id;
}

/** An attachment of a message the OWNER sends to the workspace's default channel. */
async function generalAttachment(): Promise<string> {
  const owner = actors.get('OWNER')!;
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaceId }, owner.token));
  const { key, size } = await uploadAs(owner);
  const input = { conversationId: conversations.nodes.find((c) => c.isDefault)!.id, clientMessageId: fresh('m'), content: '', attachments: [{ key, fileName: 'a.txt', contentType: 'text/plain', size }] };
  const { sendMessage } = ok(await gql<{ sendMessage: { attachments: { id: string }[] } }>(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { attachments { id } } }', { i: input }, owner.token));
  return sendMessage.attachments[0]!.id;
}

const SOCIAL_TOKEN = (() => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'https://idp-two.parley.test', sub: 'perm-1', email: 'perm@example.test', email_verified: true, exp: 4102444800 })}.`;
})();

/** For each operation, a request that succeeds for a caller the table allows (arranging what it needs first). */
const calls: Record<string, (caller: Caller) => Promise<Call> | Call> = {
  health: () => ({ query: '{ health }' }),
  conversation: () => ({ query: 'query($c: ID!) { conversation(id: $c) { id } }', variables: { c: generalId } }),
  conversations: () => ({ query: 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id } } }', variables: { w: workspaceId } }),
  browseChannels: () => ({ query: 'query($w: ID!) { browseChannels(workspaceId: $w) { nodes { id } } }', variables: { w: workspaceId } }),
  createChannel: () => ({ query: 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', variables: { i: { workspaceId, title: fresh('new'), visibility: 'PUBLIC' } } }),
  createDirectConversation: () => ({ query: 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', variables: { w: workspaceId, p: peer.id } }),
  addChannelMember: async () => ({ query: 'mutation($c: ID!, $m: ID!) { addChannelMember(conversationId: $c, memberId: $m) { id } }', variables: { c: await ownerChannel(), m: (await joinAs('MEMBER')).id } }),
  joinChannel: async () => ({ query: 'mutation($c: ID!) { joinChannel(conversationId: $c) { id } }', variables: { c: await ownerChannel(true) } }),
  updateConversation: async () => ({ query: 'mutation($i: UpdateConversationInput!) { updateConversation(input: $i) { id } }', variables: { i: { id: await ownerChannel(), description: fresh('about ') } } }),
  setConversationMuted: () => ({ query: 'mutation($c: ID!) { setConversationMuted(conversationId: $c, muted: true) { muted } }', variables: { c: generalId } }),
  setConversationPinned: () => ({ query: 'mutation($c: ID!) { setConversationPinned(conversationId: $c, pinned: true) { pinnedAt } }', variables: { c: generalId } }),
  markConversationAsRead: async () => ({ query: 'mutation($c: ID!) { markConversationAsRead(conversationId: $c, sequence: 1) { id } }', variables: { c: generalId } }),
  setTyping: () => ({ query: 'mutation($c: ID!) { setTyping(conversationId: $c, active: false) }', variables: { c: generalId } }),
  messages: () => ({ query: 'query($c: ID!) { messages(conversationId: $c) { nodes { id } } }', variables: { c: generalId } }),
  messagesSince: () => ({ query: 'query($c: ID!) { messagesSince(conversationId: $c, afterSequence: 0) { nodes { id } } }', variables: { c: generalId } }),
  sendMessage: () => ({ query: SEND_MESSAGE, variables: { i: { conversationId: generalId, clientMessageId: randomUUID(), content: 'hello' } } }),
  editMessage: async () => ({ query: 'mutation($id: ID!) { editMessage(id: $id, content: "edited") { id } }', variables: { id: await ownerMessage() } }),
  deleteMessage: async () => ({ query: 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', variables: { id: await ownerMessage() } }),
  addReaction: async () => ({ query: 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', variables: { id: await ownerMessage() } }),
  removeReaction: async () => {
    const id = await ownerMessage();
    for (const role of ['OWNER', 'ADMIN', 'MEMBER'] as const) ok(await gql(mock.url, 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', { id }, actors.get(role)!.token));
    return { query: 'mutation($id: ID!) { removeReaction(messageId: $id, emoji: "👍") { id } }', variables: { id } };
  },
  fileLibrary: () => ({ query: 'query($w: ID!) { fileLibrary(workspaceId: $w, input: {scope: ALL, sort: NAME_ASC}) { totalCount items { id } } }', variables: { w: workspaceId } }),
  fileLibrarySummary: () => ({ query: 'query($w: ID!) { fileLibrarySummary(workspaceId: $w) { totalCount usedBytes quotaBytes } }', variables: { w: workspaceId } }),
  workspaceSearch: () => ({ query: 'query($w: ID!) { workspaceSearch(workspaceId: $w, input: {query: "permission"}) { channels { id } files { id } messages { id snippet } people { userId } } }', variables: { w: workspaceId } }),
  createUploadUrl: () => ({ query: 'mutation { createUploadUrl(input: {contentType: "text/plain", scope: PRIVATE}) { key } }' }),
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
  fileFolders: () => ({ query: 'query($w: ID!) { fileFolders(workspaceId: $w) { id } }', variables: { w: workspaceId } }),
  createFileFolder: () => ({ query: 'mutation($w: ID!, $n: String!) { createFileFolder(workspaceId: $w, name: $n) { id } }', variables: { w: workspaceId, n: fresh('folder') } }),
  registerStoredFile: async (caller) => {
    const { key, size } = await uploadAs(actors.get(caller === 'anonymous' ? 'OWNER' : caller)!);
    return { query: 'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }', variables: { i: { workspaceId, key, fileName: 'mine.txt', contentType: 'text/plain', size, visibility: 'WORKSPACE' } } };
  },
  moveStoredFile: async () => ({ query: 'mutation($id: ID!, $f: ID) { moveStoredFile(id: $id, folderId: $f) { id } }', variables: { id: await storedFile(), f: null } }),
  renameStoredFile: async () => ({ query: 'mutation($id: ID!) { renameStoredFile(id: $id, fileName: "renamed.txt") { id } }', variables: { id: await storedFile() } }),
  setStoredFilePinned: async () => ({ query: 'mutation($id: ID!) { setStoredFilePinned(id: $id, pinned: true) { id } }', variables: { id: await storedFile() } }),
  trashStoredFile: async () => ({ query: 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', variables: { id: await storedFile() } }),
  restoreStoredFile: async () => ({ query: 'mutation($id: ID!) { restoreStoredFile(id: $id) { id } }', variables: { id: await storedFile(true) } }),
  deleteStoredFilePermanently: async () => ({ query: 'mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }', variables: { id: await storedFile(true) } }),
  storedFileDownloadUrl: async () => ({ query: 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', variables: { id: await storedFile() } }),
  storedFilePreviewUrl: async () => ({ query: 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', variables: { id: await storedFile() } }),
  attachmentDownloadUrl: async () => ({ query: 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', variables: { id: await generalAttachment() } }),
  attachmentPreviewUrl: async () => ({ query: 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', variables: { id: await generalAttachment() } }),
  notifications: () => ({ query: '{ notifications(first: 5) { nodes { id } endCursor hasNextPage } }' }),
  notificationSummary: () => ({ query: '{ notificationSummary { total unread } }' }),
  notificationActivity: () => ({ query: '{ notificationActivity { date mentions replied } }' }),
  markNotificationRead: async (caller) => ({ query: 'mutation($id: ID!) { markNotificationRead(id: $id) }', variables: { id: await notificationOf(caller) } }),
  markAllNotificationsRead: () => ({ query: 'mutation { markAllNotificationsRead }' }),
  clearReadNotifications: () => ({ query: 'mutation { clearReadNotifications }' }),
};

const table = readTable();

describe('the permission table of docs/mock-behaviour.md', () => {
  it('covers every Query and Mutation field of the running server (by introspection), and each has a request here', async () => {
    const { __schema } = ok(await gql<{ __schema: Record<'queryType' | 'mutationType', { fields: { name: string }[] }> }>(mock.url, '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }'));
    const operations = [...__schema.queryType.fields, ...__schema.mutationType.fields].map((field) => field.name).sort();
    expect(operations).toHaveLength(76);
    expect([...table.keys()].sort()).toEqual(operations);
    expect(Object.keys(calls).sort()).toEqual(operations);
  });

  it('is carried out for at least one kind of caller, so every operation is called once with valid arguments and none answers NOT_IMPLEMENTED', () => {
    for (const [operation, cells] of table) expect(Object.values(cells), operation).toContain('✓');
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
