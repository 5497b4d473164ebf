import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';
import { uploadBytes } from '../../support/files.js';
import { buildWorld, createChannel, send, type World } from '../../support/world.js';

/**
 * A file's whole journey, as a client makes it: PUT to an upload URL, send it (or register it in
 * the library), find it in `fileLibrary` and in `workspaceSearch`, download it through its signed
 * URL, and get the very bytes that were uploaded.
 */

let mock: RunningMockServer;
let world: World;
let channel: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
});
afterAll(() => mock.close());

interface Entry {
  readonly id: string;
  readonly kind: string;
  readonly fileName: string;
  readonly size: number;
}

function upload(contentType: string, bytes: Uint8Array): Promise<string> {
  return uploadBytes(mock.url, world.a, { fileName: 'upload', contentType }, bytes);
}

async function findEverywhere(word: string, viewer = world.b): Promise<{ library: Entry[]; search: Entry[] }> {
  const { fileLibrary } = ok(
    await gql<{ fileLibrary: { items: Entry[] } }>(mock.url, 'query($w: ID!, $s: String) { fileLibrary(workspaceId: $w, input: {search: $s}) { items { id kind fileName size } } }', { w: world.workspaceId, s: word }, viewer.token),
  );
  const { workspaceSearch } = ok(
    await gql<{ workspaceSearch: { files: Entry[] } }>(mock.url, 'query($w: ID!, $q: String!) { workspaceSearch(workspaceId: $w, input: {query: $q, kinds: [FILES]}) { files { id kind fileName size } } }', { w: world.workspaceId, q: word }, viewer.token),
  );
  return { library: fileLibrary.items, search: workspaceSearch.files };
}

async function download(url: string): Promise<{ status: number; bytes: Uint8Array; headers: Headers }> {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

describe('a file from upload to download', () => {
  it('sent as an attachment: found by another member in the library and in search, downloaded byte for byte', async () => {
    const bytes = new Uint8Array(randomBytes(4096));
    const key = await upload('application/pdf', bytes);
    const fileName = 'Quarterly Zephyr report.pdf';
    await send(mock.url, world.a, channel, 'the report', { attachments: [{ key, fileName, contentType: 'application/pdf', size: bytes.byteLength }] });

    const { library, search } = await findEverywhere('zephyr');
    expect(library).toEqual([{ id: expect.any(String), kind: 'ATTACHMENT', fileName, size: 4096 }]);
    expect(search).toEqual(library);

    const { attachmentDownloadUrl } = ok(await gql<{ attachmentDownloadUrl: string }>(mock.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id: library[0]!.id }, world.b.token));
    const got = await download(attachmentDownloadUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it('registered in the library: found, downloaded byte for byte, and gone from both once trashed', async () => {
    const bytes = new TextEncoder().encode('Minutes of the Quokka planning meeting\n');
    const key = await upload('text/plain', bytes);
    const { registerStoredFile } = ok(
      await gql<{ registerStoredFile: Entry }>(
        mock.url,
        'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id kind fileName size } }',
        { i: { workspaceId: world.workspaceId, key, fileName: 'quokka-minutes.txt', contentType: 'text/plain', size: bytes.byteLength, visibility: 'WORKSPACE' } },
        world.a.token,
      ),
    );
    const { library, search } = await findEverywhere('quokka');
    expect(library).toEqual([registerStoredFile]);
    expect(search).toEqual([registerStoredFile]);

    const { storedFileDownloadUrl } = ok(await gql<{ storedFileDownloadUrl: string }>(mock.url, 'query($id: ID!) { storedFileDownloadUrl(id: $id) }', { id: registerStoredFile.id }, world.b.token));
    const got = await download(storedFileDownloadUrl);
    expect(got.status).toBe(200);
    expect(new TextDecoder().decode(got.bytes)).toBe('Minutes of the Quokka planning meeting\n');

    ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: registerStoredFile.id }, world.a.token));
    expect(await findEverywhere('quokka')).toEqual({ library: [], search: [] });
    expect((await download(storedFileDownloadUrl)).status).toBe(404);
  });

  it('an outsider finds nothing and gets no URL', async () => {
    const found = await gql(mock.url, 'query($w: ID!) { workspaceSearch(workspaceId: $w, input: {query: "zephyr"}) { files { id } } }', { w: world.workspaceId }, world.c.token);
    expect(found.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
