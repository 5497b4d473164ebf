import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, createChannel, createWorkspace, joinWorkspace, registerActor, type Actor, type World } from '../../support/world.js';
import { createFolder, ENTRY_FIELDS, REGISTER, registerFile, upload, type Entry } from './files-support.js';

/** registerStoredFile, fileFolders, createFileFolder and the managing mutations of stored files. */
const FOLDERS = 'query($w: ID!) { fileFolders(workspaceId: $w) { id name parentId workspaceId } }';
const CREATE_FOLDER = 'mutation($w: ID!, $n: String!, $p: ID) { createFileFolder(workspaceId: $w, name: $n, parentId: $p) { id name parentId } }';
const MOVE = `mutation($id: ID!, $f: ID) { moveStoredFile(id: $id, folderId: $f) { ${ENTRY_FIELDS} } }`;
const RENAME = `mutation($id: ID!, $n: String!) { renameStoredFile(id: $id, fileName: $n) { ${ENTRY_FIELDS} } }`;
const PIN = `mutation($id: ID!, $p: Boolean!) { setStoredFilePinned(id: $id, pinned: $p) { ${ENTRY_FIELDS} } }`;
const TRASH = `mutation($id: ID!) { trashStoredFile(id: $id) { ${ENTRY_FIELDS} } }`;
const RESTORE = `mutation($id: ID!) { restoreStoredFile(id: $id) { ${ENTRY_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }';

let mock: RunningMockServer;
let world: World;
let admin: Actor;
let guest: Actor;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, fileQuotaBytes: 10_000 });
  world = await buildWorld(mock.url);
  admin = await registerActor(mock.url, 'admin');
  guest = await registerActor(mock.url, 'guest');
  await joinWorkspace(mock.url, world.a, world.workspaceId, admin, 'ADMIN');
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest, 'GUEST');
});
afterAll(() => mock.close());

const field = (response: { errors?: readonly { extensions?: Record<string, unknown> }[] | undefined }) => response.errors?.[0]?.extensions;

describe('registerStoredFile', () => {
  it('registers an uploaded key as a WORKSPACE file with allowDownload true by default, the bytes counted against the quota', async () => {
    const used = mock.state.fileQuota.usedBytes(world.workspaceId);
    const bytes = new TextEncoder().encode('quarterly numbers');
    const entry = await registerFile(mock.url, world.b, world.workspaceId, { fileName: ' report.txt ', bytes });
    expect(entry).toMatchObject({ kind: 'STORED', fileName: 'report.txt', contentType: 'text/plain', size: bytes.byteLength, uploaderId: world.b.id, visibility: 'WORKSPACE', allowDownload: true, isPinned: false, canManage: true, deletedAt: null, folderId: null });
    expect(mock.state.fileQuota.usedBytes(world.workspaceId)).toBe(used + bytes.byteLength);
  });

  it('refuses a size other than the bytes uploaded, a key used twice, a key of someone else, a key without bytes; each names its field and changes nothing', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const key = await upload(mock.url, world.b, bytes);
    const input = { workspaceId: world.workspaceId, key, fileName: 'a.bin', contentType: 'application/octet-stream', size: 5, visibility: 'WORKSPACE' };
    const { createUploadUrl } = ok(await gql<{ createUploadUrl: { key: string } }>(mock.url, 'mutation { createUploadUrl(input: {contentType: "text/plain", scope: PRIVATE}) { key } }', {}, world.b.token));
    const before = digestTables(mock.state.tables);
    expect(field(await gql(mock.url, REGISTER, { i: input }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.size' });
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, size: 4 } }, world.a.token))).toEqual({ code: 'NOT_FOUND', field: 'input.key' });
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, size: 4, contentType: 'not a type' } }, world.b.token))?.['code']).toBe('BAD_USER_INPUT');
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, size: 4, fileName: '  ' } }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.fileName' });
    const empty = await gql(mock.url, REGISTER, { i: { ...input, key: createUploadUrl.key, size: 0 } }, world.b.token);
    expect(field(empty)).toEqual({ code: 'BAD_USER_INPUT', field: 'input.key' });
    expect(digestTables(mock.state.tables)).toBe(before);
    ok(await gql(mock.url, REGISTER, { i: { ...input, size: 4 } }, world.b.token));
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, size: 4 } }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.key' });
    // The bytes of a registered key cannot change any more, not even through its creator's signed URL.
    const signature = await mock.state.uploadUrls.sign(mock.state.uploads.find(key)!);
    expect((await fetch(`${mock.origin}/uploads/${encodeURIComponent(key)}?signature=${signature}`, { method: 'PUT', body: 'other' })).status).toBe(409);
  });

  it('CHANNEL files need a conversation of the workspace the caller is in; folders must be of the workspace', async () => {
    const key = await upload(mock.url, world.b, new Uint8Array([9]));
    const input = { workspaceId: world.workspaceId, key, fileName: 'c.bin', contentType: 'application/octet-stream', size: 1, visibility: 'CHANNEL' };
    expect(field(await gql(mock.url, REGISTER, { i: input }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'input.conversationId' });
    expectCode(await gql(mock.url, REGISTER, { i: { ...input, conversationId: world.privateChannelId } }, world.b.token), 'FORBIDDEN');
    const otherWorkspace = await createWorkspace(mock.url, world.b);
    const elsewhere = await createChannel(mock.url, world.b, otherWorkspace, 'PUBLIC');
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, conversationId: elsewhere } }, world.b.token))).toEqual({ code: 'NOT_FOUND', field: 'input.conversationId' });
    const foreignFolder = await createFolder(mock.url, world.b, otherWorkspace, 'Elsewhere');
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    expect(field(await gql(mock.url, REGISTER, { i: { ...input, conversationId: channel, folderId: foreignFolder } }, world.b.token))).toEqual({ code: 'NOT_FOUND', field: 'input.folderId' });
    const entry = ok(await gql<{ registerStoredFile: Entry }>(mock.url, REGISTER, { i: { ...input, conversationId: channel } }, world.b.token)).registerStoredFile;
    expect(entry).toMatchObject({ visibility: 'CHANNEL', conversationId: channel });
  });

  it('guests register CHANNEL files of their own conversations only, outside folders; outsiders are FORBIDDEN', async () => {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [guest.id]);
    const folder = await createFolder(mock.url, world.a, world.workspaceId, `Guests ${Date.now()}`);
    const key = await upload(mock.url, guest, new Uint8Array([7, 7]));
    const input = { workspaceId: world.workspaceId, key, fileName: 'g.bin', contentType: 'application/octet-stream', size: 2, visibility: 'WORKSPACE' };
    const before = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, REGISTER, { i: input }, guest.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, REGISTER, { i: { ...input, visibility: 'CHANNEL', conversationId: channel, folderId: folder } }, guest.token), 'FORBIDDEN');
    const outsiderKey = await upload(mock.url, world.c, new Uint8Array([1]));
    const outsiderBefore = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, REGISTER, { i: { ...input, key: outsiderKey, size: 1 } }, world.c.token), 'FORBIDDEN');
    expect(digestTables(mock.state.tables)).toBe(outsiderBefore);
    expect(before).not.toBe(outsiderBefore); // the outsider's upload happened in between
    const entry = ok(await gql<{ registerStoredFile: Entry }>(mock.url, REGISTER, { i: { ...input, visibility: 'CHANNEL', conversationId: channel } }, guest.token)).registerStoredFile;
    expect(entry).toMatchObject({ visibility: 'CHANNEL', canManage: true });
  });

  it('refuses what would pass the quota with QUOTA_EXCEEDED, changing nothing', async () => {
    const workspaceId = await createWorkspace(mock.url, world.c);
    await registerFile(mock.url, world.c, workspaceId, { bytes: new Uint8Array(9_000) });
    const key = await upload(mock.url, world.c, new Uint8Array(2_000));
    const before = digestTables(mock.state.tables);
    const refused = await gql(mock.url, REGISTER, { i: { workspaceId, key, fileName: 'big.bin', contentType: 'application/octet-stream', size: 2_000, visibility: 'WORKSPACE' } }, world.c.token);
    expect(field(refused)).toEqual({ code: 'QUOTA_EXCEEDED', field: 'input.size' });
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});

describe('folders', () => {
  it('nest; names are unique per parent ignoring case (CONFLICT on name); the list puts parents before children, siblings by name', async () => {
    const workspaceId = await createWorkspace(mock.url, world.a);
    const design = await createFolder(mock.url, world.a, workspaceId, 'design');
    const logos = await createFolder(mock.url, world.a, workspaceId, 'Logos', design);
    await createFolder(mock.url, world.a, workspaceId, 'Archive');
    await createFolder(mock.url, world.a, workspaceId, 'logos'); // the same name under another parent is fine
    const before = digestTables(mock.state.tables);
    const taken = await gql(mock.url, CREATE_FOLDER, { w: workspaceId, n: 'LOGOS', p: design }, world.a.token);
    expect(field(taken)).toEqual({ code: 'CONFLICT', field: 'name' });
    expect(field(await gql(mock.url, CREATE_FOLDER, { w: workspaceId, n: 'x'.repeat(101) }, world.a.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    expect(field(await gql(mock.url, CREATE_FOLDER, { w: workspaceId, n: 'a/b' }, world.a.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'name' });
    expect(field(await gql(mock.url, CREATE_FOLDER, { w: workspaceId, n: 'x', p: crypto.randomUUID() }, world.a.token))).toEqual({ code: 'NOT_FOUND', field: 'parentId' });
    expect(digestTables(mock.state.tables)).toBe(before);
    const { fileFolders } = ok(await gql<{ fileFolders: { id: string; name: string; parentId: string | null; workspaceId: string }[] }>(mock.url, FOLDERS, { w: workspaceId }, world.a.token));
    expect(fileFolders.map((f) => f.name)).toEqual(['Archive', 'design', 'Logos', 'logos']);
    expect(fileFolders.find((f) => f.id === logos)).toEqual({ id: logos, name: 'Logos', parentId: design, workspaceId });
  });

  it('nest at most 8 deep', async () => {
    const workspaceId = await createWorkspace(mock.url, world.a);
    let parent: string | null = null;
    for (let depth = 1; depth <= 8; depth++) parent = await createFolder(mock.url, world.a, workspaceId, `level ${depth}`, parent);
    expect(field(await gql(mock.url, CREATE_FOLDER, { w: workspaceId, n: 'too deep', p: parent }, world.a.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'parentId' });
  });

  it('members list and create them; guests and outsiders are FORBIDDEN, changing nothing', async () => {
    ok(await gql(mock.url, CREATE_FOLDER, { w: world.workspaceId, n: `by b ${Date.now()}` }, world.b.token));
    const before = digestTables(mock.state.tables);
    for (const caller of [guest, world.c]) {
      expectCode(await gql(mock.url, FOLDERS, { w: world.workspaceId }, caller.token), 'FORBIDDEN');
      expectCode(await gql(mock.url, CREATE_FOLDER, { w: world.workspaceId, n: 'nope' }, caller.token), 'FORBIDDEN');
    }
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});

describe('managing a stored file', () => {
  it('moves into folders and back to the top, renames and pins; the entry shows each change', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    const folder = await createFolder(mock.url, world.b, world.workspaceId, `Specs ${Date.now()}`);
    const moved = ok(await gql<{ moveStoredFile: Entry }>(mock.url, MOVE, { id: file.id, f: folder }, world.b.token)).moveStoredFile;
    expect(moved).toMatchObject({ folderId: folder, folderName: expect.stringContaining('Specs') });
    expect(ok(await gql<{ moveStoredFile: Entry }>(mock.url, MOVE, { id: file.id, f: null }, world.b.token)).moveStoredFile.folderId).toBeNull();
    expect(ok(await gql<{ renameStoredFile: Entry }>(mock.url, RENAME, { id: file.id, n: 'spec v2.txt' }, world.b.token)).renameStoredFile.fileName).toBe('spec v2.txt');
    expect(field(await gql(mock.url, RENAME, { id: file.id, n: '' }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'fileName' });
    expect(ok(await gql<{ setStoredFilePinned: Entry }>(mock.url, PIN, { id: file.id, p: true }, world.b.token)).setStoredFilePinned.isPinned).toBe(true);
    expect(ok(await gql<{ setStoredFilePinned: Entry }>(mock.url, PIN, { id: file.id, p: false }, world.b.token)).setStoredFilePinned.isPinned).toBe(false);
    const foreign = await createFolder(mock.url, world.a, await createWorkspace(mock.url, world.a), 'Foreign');
    expect(field(await gql(mock.url, MOVE, { id: file.id, f: foreign }, world.b.token))).toEqual({ code: 'NOT_FOUND', field: 'folderId' });
  });

  it('the uploader, owners and admins manage; another member, a guest and an outsider are FORBIDDEN, changing nothing', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    const member = await registerActor(mock.url, 'member');
    await joinWorkspace(mock.url, world.a, world.workspaceId, member, 'MEMBER');
    const before = digestTables(mock.state.tables);
    for (const caller of [member, guest, world.c]) {
      for (const [query, variables] of [[RENAME, { id: file.id, n: 'mine' }], [PIN, { id: file.id, p: true }], [TRASH, { id: file.id }], [MOVE, { id: file.id, f: null }]] as const) {
        expectCode(await gql(mock.url, query, variables, caller.token), 'FORBIDDEN');
      }
    }
    expect(digestTables(mock.state.tables)).toBe(before);
    expect(ok(await gql<{ renameStoredFile: Entry }>(mock.url, RENAME, { id: file.id, n: 'by admin' }, admin.token)).renameStoredFile.canManage).toBe(true);
    expect(ok(await gql<{ setStoredFilePinned: Entry }>(mock.url, PIN, { id: file.id, p: true }, world.a.token)).setStoredFilePinned.isPinned).toBe(true);
    expectCode(await gql(mock.url, RENAME, { id: crypto.randomUUID(), n: 'x' }, world.a.token), 'NOT_FOUND');
    expect(field(await gql(mock.url, RENAME, { id: 'nope', n: 'x' }, world.a.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
  });

  it('trash hides a file from those who do not manage it and freezes it; restore brings it back; both are idempotent', async () => {
    const viewer = await memberToken();
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    expect(ok(await gql<{ storedFilePreviewUrl: string }>(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: file.id }, viewer)).storedFilePreviewUrl).toBeTruthy();
    const trashed = ok(await gql<{ trashStoredFile: Entry }>(mock.url, TRASH, { id: file.id }, world.b.token)).trashStoredFile;
    expect(trashed.deletedAt).not.toBeNull();
    expect(ok(await gql<{ trashStoredFile: Entry }>(mock.url, TRASH, { id: file.id }, world.b.token)).trashStoredFile.deletedAt).toBe(trashed.deletedAt);
    const before = digestTables(mock.state.tables);
    expect(field(await gql(mock.url, RENAME, { id: file.id, n: 'x' }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(field(await gql(mock.url, PIN, { id: file.id, p: true }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(field(await gql(mock.url, MOVE, { id: file.id, f: null }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    // A member who saw it before no longer does.
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: file.id }, viewer), 'FORBIDDEN');
    expect(digestTables(mock.state.tables)).toBe(before);
    const restored = ok(await gql<{ restoreStoredFile: Entry }>(mock.url, RESTORE, { id: file.id }, admin.token)).restoreStoredFile;
    expect(restored.deletedAt).toBeNull();
    expect(ok(await gql<{ restoreStoredFile: Entry }>(mock.url, RESTORE, { id: file.id }, admin.token)).restoreStoredFile.deletedAt).toBeNull();
  });

  it('deleteStoredFilePermanently works only from the trash; the record and its bytes go and the quota is released', async () => {
    const bytes = new Uint8Array(321);
    const file = await registerFile(mock.url, world.b, world.workspaceId, { bytes });
    const key = mock.state.tables.storedFiles.get(file.id)!.uploadKey;
    expect(field(await gql(mock.url, DELETE, { id: file.id }, world.b.token))).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    ok(await gql(mock.url, TRASH, { id: file.id }, world.b.token));
    const used = mock.state.fileQuota.usedBytes(world.workspaceId);
    expect(ok(await gql<{ deleteStoredFilePermanently: string }>(mock.url, DELETE, { id: file.id }, world.b.token)).deleteStoredFilePermanently).toBe(file.id);
    expect(mock.state.fileQuota.usedBytes(world.workspaceId)).toBe(used - 321);
    expect(mock.state.tables.uploads.has(key)).toBe(false);
    expect((await fetch(`${mock.origin}/uploads/${encodeURIComponent(key)}`)).status).toBe(404);
    expectCode(await gql(mock.url, RESTORE, { id: file.id }, world.b.token), 'NOT_FOUND');
    expect(mock.state.fileQuota.recount().get(world.workspaceId) ?? 0).toBe(mock.state.fileQuota.usedBytes(world.workspaceId));
  });
});

let member: Actor | undefined;
async function memberToken(): Promise<string> {
  if (!member) {
    member = await registerActor(mock.url, 'viewer');
    await joinWorkspace(mock.url, world.a, world.workspaceId, member, 'MEMBER');
  }
  return member.token;
}
