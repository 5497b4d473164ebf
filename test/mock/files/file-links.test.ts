import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, joinWorkspace, registerActor, send, type Actor, type World } from '../../support/world.js';
import { defaultChannel, linkOf, registerFile, upload } from './files-support.js';

/** attachmentDownloadUrl, attachmentPreviewUrl, storedFileDownloadUrl, storedFilePreviewUrl and the /files route. */
const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
let mock: RunningMockServer;
let world: World;
let guest: Actor;
let general: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  world = await buildWorld(mock.url);
  guest = await registerActor(mock.url, 'guest');
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest, 'GUEST');
  general = await defaultChannel(mock.url, world.a, world.workspaceId);
});
afterAll(() => mock.close());

/** A PNG signature and a few bytes of every value, so nothing is lost or re-encoded on the way. */
const BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 256 }, (_, i) => i)]);

async function sendAttachment(sender: Actor, conversationId: string, fileName: string, bytes = BYTES, contentType = 'image/png'): Promise<string> {
  const key = await upload(mock.url, sender, bytes, contentType);
  const { sendMessage } = ok(await gql<{ sendMessage: { attachments: { id: string }[] } }>(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { attachments { id } } }', { i: { conversationId, clientMessageId: crypto.randomUUID(), content: '', attachments: [{ key, fileName, contentType, size: bytes.byteLength }] } }, sender.token));
  return sendMessage.attachments[0]!.id;
}

describe('stored file links', () => {
  it('PUT, registerStoredFile, storedFileDownloadUrl, GET: the same bytes, the type, attachment with the name, private caching', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId, { bytes: BYTES, contentType: 'image/png', fileName: 'Café logo.png' });
    const url = await linkOf(mock.url, world.a, 'storedFileDownloadUrl', file.id);
    expect(url.startsWith(`${mock.origin}/files/`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-length')).toBe(String(BYTES.byteLength));
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Caf? logo.png"; filename*=UTF-8''Caf%C3%A9%20logo.png`);
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(BYTES.byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('a preview is inline', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId, { fileName: 'notes.txt' });
    const response = await fetch(await linkOf(mock.url, world.b, 'storedFilePreviewUrl', file.id));
    expect(response.headers.get('content-disposition')).toBe('inline; filename=notes.txt');
    expect(response.headers.get('content-type')).toBe('text/plain');
  });

  it('a tampered token is 403 with a code; so is one expired (after 5 minutes), while it works until then', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    const url = await linkOf(mock.url, world.b, 'storedFilePreviewUrl', file.id);
    const [head, payload, signature] = url.slice(url.lastIndexOf('/') + 1).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: (claims['exp'] as number) + 3600 })).toString('base64url');
    for (const token of [`${head}.${forged}.${signature}`, `${head}.${payload}.${signature.slice(0, -2)}AA`, 'not-a-token', `${head}.${payload}.`]) {
      const response = await fetch(`${mock.origin}/files/${token}`);
      expect(response.status, token).toBe(403);
      expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('FORBIDDEN');
    }
    clock.advance(299_000);
    const late = await fetch(url);
    expect(late.status).toBe(200);
    expect(late.headers.get('cache-control')).toBe('private, max-age=1');
    clock.advance(1_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/expired/);
  });

  it('allowDownload false: download URLs are FORBIDDEN for those who only see the file, previews work; its managers still download', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId, { allowDownload: false });
    expect(file.allowDownload).toBe(false);
    const viewer = await registerActor(mock.url, 'viewer');
    await joinWorkspace(mock.url, world.a, world.workspaceId, viewer, 'MEMBER');
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id: file.id }, viewer.token), 'FORBIDDEN');
    expect((await fetch(await linkOf(mock.url, viewer, 'storedFilePreviewUrl', file.id))).status).toBe(200);
    expect((await fetch(await linkOf(mock.url, world.b, 'storedFileDownloadUrl', file.id))).status).toBe(200);
    expect((await fetch(await linkOf(mock.url, world.a, 'storedFileDownloadUrl', file.id))).status).toBe(200);
  });

  it('only those who see the file get a link; a link stops working once the file is trashed (404) or deleted (404)', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    for (const caller of [guest, world.c]) expectCode(await gql(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: file.id }, caller.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: file.id }), 'UNAUTHENTICATED');
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: crypto.randomUUID() }, world.a.token), 'NOT_FOUND');
    const viewer = await registerActor(mock.url, 'viewer');
    await joinWorkspace(mock.url, world.a, world.workspaceId, viewer, 'MEMBER');
    const viewerUrl = await linkOf(mock.url, viewer, 'storedFilePreviewUrl', file.id);
    const ownerUrl = await linkOf(mock.url, world.b, 'storedFilePreviewUrl', file.id);
    ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: file.id }, world.b.token));
    expect((await fetch(viewerUrl)).status).toBe(404);
    expect((await fetch(ownerUrl)).status).toBe(200); // its manager still sees it in the trash
    expect((await fetch(await linkOf(mock.url, world.b, 'storedFilePreviewUrl', file.id))).status).toBe(200);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }', { id: file.id }, world.b.token));
    expect((await fetch(ownerUrl)).status).toBe(404);
  });

  it('asking for links changes no table but the signing key made on first use', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId);
    await linkOf(mock.url, world.b, 'storedFilePreviewUrl', file.id);
    const before = digestTables(mock.state.tables);
    await linkOf(mock.url, world.b, 'storedFileDownloadUrl', file.id);
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id: file.id }, guest.token), 'FORBIDDEN');
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});

describe('attachment links', () => {
  it('PUT, sendMessage with the key, attachmentDownloadUrl, GET: the same bytes and headers; previews inline', async () => {
    const attachmentId = await sendAttachment(world.a, general, 'diagram.png');
    const download = await fetch(await linkOf(mock.url, world.b, 'attachmentDownloadUrl', attachmentId));
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(BYTES);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=diagram.png');
    const preview = await fetch(await linkOf(mock.url, world.b, 'attachmentPreviewUrl', attachmentId));
    expect(preview.headers.get('content-disposition')).toBe('inline; filename=diagram.png');
  });

  it('only members of the conversation get a link; a deleted message takes its attachments and their links with it', async () => {
    const attachmentId = await sendAttachment(world.a, world.privateChannelId, 'secret.png');
    const before = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id: attachmentId }, world.b.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', { id: attachmentId }, world.c.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', { id: crypto.randomUUID() }, world.a.token), 'NOT_FOUND');
    const malformed = await gql(mock.url, 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', { id: 'x' }, world.a.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'attachmentId' });
    expect(digestTables(mock.state.tables)).toBe(before);

    const sent = await send(mock.url, world.a, general, 'with a file', { attachments: [{ key: await upload(mock.url, world.a, BYTES), fileName: 'gone.bin', contentType: 'application/octet-stream', size: BYTES.byteLength }] });
    const { messages } = ok(await gql<{ messages: { nodes: { id: string; attachments: { id: string }[] }[] } }>(mock.url, 'query($c: ID!) { messages(conversationId: $c, first: 1) { nodes { id attachments { id } } } }', { c: general }, world.a.token));
    const id = messages.nodes.find((m) => m.id === sent.id)!.attachments[0]!.id;
    const url = await linkOf(mock.url, world.b, 'attachmentDownloadUrl', id);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.id }, world.a.token));
    expect((await fetch(url)).status).toBe(404);
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id }, world.a.token), 'NOT_FOUND');
  });

  it('a link is checked again for its holder: removed from the workspace, it is 403', async () => {
    const leaver = await registerActor(mock.url, 'leaver');
    await joinWorkspace(mock.url, world.a, world.workspaceId, leaver, 'MEMBER');
    const attachmentId = await sendAttachment(world.a, general, 'team.png');
    const url = await linkOf(mock.url, leaver, 'attachmentPreviewUrl', attachmentId);
    expect((await fetch(url)).status).toBe(200);
    ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w: world.workspaceId, u: leaver.id }, world.a.token));
    expect((await fetch(url)).status).toBe(403);
  });

  it('/files answers GET and HEAD only', async () => {
    const response = await fetch(`${mock.origin}/files/x`, { method: 'PUT', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});
