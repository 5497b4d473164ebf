import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { buildWorld, type Actor, type World } from '../support/world.js';

/**
 * Attack class: upload URLs as bearer capabilities. An upload URL must be writable only by the
 * user who asked for it (the URL is signed for them), and only until the key is used; reading a
 * picture's URL must never give the power to replace it.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const EVIL = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 6, 6, 6]);
const UPLOAD = 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl publicUrl } }';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

interface Upload {
  readonly key: string;
  readonly uploadUrl: string;
  readonly publicUrl: string | null;
}

async function createUpload(actor: Actor, scope: 'PUBLIC' | 'PRIVATE', contentType = 'image/png'): Promise<Upload> {
  return ok(await gql<{ createUploadUrl: Upload }>(mock.url, UPLOAD, { i: { contentType, scope, fileName: 'me.png' } }, actor.token)).createUploadUrl;
}

/** PUT as the provisioning of the conformance suite does: the body and a content type, nothing else. */
function put(url: string, body: Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'PUT', body: body as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'image/png', ...headers } });
}

async function uploaded(actor: Actor, scope: 'PUBLIC' | 'PRIVATE', body = PNG): Promise<Upload> {
  const upload = await createUpload(actor, scope);
  expect((await put(upload.uploadUrl, body)).status).toBe(200);
  return upload;
}

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

async function errorOf(response: Response): Promise<{ code: unknown; message: unknown }> {
  const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
  return { code: body.errors[0]!.extensions.code, message: body.errors[0]!.message };
}

describe('a picture\'s URL does not let its readers replace it', () => {
  it('another member PUTs to the avatarUrl they read from the directory, with and without their token: refused, the avatar unchanged', async () => {
    const { a, b } = world;
    const avatar = await uploaded(a, 'PUBLIC');
    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, a.token));
    const { memberDirectory } = ok(
      await gql<{ memberDirectory: { items: { userId: string; avatarUrl: string | null }[] } }>(mock.url, 'query($w: ID!) { memberDirectory(workspaceId: $w) { items { userId avatarUrl } } }', { w: world.workspaceId }, b.token),
    );
    const avatarUrl = memberDirectory.items.find((m) => m.userId === a.id)!.avatarUrl!;

    for (const headers of [{}, { authorization: `Bearer ${b.token}` }] as Record<string, string>[]) {
      const response = await put(avatarUrl, EVIL, headers);
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await bytesAt(avatarUrl)).toEqual(PNG);
  });

  it('a member PUTs to the workspace\'s iconUrl: refused, the icon unchanged', async () => {
    const icon = await uploaded(world.a, 'PUBLIC');
    const { updateWorkspace } = ok(await gql<{ updateWorkspace: { iconUrl: string } }>(mock.url, 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { iconUrl } }', { i: { id: world.workspaceId, iconKey: icon.key } }, world.a.token));
    const { workspace } = ok(await gql<{ workspace: { iconUrl: string } }>(mock.url, 'query($id: ID!) { workspace(id: $id) { iconUrl } }', { id: world.workspaceId }, world.b.token));
    expect(workspace.iconUrl).toBe(updateWorkspace.iconUrl);
    expect((await put(workspace.iconUrl, EVIL, { authorization: `Bearer ${world.b.token}` })).status).toBe(403);
    expect(await bytesAt(workspace.iconUrl)).toEqual(PNG);
  });

  it('publicUrl reads and never writes; an upload URL signed for one key or one user writes no other', async () => {
    const mine = await createUpload(world.b, 'PUBLIC');
    expect(mine.publicUrl).not.toBe(mine.uploadUrl);
    expect((await put(mine.publicUrl!, PNG)).status).toBe(403);
    const theirs = await createUpload(world.a, 'PUBLIC');
    // B's signature moved onto A's key: refused, and A's own URL still works afterwards.
    const forged = new URL(theirs.uploadUrl);
    forged.search = new URL(mine.uploadUrl).search;
    expect((await put(forged.href, EVIL)).status).toBe(403);
    const tampered = new URL(mine.uploadUrl);
    tampered.searchParams.set('signature', `${tampered.searchParams.get('signature')}x`);
    expect((await put(tampered.href, EVIL)).status).toBe(403);
    expect((await put(theirs.uploadUrl, PNG)).status).toBe(200);
  });
});

describe('a used key\'s bytes never change', () => {
  async function rePutIsRefused(upload: Upload): Promise<void> {
    const response = await put(upload.uploadUrl, EVIL);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'CONFLICT', message: expect.stringMatching(/already used/) });
  }

  it('as an avatar or an icon: the creator\'s own upload URL is refused with 409 CONFLICT', async () => {
    const avatar = await uploaded(world.a, 'PUBLIC');
    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, world.a.token));
    await rePutIsRefused(avatar);
    expect(await bytesAt(avatar.publicUrl!)).toEqual(PNG);

    const icon = await uploaded(world.a, 'PUBLIC');
    ok(await gql(mock.url, 'mutation($i: CreateWorkspaceInput!) { createWorkspace(input: $i) { id } }', { i: { name: 'Iconic', slug: `iconic-${randomUUID().slice(0, 8)}`, iconKey: icon.key } }, world.a.token));
    await rePutIsRefused(icon);
    expect(await bytesAt(icon.publicUrl!)).toEqual(PNG);
  });

  it('as an attachment or a stored file: the same', async () => {
    const { a } = world;
    const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: world.workspaceId }, a.token));
    const general = conversations.nodes.find((c) => c.isDefault)!.id;
    const attachment = await uploaded(a, 'PRIVATE');
    ok(await gql(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', { i: { conversationId: general, clientMessageId: randomUUID(), content: '', attachments: [{ key: attachment.key, fileName: 'a.png', contentType: 'image/png', size: PNG.byteLength }] } }, a.token));
    await rePutIsRefused(attachment);

    const stored = await uploaded(a, 'PRIVATE');
    ok(await gql(mock.url, 'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }', { i: { workspaceId: world.workspaceId, key: stored.key, fileName: 's.png', contentType: 'image/png', size: PNG.byteLength, visibility: 'WORKSPACE' } }, a.token));
    await rePutIsRefused(stored);
  });

  it('a key serves one use, its creator\'s: not another user\'s avatar, not an avatar and an icon at once', async () => {
    const { a, b } = world;
    const avatar = await uploaded(a, 'PUBLIC');
    const codeOf = (result: GraphQLResponse<unknown>) => result.errors?.[0]?.extensions?.code;
    expect(codeOf(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, b.token))).toBe('FORBIDDEN');
    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, a.token));
    // Setting the same avatar again is no new use.
    ok(await gql(mock.url, 'mutation($k: String) { updateAvatar(key: $k) { id } }', { k: avatar.key }, a.token));
    const asIcon = await gql(mock.url, 'mutation($i: UpdateWorkspaceInput!) { updateWorkspace(input: $i) { id } }', { i: { id: world.workspaceId, iconKey: avatar.key } }, a.token);
    expect(codeOf(asIcon)).toBe('BAD_USER_INPUT');
  });
});
