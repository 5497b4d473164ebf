import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { buildWorld, createChannel, createWorkspace, joinWorkspace, registerActor, type Actor, type World } from '../../support/world.js';
import { linkOf, registerFile, upload } from './files-support.js';
import { LIBRARY, SUMMARY, type Page } from './library-world.js';

/** sendMessage's sharedFileIds: stored files of the file library shared into a conversation. */
const SEND = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id content attachments { id fileName contentType size } } }';
const MESSAGES = 'query($c: ID!) { messages(conversationId: $c, first: 5) { nodes { id attachments { id fileName } } } }';

interface Sent {
  readonly id: string;
  readonly content: string;
  readonly attachments: { id: string; fileName: string; contentType: string; size: number }[];
}

let mock: RunningMockServer;
let world: World;
let guest: Actor;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  guest = await registerActor(mock.url, 'guest');
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest, 'GUEST');
});
afterAll(() => mock.close());

const input = (conversationId: string, extra: Record<string, unknown>) => ({ conversationId, clientMessageId: crypto.randomUUID(), content: '', ...extra });

async function attachmentsSeenBy(actor: Actor, conversationId: string, messageId: string): Promise<string[]> {
  const { messages } = ok(await gql<{ messages: { nodes: { id: string; attachments: { fileName: string }[] }[] } }>(mock.url, MESSAGES, { c: conversationId }, actor.token));
  return messages.nodes.find((m) => m.id === messageId)!.attachments.map((a) => a.fileName);
}

describe('sharedFileIds', () => {
  it("a shared file becomes an attachment that the conversation's members see and open, even those the file was not visible to; it counts once against the quota", async () => {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [guest.id]);
    const bytes = new TextEncoder().encode('the plan');
    const file = await registerFile(mock.url, world.a, world.workspaceId, { fileName: 'plan.txt', bytes });
    const used = mock.state.fileQuota.usedBytes(world.workspaceId);
    const sent = ok(await gql<{ sendMessage: Sent }>(mock.url, SEND, { i: input(channel, { sharedFileIds: [file.id] }) }, world.a.token)).sendMessage;
    expect(sent.content).toBe('');
    expect(sent.attachments).toEqual([{ id: expect.any(String), fileName: 'plan.txt', contentType: 'text/plain', size: bytes.byteLength }]);
    expect(mock.state.fileQuota.usedBytes(world.workspaceId)).toBe(used);
    // The guest cannot see the WORKSPACE file in the library, but the message shares it with them.
    expectCode(await gql(mock.url, 'query($id: ID!) { storedFilePreviewUrl(id: $id) }', { id: file.id }, guest.token), 'FORBIDDEN');
    expect(await attachmentsSeenBy(guest, channel, sent.id)).toEqual(['plan.txt']);
    const response = await fetch(await linkOf(mock.url, guest, 'attachmentDownloadUrl', sent.attachments[0]!.id));
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('the plan');
  });

  it('hides the attachment while the file is trashed, shows it again once restored, and for good once deleted', async () => {
    const file = await registerFile(mock.url, world.b, world.workspaceId, { fileName: 'draft.txt' });
    const general = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const own = await upload(mock.url, world.b, new Uint8Array([1]));
    const sent = ok(await gql<{ sendMessage: Sent }>(mock.url, SEND, { i: input(general, { content: 'two files', attachments: [{ key: own, fileName: 'own.bin', contentType: 'application/octet-stream', size: 1 }], sharedFileIds: [file.id] }) }, world.b.token)).sendMessage;
    expect(sent.attachments.map((a) => a.fileName)).toEqual(['own.bin', 'draft.txt']);
    const link = await linkOf(mock.url, world.a, 'attachmentPreviewUrl', sent.attachments[1]!.id);
    ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: file.id }, world.b.token));
    expect(await attachmentsSeenBy(world.a, general, sent.id)).toEqual(['own.bin']);
    expect(await attachmentsSeenBy(world.b, general, sent.id)).toEqual(['own.bin']);
    expect((await fetch(link)).status).toBe(404);
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentPreviewUrl(attachmentId: $id) }', { id: sent.attachments[1]!.id }, world.a.token), 'NOT_FOUND');
    ok(await gql(mock.url, 'mutation($id: ID!) { restoreStoredFile(id: $id) { id } }', { id: file.id }, world.b.token));
    expect(await attachmentsSeenBy(world.a, general, sent.id)).toEqual(['own.bin', 'draft.txt']);
    expect((await fetch(link)).status).toBe(200);
    ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: file.id }, world.b.token));
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteStoredFilePermanently(id: $id) }', { id: file.id }, world.b.token));
    expect(await attachmentsSeenBy(world.a, general, sent.id)).toEqual(['own.bin']);
  });

  it('refuses files the sender may not see, trashed ones, those of another workspace, unknown and repeated ids, and more than 10 files; nothing changes', async () => {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const secret = await registerFile(mock.url, world.a, world.workspaceId, { visibility: 'CHANNEL', conversationId: world.privateChannelId });
    const trashed = await registerFile(mock.url, world.a, world.workspaceId);
    ok(await gql(mock.url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id: trashed.id }, world.a.token));
    const visible = await registerFile(mock.url, world.a, world.workspaceId);
    const otherWorkspace = await createWorkspace(mock.url, world.b);
    const foreign = await registerFile(mock.url, world.b, otherWorkspace);
    const keys = await Promise.all(Array.from({ length: 10 }, () => upload(mock.url, world.b, new Uint8Array([1]))));
    const before = digestTables(mock.state.tables);
    const code = async (ids: string[], extra: Record<string, unknown> = {}) => (await gql(mock.url, SEND, { i: input(channel, { sharedFileIds: ids, ...extra }) }, world.b.token)).errors?.[0]?.extensions;
    expect(await code([secret.id])).toEqual({ code: 'FORBIDDEN' });
    expect(await code([visible.id, trashed.id])).toEqual({ code: 'FORBIDDEN' }); // b does not manage it: in the trash, b cannot see it
    expect(await code([foreign.id])).toEqual({ code: 'NOT_FOUND', field: 'input.sharedFileIds[0]' });
    expect(await code([crypto.randomUUID()])).toEqual({ code: 'NOT_FOUND', field: 'input.sharedFileIds[0]' });
    expect(await code(['nope'])).toEqual({ code: 'BAD_USER_INPUT', field: 'input.sharedFileIds[0]' });
    expect(await code([visible.id, visible.id])).toEqual({ code: 'BAD_USER_INPUT', field: 'input.sharedFileIds[1]' });
    const attachments = keys.map((key) => ({ key, fileName: 'f.bin', contentType: 'application/octet-stream', size: 1 }));
    expect(await code([visible.id], { attachments })).toEqual({ code: 'BAD_USER_INPUT', field: 'input.sharedFileIds' });
    expect(digestTables(mock.state.tables)).toBe(before);
    // Its manager is told the file is in the trash.
    const own = (await gql(mock.url, SEND, { i: input(channel, { sharedFileIds: [trashed.id] }) }, world.a.token)).errors?.[0]?.extensions;
    expect(own).toEqual({ code: 'BAD_USER_INPUT', field: 'input.sharedFileIds[0]' });
    expect(digestTables(mock.state.tables)).toBe(before);
  });

  it('a file that allows previews only is shared for previews only', async () => {
    const file = await registerFile(mock.url, world.a, world.workspaceId, { allowDownload: false });
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const sent = ok(await gql<{ sendMessage: Sent }>(mock.url, SEND, { i: input(channel, { sharedFileIds: [file.id] }) }, world.a.token)).sendMessage;
    const attachmentId = sent.attachments[0]!.id;
    expectCode(await gql(mock.url, 'query($id: ID!) { attachmentDownloadUrl(attachmentId: $id) }', { id: attachmentId }, world.b.token), 'FORBIDDEN');
    expect((await fetch(await linkOf(mock.url, world.b, 'attachmentPreviewUrl', attachmentId))).status).toBe(200);
    expect((await fetch(await linkOf(mock.url, world.a, 'attachmentDownloadUrl', attachmentId))).status).toBe(200);
  });
});

describe('a shared file in fileLibrary and workspaceSearch', () => {
  const SEARCH_FILES = 'query($w: ID!, $i: WorkspaceSearchInput!) { workspaceSearch(workspaceId: $w, input: $i) { files { id kind fileName } } }';
  const library = async (actor: Actor, i: Record<string, unknown>): Promise<Page> =>
    ok(await gql<{ fileLibrary: Page }>(mock.url, LIBRARY, { w: world.workspaceId, i: { pageSize: 100, ...i } }, actor.token)).fileLibrary;
  const totalCount = async (actor: Actor): Promise<number> =>
    ok(await gql<{ fileLibrarySummary: { totalCount: number } }>(mock.url, SUMMARY, { w: world.workspaceId }, actor.token)).fileLibrarySummary.totalCount;

  it('is listed once, as the STORED file and never also as an ATTACHMENT, however many messages share it; and found once by search', async () => {
    const word = `zs${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const file = await registerFile(mock.url, world.a, world.workspaceId, { fileName: `${word}.txt` });
    const counted = await Promise.all([world.a, world.b].map(totalCount));
    const shared: string[] = [];
    for (const sender of [world.a, world.b]) {
      const sent = ok(await gql<{ sendMessage: Sent }>(mock.url, SEND, { i: input(channel, { content: `see ${word}`, sharedFileIds: [file.id] }) }, sender.token)).sendMessage;
      expect(sent.attachments.map((a) => a.fileName)).toEqual([`${word}.txt`]);
      shared.push(sent.attachments[0]!.id);
    }
    for (const [index, actor] of [world.a, world.b].entries()) {
      const byName = await library(actor, { search: word });
      expect(byName.totalCount).toBe(1);
      expect(byName.items.map((entry) => [entry.id, entry.kind, entry.conversationId])).toEqual([[file.id, 'STORED', null]]);
      // The conversation it was shared into lists no attachment for it, nor does its attachment id name an entry.
      expect(await library(actor, { conversationId: channel })).toMatchObject({ items: [], totalCount: 0 });
      for (const attachmentId of shared) expect(await library(actor, { id: attachmentId })).toMatchObject({ items: [], totalCount: 0 });
      expect(await totalCount(actor)).toBe(counted[index]);
      const { workspaceSearch } = ok(await gql<{ workspaceSearch: { files: { id: string; kind: string; fileName: string }[] } }>(mock.url, SEARCH_FILES, { w: world.workspaceId, i: { query: word, kinds: ['FILES'] } }, actor.token));
      expect(workspaceSearch.files).toEqual([{ id: file.id, kind: 'STORED', fileName: `${word}.txt` }]);
    }
  });
});
