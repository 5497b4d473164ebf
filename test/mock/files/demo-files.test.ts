import { readFileSync } from 'node:fs';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPngModule } from '../../../scripts/demo-png.js';
import { DEMO_PNG_SPECS, demoPdf, demoPngBytes, demoPngImage } from '../../../src/mock-server/demo/file-bytes.js';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';
import { login, type Actor } from '../../support/world.js';
import { linkOf } from './files-support.js';

/** The demo's file library and its real files (demo/file-library.ts, demo/file-bytes.ts). */
describe('demo file bytes', () => {
  it('the PNGs kept in demo/png-base64.ts are exactly what fast-png encodes from their specs (rerun scripts/demo-png.ts if not)', () => {
    const kept = readFileSync(new URL('../../../src/mock-server/demo/png-base64.ts', import.meta.url), 'utf8');
    expect(kept).toBe(demoPngModule());
    for (const name of Object.keys(DEMO_PNG_SPECS) as (keyof typeof DEMO_PNG_SPECS)[]) {
      const image = decode(demoPngBytes(name));
      const expected = demoPngImage(DEMO_PNG_SPECS[name]);
      expect({ width: image.width, height: image.height, channels: image.channels }).toEqual({ width: expected.width, height: expected.height, channels: 3 });
      expect(new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength)).toEqual(expected.data);
    }
  });

  it('a demo PDF has exact cross-reference offsets and escapes what PDF strings need escaped', () => {
    const text = new TextDecoder().decode(demoPdf('Plan (v2)', ['a \\ b', 'Café ☕']));
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text).toContain('(Plan \\(v2\\)) Tj');
    expect(text).toContain('(a \\\\ b) Tj');
    expect(text).toContain('(Caf? ?) Tj');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => expect(text.slice(offset, offset + 8)).toBe(`${index + 1} 0 obj\n`));
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(stream + length, stream + length + 10)).toBe('\nendstream');
  });
});

describe('the demo file library', () => {
  let mock: RunningMockServer;
  let alice: Actor;
  let workspaceId: string;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
    alice = await login(mock.url, 'alice@acme.test', 'parley-demo');
    workspaceId = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, alice.token)).workspaces[0]!.id;
  });
  afterAll(() => mock.close());

  it('has folders (Logos inside Brand), two pinned files, one in the trash, and a preview-only CHANNEL file of #design', async () => {
    const { fileFolders } = ok(await gql<{ fileFolders: { id: string; name: string; parentId: string | null }[] }>(mock.url, 'query($w: ID!) { fileFolders(workspaceId: $w) { id name parentId } }', { w: workspaceId }, alice.token));
    expect(fileFolders.map((f) => f.name)).toEqual(['Brand', 'Logos', 'Engineering', 'Reports']);
    expect(fileFolders[1]!.parentId).toBe(fileFolders[0]!.id);
    const files = [...mock.state.tables.storedFiles.values()];
    expect(files.filter((f) => f.pinnedAt !== null).map((f) => f.fileName).sort()).toEqual(['Q1 roadmap.pdf', 'acme-logo.png']);
    expect(files.filter((f) => f.deletedAt !== null).map((f) => f.fileName)).toEqual(['budget-draft-old.txt']);
    expect(files.find((f) => f.fileName === 'design-review-notes.pdf')).toMatchObject({ visibility: 'CHANNEL', allowDownload: false });
    expect(new Set(files.map((f) => f.contentType))).toEqual(new Set(['image/png', 'application/pdf', 'text/plain']));
    expect(mock.state.fileQuota.recount().get(workspaceId)).toBe(mock.state.fileQuota.usedBytes(workspaceId));
  });

  it("serves the library's files and #general's attachments with real bytes of their types", async () => {
    const logo = [...mock.state.tables.storedFiles.values()].find((f) => f.fileName === 'acme-logo.png')!;
    const response = await fetch(await linkOf(mock.url, alice, 'storedFilePreviewUrl', logo.id));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(decode(new Uint8Array(await response.arrayBuffer())).width).toBe(48);

    const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaceId }, alice.token));
    const general = conversations.nodes.find((c) => c.isDefault)!.id;
    const attachments: { id: string; contentType: string; size: number }[] = [];
    let before: string | null = null;
    for (;;) {
      const page: { nodes: { attachments: { id: string; contentType: string; size: number }[] }[]; endCursor: string | null; hasNextPage: boolean } = ok(await gql<{ messages: never }>(mock.url, 'query($c: ID!, $b: String) { messages(conversationId: $c, first: 100, before: $b) { nodes { attachments { id contentType size } } endCursor hasNextPage } }', { c: general, b: before }, alice.token)).messages;
      attachments.push(...page.nodes.flatMap((n) => n.attachments));
      if (!page.hasNextPage) break;
      before = page.endCursor;
    }
    expect(new Set(attachments.map((a) => a.contentType))).toEqual(new Set(['image/png', 'application/pdf', 'text/plain']));
    const signatures: Record<string, string> = { 'image/png': '\x89PNG', 'application/pdf': '%PDF' };
    for (const attachment of attachments) {
      const file = new Uint8Array(await (await fetch(await linkOf(mock.url, alice, 'attachmentDownloadUrl', attachment.id))).arrayBuffer());
      expect(file.byteLength).toBe(attachment.size);
      const signature = signatures[attachment.contentType];
      if (signature) expect(String.fromCharCode(...file.slice(0, 4))).toBe(signature);
    }
  });
});
