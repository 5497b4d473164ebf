import { randomUUID } from 'node:crypto';
import { gql, ok } from '../support/client.js';
import { uploadBytes } from '../support/files.js';
import type { Actor } from '../support/world.js';
import { KEY_BYTES, type Tenant } from './tenants.js';

/**
 * One request per place an operation takes an id (or an upload key): the id at that place comes
 * from `target`, every other id from `home`, the caller's own workspace. With `target` = `home`
 * and the home OWNER calling, each request is carried out (the control); with another tenant as
 * `target`, every caller must be refused. Keys are `operation(argument path)`, as the coverage
 * test derives them from the schema.
 */

export interface Arrange {
  readonly url: string;
  readonly home: Tenant;
  readonly target: Tenant;
  readonly caller: Actor;
}

export interface Call {
  readonly query: string;
  readonly variables: Record<string, unknown>;
}

type Build = (arrange: Arrange) => Call | Promise<Call>;

const name = () => `x-${randomUUID().slice(0, 8)}`;
const email = () => `${name()}@example.test`;
const TEXT = { fileName: 'mine.txt', contentType: 'text/plain' } as const;

const MESSAGES = 'query($c: ID!, $m: ID) { messages(conversationId: $c, aroundMessageId: $m) { nodes { id content } } }';
const FILE_LIBRARY = 'query($w: ID!, $i: FileLibraryInput) { fileLibrary(workspaceId: $w, input: $i) { totalCount items { id fileName } } }';
const DIRECTORY = 'query($w: ID!, $i: MemberDirectoryInput) { memberDirectory(workspaceId: $w, input: $i) { totalCount } }';
const ADD_MEMBER = 'mutation($c: ID!, $m: ID!) { addChannelMember(conversationId: $c, memberId: $m) { id } }';
const ASSIGN = 'mutation($w: ID!, $u: ID!, $d: ID) { assignMemberDepartment(workspaceId: $w, userId: $u, departmentId: $d) { userId } }';
const ROLE = 'mutation($w: ID!, $u: ID!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: GUEST) { role } }';
const CREATE_CHANNEL = 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }';
const CREATE_DEPARTMENT = 'mutation($w: ID!, $i: DepartmentInput!) { createDepartment(workspaceId: $w, input: $i) { id } }';
const DIRECT = 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }';
const FOLDER = 'mutation($w: ID!, $n: String!, $p: ID) { createFileFolder(workspaceId: $w, name: $n, parentId: $p) { id } }';
const DELETE_DEPARTMENT = 'mutation($w: ID!, $id: ID!) { deleteDepartment(workspaceId: $w, id: $id) }';
const INVITE = 'mutation($i: InviteToWorkspaceInput!) { inviteToWorkspace(input: $i) { sent } }';
const MOVE = 'mutation($id: ID!, $f: ID) { moveStoredFile(id: $id, folderId: $f) { id } }';
const REGISTER = 'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }';
const REMOVE = 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }';
const SEND = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }';
const UPDATE_DEPARTMENT = 'mutation($w: ID!, $id: ID!, $i: DepartmentInput!) { updateDepartment(workspaceId: $w, id: $id, input: $i) { id } }';
const UPDATE_WORKSPACE = 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id } }';

/** A registration of the caller's own new upload in `workspaceId`, with `extra` input fields. */
async function register({ url, caller }: Arrange, workspaceId: string, extra: Record<string, unknown> = {}): Promise<Call> {
  const key = await uploadBytes(url, caller, TEXT, KEY_BYTES);
  return { query: REGISTER, variables: { i: { workspaceId, key, fileName: 'mine.txt', contentType: 'text/plain', size: KEY_BYTES.length, visibility: 'WORKSPACE', ...extra } } };
}

function send({ home }: Arrange, extra: Record<string, unknown>): Call {
  return { query: SEND, variables: { i: { conversationId: home.generalId, clientMessageId: randomUUID(), content: 'hello', ...extra } } };
}

export const CASES: Readonly<Record<string, Build>> = {
  'messages(conversationId)': ({ target }) => ({ query: MESSAGES, variables: { c: target.generalId } }),
  'messages(aroundMessageId)': ({ home, target }) => ({ query: MESSAGES, variables: { c: home.generalId, m: target.messageId } }),
  'messagesSince(conversationId)': ({ target }) => ({ query: 'query($c: ID!) { messagesSince(conversationId: $c, afterSequence: 0) { nodes { id content } } }', variables: { c: target.generalId } }),
  'attachmentDownloadUrl(attachmentId)': ({ target }) => ({ query: 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', variables: { id: target.attachmentId } }),
  'attachmentPreviewUrl(attachmentId)': ({ target }) => ({ query: 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', variables: { id: target.attachmentId } }),
  'browseChannels(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { browseChannels(workspaceId: $w) { nodes { id title } } }', variables: { w: target.workspaceId } }),
  'conversation(id)': ({ target }) => ({ query: 'query($c: ID!) { conversation(id: $c) { id title } }', variables: { c: target.publicChannelId } }),
  'conversations(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', variables: { w: target.workspaceId } }),
  'departments(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { departments(workspaceId: $w) { id name } }', variables: { w: target.workspaceId } }),
  'exportWorkspaceMembersCsv(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { exportWorkspaceMembersCsv(workspaceId: $w) }', variables: { w: target.workspaceId } }),
  'fileFolders(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { fileFolders(workspaceId: $w) { id name } }', variables: { w: target.workspaceId } }),
  'fileLibrary(workspaceId)': ({ target }) => ({ query: FILE_LIBRARY, variables: { w: target.workspaceId } }),
  'fileLibrary(input.conversationId)': ({ home, target }) => ({ query: FILE_LIBRARY, variables: { w: home.workspaceId, i: { conversationId: target.generalId } } }),
  'fileLibrary(input.folderId)': ({ home, target }) => ({ query: FILE_LIBRARY, variables: { w: home.workspaceId, i: { folderId: target.folderId } } }),
  'fileLibrary(input.id)': ({ home, target }) => ({ query: FILE_LIBRARY, variables: { w: home.workspaceId, i: { id: target.storedFileId } } }),
  'fileLibrarySummary(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { fileLibrarySummary(workspaceId: $w) { totalCount usedBytes } }', variables: { w: target.workspaceId } }),
  'memberDirectory(workspaceId)': ({ target }) => ({ query: DIRECTORY, variables: { w: target.workspaceId } }),
  'memberDirectory(input.departmentId)': ({ home, target }) => ({ query: DIRECTORY, variables: { w: home.workspaceId, i: { departmentId: target.departmentId } } }),
  'memberDirectorySummary(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { memberDirectorySummary(workspaceId: $w) { totalCount } }', variables: { w: target.workspaceId } }),
  'pendingWorkspaceInvitations(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { pendingWorkspaceInvitations(workspaceId: $w) { id email } }', variables: { w: target.workspaceId } }),
  'storedFileDownloadUrl(id)': ({ target }) => ({ query: 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', variables: { id: target.storedFileId } }),
  'storedFilePreviewUrl(id)': ({ target }) => ({ query: 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', variables: { id: target.storedFileId } }),
  'workspace(id)': ({ target }) => ({ query: 'query($w: ID!) { workspace(id: $w) { id name } }', variables: { w: target.workspaceId } }),
  'workspaceInviteLinkInfo(workspaceId)': ({ target }) => ({ query: 'query($w: ID!) { workspaceInviteLinkInfo(workspaceId: $w) { role } }', variables: { w: target.workspaceId } }),
  'workspaceSearch(workspaceId)': ({ target }) => ({ query: 'query($w: ID!, $q: String!) { workspaceSearch(workspaceId: $w, input: {query: $q}) { channels { id } files { id } messages { id snippet } people { userId } } }', variables: { w: target.workspaceId, q: target.canary } }),

  'addChannelMember(conversationId)': async ({ target }) => ({ query: ADD_MEMBER, variables: { c: await target.freshChannel(), m: target.bystander.id } }),
  'addChannelMember(memberId)': async ({ home, target }) => ({ query: ADD_MEMBER, variables: { c: await home.freshChannel(), m: target.bystander.id } }),
  'addReaction(messageId)': async ({ target }) => ({ query: 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', variables: { id: await target.freshMessage() } }),
  'assignMemberDepartment(workspaceId)': ({ target }) => ({ query: ASSIGN, variables: { w: target.workspaceId, u: target.people.MEMBER.id, d: target.departmentId } }),
  'assignMemberDepartment(userId)': ({ home, target }) => ({ query: ASSIGN, variables: { w: home.workspaceId, u: target.people.MEMBER.id, d: home.departmentId } }),
  'assignMemberDepartment(departmentId)': ({ home, target }) => ({ query: ASSIGN, variables: { w: home.workspaceId, u: home.people.MEMBER.id, d: target.departmentId } }),
  'changeWorkspaceMemberRole(workspaceId)': async ({ target }) => ({ query: ROLE, variables: { w: target.workspaceId, u: (await target.freshMember()).id } }),
  'changeWorkspaceMemberRole(userId)': async ({ home, target }) => ({ query: ROLE, variables: { w: home.workspaceId, u: (await target.freshMember()).id } }),
  'createChannel(input.workspaceId)': ({ target }) => ({ query: CREATE_CHANNEL, variables: { i: { workspaceId: target.workspaceId, title: name(), visibility: 'PUBLIC' } } }),
  'createChannel(input.memberIds)': ({ home, target }) => ({ query: CREATE_CHANNEL, variables: { i: { workspaceId: home.workspaceId, title: name(), visibility: 'PUBLIC', memberIds: [target.bystander.id] } } }),
  'createDepartment(workspaceId)': ({ target }) => ({ query: CREATE_DEPARTMENT, variables: { w: target.workspaceId, i: { name: name() } } }),
  'createDepartment(input.leadUserId)': ({ home, target }) => ({ query: CREATE_DEPARTMENT, variables: { w: home.workspaceId, i: { name: name(), leadUserId: target.people.MEMBER.id } } }),
  'createDirectConversation(workspaceId)': ({ target }) => ({ query: DIRECT, variables: { w: target.workspaceId, p: target.bystander.id } }),
  'createDirectConversation(participantId)': ({ home, target }) => ({ query: DIRECT, variables: { w: home.workspaceId, p: target.bystander.id } }),
  'createFileFolder(workspaceId)': ({ target }) => ({ query: FOLDER, variables: { w: target.workspaceId, n: name() } }),
  'createFileFolder(parentId)': ({ home, target }) => ({ query: FOLDER, variables: { w: home.workspaceId, n: name(), p: target.folderId } }),
  'createWorkspace(input.iconKey)': async ({ target }) => ({ query: 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', variables: { i: { name: 'Theirs', slug: name(), iconKey: await target.freshPicture() } } }),
  'createWorkspaceInviteLink(workspaceId)': ({ target }) => ({ query: 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', variables: { w: target.workspaceId } }),
  'deleteDepartment(workspaceId)': async ({ target }) => ({ query: DELETE_DEPARTMENT, variables: { w: target.workspaceId, id: await target.freshDepartment() } }),
  'deleteDepartment(id)': async ({ home, target }) => ({ query: DELETE_DEPARTMENT, variables: { w: home.workspaceId, id: await target.freshDepartment() } }),
  'deleteMessage(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', variables: { id: await target.freshMessage() } }),
  'deleteStoredFilePermanently(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }', variables: { id: await target.freshStoredFile(true) } }),
  'editMessage(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { editMessage(id: $id, content: "edited") { id content } }', variables: { id: await target.freshMessage() } }),
  'inviteToWorkspace(input.workspaceId)': ({ target }) => ({ query: INVITE, variables: { i: { workspaceId: target.workspaceId, invitations: [{ email: email(), role: 'MEMBER' }] } } }),
  'inviteToWorkspace(input.invitations.conversationId)': ({ home, target }) => ({ query: INVITE, variables: { i: { workspaceId: home.workspaceId, invitations: [{ email: email(), role: 'MEMBER', conversationId: target.publicChannelId }] } } }),
  'joinChannel(conversationId)': async ({ target }) => ({ query: 'mutation($c: ID!) { joinChannel(conversationId: $c) { id } }', variables: { c: await target.freshChannel() } }),
  'markConversationAsRead(conversationId)': ({ target }) => ({ query: 'mutation($c: ID!) { markConversationAsRead(conversationId: $c, sequence: 1) { id } }', variables: { c: target.generalId } }),
  'markNotificationRead(id)': ({ target }) => ({ query: 'mutation($id: ID!) { markNotificationRead(id: $id) }', variables: { id: target.notificationId } }),
  'moveStoredFile(id)': async ({ target }) => ({ query: MOVE, variables: { id: await target.freshStoredFile(), f: null } }),
  'moveStoredFile(folderId)': async ({ home, target }) => ({ query: MOVE, variables: { id: await home.freshStoredFile(), f: target.folderId } }),
  'registerStoredFile(input.workspaceId)': (arrange) => register(arrange, arrange.target.workspaceId),
  'registerStoredFile(input.conversationId)': (arrange) => register(arrange, arrange.home.workspaceId, { conversationId: arrange.target.generalId }),
  'registerStoredFile(input.folderId)': (arrange) => register(arrange, arrange.home.workspaceId, { folderId: arrange.target.folderId }),
  'registerStoredFile(input.key)': async ({ home, target }) => ({ query: REGISTER, variables: { i: { workspaceId: home.workspaceId, key: await target.freshKey(), fileName: 'theirs.txt', contentType: 'text/plain', size: KEY_BYTES.length, visibility: 'WORKSPACE' } } }),
  'removeReaction(messageId)': async ({ url, target }) => {
    const id = await target.freshMessage();
    ok(await gql(url, 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', { id }, target.people.OWNER.token));
    return { query: 'mutation($id: ID!) { removeReaction(messageId: $id, emoji: "👍") { id } }', variables: { id } };
  },
  'removeWorkspaceMember(workspaceId)': async ({ target }) => ({ query: REMOVE, variables: { w: target.workspaceId, u: (await target.freshMember()).id } }),
  'removeWorkspaceMember(userId)': async ({ home, target }) => ({ query: REMOVE, variables: { w: home.workspaceId, u: (await target.freshMember()).id } }),
  'renameStoredFile(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { renameStoredFile(id: $id, fileName: "renamed.txt") { id } }', variables: { id: await target.freshStoredFile() } }),
  'restoreStoredFile(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { restoreStoredFile(id: $id) { id } }', variables: { id: await target.freshStoredFile(true) } }),
  'sendMessage(input.conversationId)': ({ target }) => ({ query: SEND, variables: { i: { conversationId: target.generalId, clientMessageId: randomUUID(), content: 'hello' } } }),
  'sendMessage(input.replyToMessageId)': (arrange) => send(arrange, { replyToMessageId: arrange.target.messageId }),
  'sendMessage(input.sharedFileIds)': (arrange) => send(arrange, { sharedFileIds: [arrange.target.storedFileId] }),
  'sendMessage(input.attachments.key)': async (arrange) => send(arrange, { attachments: [{ key: await arrange.target.freshKey(), fileName: 'theirs.txt', contentType: 'text/plain', size: KEY_BYTES.length }] }),
  'setConversationMuted(conversationId)': ({ target }) => ({ query: 'mutation($c: ID!) { setConversationMuted(conversationId: $c, muted: true) { muted } }', variables: { c: target.generalId } }),
  'setConversationPinned(conversationId)': ({ target }) => ({ query: 'mutation($c: ID!) { setConversationPinned(conversationId: $c, pinned: true) { pinnedAt } }', variables: { c: target.generalId } }),
  'setStoredFilePinned(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { setStoredFilePinned(id: $id, pinned: true) { id } }', variables: { id: await target.freshStoredFile() } }),
  'setTyping(conversationId)': ({ target }) => ({ query: 'mutation($c: ID!) { setTyping(conversationId: $c, active: true) }', variables: { c: target.generalId } }),
  'setWorkspaceJoinEmailDomains(input.workspaceId)': ({ target }) => ({ query: 'mutation($w: ID!) { setWorkspaceJoinEmailDomains(input: {workspaceId: $w, domains: ["example.test"]}) }', variables: { w: target.workspaceId } }),
  'trashStoredFile(id)': async ({ target }) => ({ query: 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', variables: { id: await target.freshStoredFile() } }),
  'updateAvatar(key)': async ({ target }) => ({ query: 'mutation($k: String) { updateAvatar(key: $k) { id } }', variables: { k: await target.freshPicture() } }),
  'updateConversation(input.id)': ({ target }) => ({ query: 'mutation($i: UpdateConversationInput!) { updateConversation(input: $i) { id } }', variables: { i: { id: target.publicChannelId, description: name() } } }),
  'updateDepartment(workspaceId)': ({ target }) => ({ query: UPDATE_DEPARTMENT, variables: { w: target.workspaceId, id: target.departmentId, i: { name: name() } } }),
  'updateDepartment(id)': ({ home, target }) => ({ query: UPDATE_DEPARTMENT, variables: { w: home.workspaceId, id: target.departmentId, i: { name: name() } } }),
  'updateDepartment(input.leadUserId)': ({ home, target }) => ({ query: UPDATE_DEPARTMENT, variables: { w: home.workspaceId, id: home.departmentId, i: { name: name(), leadUserId: target.people.MEMBER.id } } }),
  'updateWorkspace(input.id)': ({ target }) => ({ query: UPDATE_WORKSPACE, variables: { i: { id: target.workspaceId, name: name() } } }),
  'updateWorkspace(input.iconKey)': async ({ home, target }) => ({ query: UPDATE_WORKSPACE, variables: { i: { id: home.workspaceId, iconKey: await target.freshPicture() } } }),
};

/**
 * Where the id is a filter, not a look-up (docs/mock-behaviour.md, "File library"): another
 * workspace's id matches nothing, so the answer is an empty page, with nothing of theirs in it.
 */
export const FILTERS: ReadonlySet<string> = new Set(['fileLibrary(input.id)']);

/** The subscriptions, each of which takes a `conversationId`: cross-tenant-subscriptions.test.ts subscribes to each. */
export const SUBSCRIPTIONS = ['messageCreated', 'messageUpdated', 'messageDeleted', 'presenceChanged', 'typingChanged'] as const;
