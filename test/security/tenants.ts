import { randomUUID } from 'node:crypto';
import { gql, ok } from '../support/client.js';
import { seedFolder, seedStoredFile, sendAttachment, uploadBytes } from '../support/files.js';
import { createChannel, createWorkspace, joinWorkspace, registerActor, send, type Actor } from '../support/world.js';

/**
 * Two tenants built alike through HTTP, for the cross-tenant sweep: each is a workspace with its
 * people in every role and one object of every kind an operation can name by id. Every text a
 * tenant stores carries its `canary`, so a response that leaks the tenant's data shows it.
 */

export type Role = 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST';

export interface Tenant {
  readonly name: string;
  /** Part of every title, name, file name and message the tenant stores. */
  readonly canary: string;
  readonly workspaceId: string;
  readonly people: Readonly<Record<Role, Actor>>;
  /** A MEMBER who is in no channel but the default one: the one to add, assign or remove. */
  readonly bystander: Actor;
  readonly generalId: string;
  /** PUBLIC, with the OWNER, the ADMIN and the MEMBER. */
  readonly publicChannelId: string;
  /** The OWNER and the MEMBER. */
  readonly directId: string;
  readonly messageId: string;
  readonly attachmentId: string;
  readonly storedFileId: string;
  readonly folderId: string;
  readonly departmentId: string;
  readonly notificationId: string;
  /** An upload of the OWNER that nothing uses yet. */
  readonly unusedKey: string;
  /** Every id above, the people's included: none may appear in an answer to another tenant. */
  readonly ids: ReadonlySet<string>;
  /** A message of the OWNER in `#general` (edits, deletes and reactions consume them). */
  freshMessage(): Promise<string>;
  /** A WORKSPACE file the MEMBER uploaded, trashed when asked. */
  freshStoredFile(trashed?: boolean): Promise<string>;
  freshDepartment(): Promise<string>;
  /** A public channel of the OWNER, with nobody else in it. */
  freshChannel(): Promise<string>;
  /** A new MEMBER of the workspace (to change the role of, or remove). */
  freshMember(): Promise<Actor>;
  /** A new upload of the OWNER's (`KEY_BYTES`), unused. */
  freshKey(): Promise<string>;
  /** A new PUBLIC image of the OWNER's, unused: what an avatar or an icon takes. */
  freshPicture(): Promise<string>;
}

const TEXT = { fileName: 'notes.txt', contentType: 'text/plain' } as const;
/** What `freshKey` uploads: 16 bytes, the size the sweep's requests declare. */
export const KEY_BYTES = 'sixteen bytes!!!';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

export async function buildTenant(url: string, name: string): Promise<Tenant> {
  const canary = `canary${name}${randomUUID().slice(0, 6)}`;
  const label = () => `${canary}-${randomUUID().slice(0, 6)}`;
  const owner = await registerActor(url, `${name}owner`);
  const workspaceId = await createWorkspace(url, owner);
  const join = async (role: Exclude<Role, 'OWNER'>) => {
    const actor = await registerActor(url, `${name}${role.toLowerCase()}`);
    await joinWorkspace(url, owner, workspaceId, actor, role);
    return actor;
  };
  const people: Record<Role, Actor> = { OWNER: owner, ADMIN: await join('ADMIN'), MEMBER: await join('MEMBER'), GUEST: await join('GUEST') };
  const bystander = await join('MEMBER');
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaceId }, owner.token));
  const generalId = conversations.nodes.find((c) => c.isDefault)!.id;
  const publicChannelId = await createChannel(url, owner, workspaceId, 'PUBLIC', [people.ADMIN.id, people.MEMBER.id]);
  const { createDirectConversation } = ok(await gql<{ createDirectConversation: { id: string } }>(url, 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w: workspaceId, p: people.MEMBER.id }, owner.token));
  const freshMessage = async () => (await send(url, owner, generalId, `${label()} said by the owner`)).id;
  const freshStoredFile = (trashed = false) => seedStoredFile(url, { workspaceId, uploader: people.MEMBER, fileName: `${label()}.txt`, contentType: 'text/plain', trashed });
  const freshDepartment = async () => ok(await gql<{ createDepartment: { id: string } }>(url, 'mutation($w: ID!, $i: DepartmentInput!) { createDepartment(workspaceId: $w, input: $i) { id } }', { w: workspaceId, i: { name: label() } }, owner.token)).createDepartment.id;
  const freshKey = () => uploadBytes(url, owner, TEXT, KEY_BYTES);
  const messageId = await freshMessage();
  const { attachmentId } = await sendAttachment(url, owner, generalId, { fileName: `${label()}.txt`, contentType: 'text/plain', body: `${label()} attached` });
  const { notifications } = ok(await gql<{ notifications: { nodes: { id: string }[] } }>(url, '{ notifications(first: 1) { nodes { id } } }', {}, owner.token));
  const tenant = {
    name,
    canary,
    workspaceId,
    people,
    bystander,
    generalId,
    publicChannelId,
    directId: createDirectConversation.id,
    messageId,
    attachmentId,
    storedFileId: await freshStoredFile(),
    folderId: await seedFolder(url, workspaceId, owner, label()),
    departmentId: await freshDepartment(),
    notificationId: notifications.nodes[0]!.id,
    unusedKey: await freshKey(),
    freshMessage,
    freshStoredFile,
    freshDepartment,
    freshChannel: () => createChannel(url, owner, workspaceId, 'PUBLIC'),
    freshMember: () => join('MEMBER'),
    freshKey,
    freshPicture: () => uploadBytes(url, owner, { fileName: 'picture.png', contentType: 'image/png', scope: 'PUBLIC' }, PNG),
  };
  const ids = new Set<string>([workspaceId, generalId, publicChannelId, tenant.directId, messageId, attachmentId, tenant.storedFileId, tenant.folderId, tenant.departmentId, tenant.notificationId]);
  for (const person of [...Object.values(people), bystander]) ids.add(person.id);
  return { ...tenant, ids };
}

/** Someone who was a MEMBER of `from` and was removed, and is a MEMBER of `home`: they know `from`'s ids. */
export async function removedMember(url: string, home: Tenant, from: Tenant): Promise<Actor> {
  const actor = await registerActor(url, 'removed');
  await joinWorkspace(url, home.people.OWNER, home.workspaceId, actor);
  await joinWorkspace(url, from.people.OWNER, from.workspaceId, actor);
  ok(await gql(url, 'mutation($c: ID!) { joinChannel(conversationId: $c) { id } }', { c: from.publicChannelId }, actor.token));
  ok(await gql(url, 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w: from.workspaceId, u: actor.id }, from.people.OWNER.token));
  return actor;
}

/** Who tries another workspace's ids: the home workspace's people in every role, and a member the other removed. */
export const CALLERS = ['OWNER', 'ADMIN', 'MEMBER', 'GUEST', 'removed'] as const;
export type Caller = (typeof CALLERS)[number];

/** The sweep's world: A (home) and B (foreign) built alike, and a member B removed who is in A. */
export interface TwoTenants {
  readonly home: Tenant;
  readonly foreign: Tenant;
  /** The actor behind each of {@link CALLERS}. */
  callerOf(caller: Caller): Actor;
}

export async function buildTwoTenants(url: string): Promise<TwoTenants> {
  const home = await buildTenant(url, 'A');
  const foreign = await buildTenant(url, 'B');
  const removed = await removedMember(url, home, foreign);
  return { home, foreign, callerOf: (caller) => (caller === 'removed' ? removed : home.people[caller]) };
}
