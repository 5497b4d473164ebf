import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { seedStoredFile, uploadBytes } from '../support/files.js';
import { buildWorld, type World } from '../support/world.js';

/**
 * Attack class: stored script on the mock's own origin (where GraphiQL keeps the bearer token).
 * Whatever a user uploads is served with `nosniff` and a sandboxing CSP; active types (HTML, SVG,
 * XML, JavaScript) are never rendered, only downloaded; file names in `Content-Disposition` are
 * base names.
 */

const HTML = '<!doctype html><script>fetch("/graphql",{method:"POST",body:localStorage.token})</script>';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

/** A PUBLIC upload of `body` as `contentType`, PUT to its signed URL; returns its publicUrl. */
async function publicUpload(contentType: string, fileName: string, body: string | Uint8Array): Promise<string> {
  const { createUploadUrl } = ok(
    await gql<{ createUploadUrl: { uploadUrl: string; publicUrl: string } }>(mock.url, 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { uploadUrl publicUrl } }', { i: { contentType, scope: 'PUBLIC', fileName } }, world.a.token),
  );
  expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body: body as string | Uint8Array<ArrayBuffer>, headers: { 'content-type': contentType } })).status).toBe(200);
  return createUploadUrl.publicUrl;
}

function expectSandboxed(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
  expect(csp).toMatch(/default-src 'none'/);
}

describe('/uploads: a PUBLIC upload', () => {
  it.each([
    ['text/html', '../../index.html', HTML, 'index.html'],
    ['image/svg+xml', '..\\..\\logo.svg', SVG, 'logo.svg'],
    ['application/xhtml+xml', 'page.xhtml', HTML, 'page.xhtml'],
    ['text/javascript', '/etc/app.js', 'alert(1)', 'app.js'],
    ['application/xml', 'feed.xml', '<?xml version="1.0"?><x/>', 'feed.xml'],
  ])('of type %s is an attachment, never a page, sandboxed, under its base name', async (contentType, fileName, body, baseName) => {
    const url = await publicUpload(contentType, fileName, body);
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(url, { method });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${baseName}`);
      expectSandboxed(response);
    }
  });

  it('of a passive type (an avatar PNG) is still shown inline, with nosniff and the sandbox', async () => {
    const url = await publicUpload('image/png', 'me.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('inline; filename=me.png');
    expectSandboxed(response);
  });
});

describe('/files: signed links', () => {
  async function link(field: 'storedFilePreviewUrl' | 'storedFileDownloadUrl', id: string): Promise<string> {
    return ok(await gql<Record<string, string>>(mock.url, `query($id: ID!) { ${field}(id: $id) }`, { id }, world.a.token))[field]!;
  }

  it('a preview of an HTML or SVG stored file is an attachment, sandboxed by a CSP with default-src \'none\'', async () => {
    for (const [contentType, fileName, body] of [['text/html', 'report.html', HTML], ['image/svg+xml', 'chart.svg', SVG]] as const) {
      const id = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName, contentType, body: new TextEncoder().encode(body) });
      const response = await fetch(await link('storedFilePreviewUrl', id));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename=${fileName}`);
      expectSandboxed(response);
    }
  });

  it('file names lose their path: ../../../.bashrc is .bashrc, a\\..\\b.txt is b.txt, for stored files and attachments', async () => {
    const stored = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: '../../../.bashrc', contentType: 'text/plain' });
    const download = await fetch(await link('storedFileDownloadUrl', stored));
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=.bashrc');

    const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: world.workspaceId }, world.a.token));
    const general = conversations.nodes.find((c) => c.isDefault)!.id;
    const file = { fileName: 'a\\..\\b.txt', contentType: 'text/plain' };
    const key = await uploadBytes(mock.url, world.a, file, 'hello');
    const { sendMessage } = ok(
      await gql<{ sendMessage: { attachments: { id: string }[] } }>(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { attachments { id } } }', { i: { conversationId: general, clientMessageId: randomUUID(), content: '', attachments: [{ key, ...file, size: 5 }] } }, world.a.token),
    );
    const attachmentId = sendMessage.attachments[0]!.id;
    const preview = ok(await gql<{ attachmentPreviewUrl: string }>(mock.url, 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', { id: attachmentId }, world.a.token)).attachmentPreviewUrl;
    const response = await fetch(preview);
    expect(response.headers.get('content-disposition')).toBe('inline; filename=b.txt');
    expectSandboxed(response);
  });

  it('a name that is only a path (../..) falls back to "download"', async () => {
    const stored = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: '../..', contentType: 'text/plain' });
    const download = await fetch(await link('storedFileDownloadUrl', stored));
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=download');
  });
});
