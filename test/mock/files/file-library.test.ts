import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { seedFolder, seedStoredFile, sendAttachment } from '../../support/files.js';
import { createChannel } from '../../support/world.js';
import { LIBRARY, libraryOf, namesOf, newWorkspace, registerPeople, ticker, type Page, type People } from './library-world.js';

/** fileLibrary through HTTP: what each caller sees, every filter, every sort, paging and bounds. */

const clock = new ManualClock(Date.parse('2026-03-02T09:00:00.000Z'));
const tick = ticker(clock);
let mock: RunningMockServer;
let people: People;
let library: ReturnType<typeof libraryOf>;
let names: ReturnType<typeof namesOf>;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  people = await registerPeople(mock.url);
  library = libraryOf(mock);
  names = namesOf(mock);
});
afterAll(() => mock.close());

async function directConversation(workspaceId: string, from: People[keyof People], to: People[keyof People]): Promise<string> {
  const { createDirectConversation } = ok(
    await gql<{ createDirectConversation: { id: string } }>(
      mock.url,
      'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }',
      { w: workspaceId, p: to.id },
      from.token,
    ),
  );
  return createDirectConversation.id;
}

async function changeRole(workspaceId: string, member: People[keyof People], role: 'MEMBER' | 'GUEST'): Promise<void> {
  ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!, $r: WorkspaceRole!) { changeWorkspaceMemberRole(workspaceId: $w, userId: $u, role: $r) { userId } }', { w: workspaceId, u: member.id, r: role }, people.owner.token));
}

describe('what the library lists', () => {
  it('lists message attachments (ATTACHMENT) and stored files (STORED) alike, with their uploader, conversation and folder', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const folder = await seedFolder(mock.url, w, people.owner, 'Contracts');
    tick();
    const sent = await sendAttachment(mock.url, people.member, channel, { fileName: 'notes.txt', contentType: 'text/plain', body: 'twelve bytes', size: 12 });
    tick();
    const stored = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'Lease.pdf', contentType: 'application/pdf', folderId: folder, pinned: true });

    const page = await library(people.member, w);
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalCount: 2 });
    const [file, attachment] = page.items;
    expect(file).toMatchObject({
      id: stored,
      kind: 'STORED',
      fileName: 'Lease.pdf',
      contentType: 'application/pdf',
      size: 16,
      deletedAt: null,
      uploaderId: people.owner.id,
      uploaderName: 'owner',
      conversationId: null,
      folderId: folder,
      folderName: 'Contracts',
      isPinned: true,
      allowDownload: true,
      canManage: false,
      visibility: 'WORKSPACE',
    });
    expect(attachment).toMatchObject({
      id: sent.attachmentId,
      kind: 'ATTACHMENT',
      fileName: 'notes.txt',
      size: 12,
      uploaderId: people.member.id,
      conversationId: channel,
      conversationType: 'CHANNEL',
      folderId: null,
      isPinned: false,
      canManage: true,
      visibility: null,
    });
    expect(attachment!.conversationTitle).toMatch(/^c-/);
    expect(Date.parse(file!.createdAt)).toBe(clock.now());
  });

  it('shows attachments only to members of their conversation: a private channel and a DM are closed to others, workspace owners included', async () => {
    const w = await newWorkspace(mock.url, people);
    const secret = await createChannel(mock.url, people.member, w, 'PRIVATE', [people.other.id]);
    const dm = await directConversation(w, people.member, people.other);
    await sendAttachment(mock.url, people.member, secret, { fileName: 'secret-plan.txt', contentType: 'text/plain' });
    await sendAttachment(mock.url, people.other, dm, { fileName: 'between-us.txt', contentType: 'text/plain' });
    expect((await names(people.member, w)).sort()).toEqual(['between-us.txt', 'secret-plan.txt']);
    expect((await names(people.other, w)).sort()).toEqual(['between-us.txt', 'secret-plan.txt']);
    expect(await names(people.owner, w)).toEqual([]);
    expect(await names(people.admin, w)).toEqual([]);
    expect(await names(people.guest, w)).toEqual([]);
  });

  it('a GUEST sees the files of their own conversations and their own stored files, never stored files of the whole workspace', async () => {
    const w = await newWorkspace(mock.url, people);
    const room = await createChannel(mock.url, people.owner, w, 'PRIVATE', [people.guest.id]);
    await sendAttachment(mock.url, people.owner, room, { fileName: 'brief.txt', contentType: 'text/plain' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'handbook.pdf', contentType: 'application/pdf' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'room-file.pdf', contentType: 'application/pdf', visibility: 'CHANNEL', conversationId: room });
    // A guest registers CHANNEL files only: their own WORKSPACE file is one they registered while a member.
    await changeRole(w, people.guest, 'MEMBER');
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.guest, fileName: 'guest-own.pdf', contentType: 'application/pdf' });
    await changeRole(w, people.guest, 'GUEST');
    expect((await names(people.guest, w)).sort()).toEqual(['brief.txt', 'guest-own.pdf', 'room-file.pdf']);
    // A CHANNEL file is for the channel's members: a plain member outside it does not see it.
    expect((await names(people.member, w)).sort()).toEqual(['guest-own.pdf', 'handbook.pdf']);
  });

  it("never lists a deleted message's attachments", async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const kept = await sendAttachment(mock.url, people.member, channel, { fileName: 'kept.txt', contentType: 'text/plain' });
    const gone = await sendAttachment(mock.url, people.member, channel, { fileName: 'gone.txt', contentType: 'text/plain' });
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: gone.messageId }, people.member.token));
    expect(await names(people.owner, w)).toEqual(['kept.txt']);
    expect((await library(people.owner, w, { id: gone.attachmentId })).totalCount).toBe(0);
    expect((await library(people.owner, w, { id: kept.attachmentId })).items.map((entry) => entry.fileName)).toEqual(['kept.txt']);
  });

  it('trashed: false (the default) hides the trash; true lists only trashed files the caller may manage (uploader, owners, admins)', async () => {
    const w = await newWorkspace(mock.url, people);
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.member, fileName: 'live.pdf', contentType: 'application/pdf' });
    const binned = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.member, fileName: 'binned.pdf', contentType: 'application/pdf', trashed: true });
    for (const caller of [people.owner, people.admin, people.member, people.other]) expect(await names(caller, w)).toEqual(['live.pdf']);
    for (const caller of [people.owner, people.admin, people.member]) {
      const page = await library(caller, w, { trashed: true });
      expect(page.items.map((entry) => [entry.id, entry.canManage, entry.deletedAt !== null])).toEqual([[binned, true, true]]);
    }
    expect(await names(people.other, w, { trashed: true })).toEqual([]);
    expect(await names(people.guest, w, { trashed: true })).toEqual([]);
  });
});

describe('filters', () => {
  it('scope: CHANNELS and DIRECT by the conversation, MINE by uploader; a workspace file in no conversation is only in ALL (and its uploader\'s MINE)', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const dm = await directConversation(w, people.owner, people.member);
    await sendAttachment(mock.url, people.owner, channel, { fileName: 'channel-by-owner.txt', contentType: 'text/plain' });
    await sendAttachment(mock.url, people.member, channel, { fileName: 'channel-by-member.txt', contentType: 'text/plain' });
    await sendAttachment(mock.url, people.member, dm, { fileName: 'dm-by-member.txt', contentType: 'text/plain' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.member, fileName: 'workspace-by-member.pdf', contentType: 'application/pdf' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'channel-stored.pdf', contentType: 'application/pdf', visibility: 'CHANNEL', conversationId: channel });
    const sorted = async (input: Record<string, unknown>) => (await names(people.member, w, input)).sort();
    expect(await sorted({ scope: 'ALL' })).toEqual(['channel-by-member.txt', 'channel-by-owner.txt', 'channel-stored.pdf', 'dm-by-member.txt', 'workspace-by-member.pdf']);
    expect(await sorted({ scope: 'CHANNELS' })).toEqual(['channel-by-member.txt', 'channel-by-owner.txt', 'channel-stored.pdf']);
    expect(await sorted({ scope: 'DIRECT' })).toEqual(['dm-by-member.txt']);
    expect(await sorted({ scope: 'MINE' })).toEqual(['channel-by-member.txt', 'dm-by-member.txt', 'workspace-by-member.pdf']);
    expect((await names(people.owner, w, { scope: 'MINE' })).sort()).toEqual(['channel-by-owner.txt', 'channel-stored.pdf']);
  });

  it('format: each entry in exactly one of DOCUMENT, IMAGE, MEDIA, DESIGN and OTHER, by its MIME type', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC');
    const files: [string, string][] = [
      ['report.pdf', 'application/pdf'],
      ['budget.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['readme.md', 'text/markdown'],
      ['photo.png', 'image/png'],
      ['logo.svg', 'image/svg+xml'],
      ['call.mp3', 'audio/mpeg'],
      ['demo.mp4', 'video/mp4'],
      ['mockup.psd', 'image/vnd.adobe.photoshop'],
      ['board.fig', 'application/vnd.figma'],
      ['archive.zip', 'application/zip'],
    ];
    for (const [fileName, contentType] of files.slice(0, 5)) await sendAttachment(mock.url, people.owner, channel, { fileName, contentType });
    for (const [fileName, contentType] of files.slice(5)) await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName, contentType });
    const byFormat = async (format: string) => (await names(people.owner, w, { format })).sort();
    expect(await byFormat('DOCUMENT')).toEqual(['budget.xlsx', 'readme.md', 'report.pdf']);
    expect(await byFormat('IMAGE')).toEqual(['logo.svg', 'photo.png']);
    expect(await byFormat('MEDIA')).toEqual(['call.mp3', 'demo.mp4']);
    expect(await byFormat('DESIGN')).toEqual(['board.fig', 'mockup.psd']);
    expect(await byFormat('OTHER')).toEqual(['archive.zip']);
  });

  it('folderId: the files directly in that folder; a folder of another workspace is NOT_FOUND, a malformed id BAD_USER_INPUT', async () => {
    const w = await newWorkspace(mock.url, people);
    const elsewhere = await newWorkspace(mock.url, people);
    const parent = await seedFolder(mock.url, w, people.owner, 'Design');
    const child = await seedFolder(mock.url, w, people.owner, 'Archive', parent);
    const foreign = await seedFolder(mock.url, elsewhere, people.owner, 'Theirs');
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'in-parent.png', contentType: 'image/png', folderId: parent });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'in-child.png', contentType: 'image/png', folderId: child });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'at-root.png', contentType: 'image/png' });
    expect(await names(people.member, w, { folderId: parent })).toEqual(['in-parent.png']);
    expect(await names(people.member, w, { folderId: child })).toEqual(['in-child.png']);
    const wrong = await gql(mock.url, LIBRARY, { w, i: { folderId: foreign } }, people.member.token);
    expectCode(wrong, 'NOT_FOUND');
    expect(wrong.errors![0]!.extensions).toMatchObject({ field: 'input.folderId' });
    const malformed = await gql(mock.url, LIBRARY, { w, i: { folderId: 'nope' } }, people.member.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.folderId' });
  });

  it('conversationId: that conversation\'s files; the caller must be a member (FORBIDDEN), and it must be of this workspace (NOT_FOUND)', async () => {
    const w = await newWorkspace(mock.url, people);
    const elsewhere = await newWorkspace(mock.url, people);
    const one = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const two = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const theirs = await createChannel(mock.url, people.owner, elsewhere, 'PUBLIC', [people.member.id]);
    await sendAttachment(mock.url, people.owner, one, { fileName: 'one.txt', contentType: 'text/plain' });
    await sendAttachment(mock.url, people.owner, two, { fileName: 'two.txt', contentType: 'text/plain' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'one-stored.pdf', contentType: 'application/pdf', visibility: 'CHANNEL', conversationId: one });
    expect((await names(people.member, w, { conversationId: one })).sort()).toEqual(['one-stored.pdf', 'one.txt']);
    expect(await names(people.member, w, { conversationId: two })).toEqual(['two.txt']);
    expectCode(await gql(mock.url, LIBRARY, { w, i: { conversationId: one } }, people.other.token), 'FORBIDDEN');
    const foreign = await gql(mock.url, LIBRARY, { w, i: { conversationId: theirs } }, people.member.token);
    expect(foreign.errors![0]!.extensions).toEqual({ code: 'NOT_FOUND', field: 'input.conversationId' });
    expectCode(await gql(mock.url, LIBRARY, { w, i: { conversationId: randomUUID() } }, people.member.token), 'NOT_FOUND');
  });

  it('id: just that entry, with the other filters still applied; an id that names nothing the caller sees gives an empty page', async () => {
    const w = await newWorkspace(mock.url, people);
    const elsewhere = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    const sent = await sendAttachment(mock.url, people.owner, channel, { fileName: 'a.txt', contentType: 'text/plain' });
    const stored = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'b.pdf', contentType: 'application/pdf' });
    const foreign = await seedStoredFile(mock.url, { workspaceId: elsewhere, uploader: people.owner, fileName: 'c.pdf', contentType: 'application/pdf' });
    expect(await names(people.member, w, { id: sent.attachmentId })).toEqual(['a.txt']);
    expect(await names(people.member, w, { id: stored })).toEqual(['b.pdf']);
    expect(await names(people.member, w, { id: stored, format: 'IMAGE' })).toEqual([]);
    expect(await names(people.member, w, { id: foreign })).toEqual([]);
    expect(await names(people.member, w, { id: randomUUID() })).toEqual([]);
    expect(await names(people.other, w, { id: sent.attachmentId })).toEqual([]);
    const malformed = await gql(mock.url, LIBRARY, { w, i: { id: '42' } }, people.member.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.id' });
  });

  it('search: file names, ignoring case and accents, every word somewhere in the name', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC');
    await sendAttachment(mock.url, people.owner, channel, { fileName: 'Résumé.pdf', contentType: 'application/pdf' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'Quarterly Report Q3.xlsx', contentType: 'application/vnd.ms-excel' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'Straße.png', contentType: 'image/png' });
    expect(await names(people.owner, w, { search: 'resume' })).toEqual(['Résumé.pdf']);
    expect(await names(people.owner, w, { search: 'RÉSUMÉ' })).toEqual(['Résumé.pdf']);
    expect(await names(people.owner, w, { search: 'report q3' })).toEqual(['Quarterly Report Q3.xlsx']);
    expect(await names(people.owner, w, { search: 'q3 quarterly' })).toEqual(['Quarterly Report Q3.xlsx']);
    expect(await names(people.owner, w, { search: 'strasse' })).toEqual(['Straße.png']);
    expect(await names(people.owner, w, { search: 'report missing' })).toEqual([]);
    expect(await names(people.owner, w, { search: '   ' })).toHaveLength(3);
    const long = await gql(mock.url, LIBRARY, { w, i: { search: 'x'.repeat(101) } }, people.owner.token);
    expect(long.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.search' });
  });

  it('pinnedOnly: only pinned stored files (attachments are never pinned)', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC');
    await sendAttachment(mock.url, people.owner, channel, { fileName: 'chat.txt', contentType: 'text/plain' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'pinned.pdf', contentType: 'application/pdf', pinned: true });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'loose.pdf', contentType: 'application/pdf' });
    expect(await names(people.owner, w, { pinnedOnly: true })).toEqual(['pinned.pdf']);
    expect(await names(people.owner, w, { pinnedOnly: false })).toHaveLength(3);
  });
});

describe('sorts and pages', () => {
  /** Five files: two made in the same millisecond (a tie), sizes with a tie, names with digits and accents. */
  async function sortable(): Promise<{ w: string; ids: Record<string, string> }> {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC');
    const ids: Record<string, string> = {};
    tick();
    ids['Plan 10.txt'] = (await sendAttachment(mock.url, people.owner, channel, { fileName: 'Plan 10.txt', contentType: 'text/plain', size: 300 })).attachmentId;
    tick();
    ids['plan 2.txt'] = (await sendAttachment(mock.url, people.owner, channel, { fileName: 'plan 2.txt', contentType: 'text/plain', size: 100 })).attachmentId;
    tick();
    const bytes = (n: number) => new Uint8Array(n);
    ids['Zeta.pdf'] = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'Zeta.pdf', contentType: 'application/pdf', body: bytes(300) });
    ids['Éclair.png'] = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'Éclair.png', contentType: 'image/png', body: bytes(50) });
    tick();
    ids['apple.png'] = await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'apple.png', contentType: 'image/png', body: bytes(300) });
    return { w, ids };
  }

  it('RECENT (the default) is newest first and OLDEST the reverse; entries of one moment go by id', async () => {
    const { w, ids } = await sortable();
    const [zeta, eclair] = [ids['Zeta.pdf']!, ids['Éclair.png']!].sort();
    const sameMoment = [zeta, eclair].map((id) => Object.keys(ids).find((name) => ids[name] === id)!);
    expect(await names(people.owner, w)).toEqual(['apple.png', ...sameMoment, 'plan 2.txt', 'Plan 10.txt']);
    expect(await names(people.owner, w, { sort: 'RECENT' })).toEqual(['apple.png', ...sameMoment, 'plan 2.txt', 'Plan 10.txt']);
    expect(await names(people.owner, w, { sort: 'OLDEST' })).toEqual(['Plan 10.txt', 'plan 2.txt', ...sameMoment, 'apple.png']);
  });

  it('NAME_ASC is locale-aware: case and accents do not push a name to the end, and numbers go by value', async () => {
    const { w } = await sortable();
    expect(await names(people.owner, w, { sort: 'NAME_ASC' })).toEqual(['apple.png', 'Éclair.png', 'plan 2.txt', 'Plan 10.txt', 'Zeta.pdf']);
  });

  it('SIZE_DESC is largest first, equal sizes newest first, then by id', async () => {
    const { w } = await sortable();
    const page = await library(people.owner, w, { sort: 'SIZE_DESC' });
    expect(page.items.map((entry) => [entry.fileName, entry.size])).toEqual([
      ['apple.png', 300],
      ['Zeta.pdf', 300],
      ['Plan 10.txt', 300],
      ['plan 2.txt', 100],
      ['Éclair.png', 50],
    ]);
  });

  it('pages by number: every entry exactly once across pages, totalCount exact on each, a page past the end empty', async () => {
    const { w } = await sortable();
    for (const sort of ['RECENT', 'OLDEST', 'NAME_ASC', 'SIZE_DESC']) {
      const all = (await library(people.owner, w, { sort, pageSize: 100 })).items.map((entry) => entry.id);
      const walked: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const got = await library(people.owner, w, { sort, page, pageSize: 2 });
        expect(got).toMatchObject({ page, pageSize: 2, totalCount: 5 });
        walked.push(...got.items.map((entry) => entry.id));
      }
      expect(walked).toEqual(all);
      expect(await library(people.owner, w, { sort, page: 4, pageSize: 2 })).toEqual({ items: [], page: 4, pageSize: 2, totalCount: 5 });
    }
  });

  it('bounds: page from 1, pageSize 1 to 100, each refused with BAD_USER_INPUT naming its field; input: null takes the defaults', async () => {
    const w = await newWorkspace(mock.url, people);
    for (const [input, field] of [
      [{ page: 0 }, 'input.page'],
      [{ page: -3 }, 'input.page'],
      [{ pageSize: 0 }, 'input.pageSize'],
      [{ pageSize: 101 }, 'input.pageSize'],
    ] as const) {
      const response = await gql(mock.url, LIBRARY, { w, i: input }, people.owner.token);
      expect(response.errors![0]!.extensions, JSON.stringify(input)).toEqual({ code: 'BAD_USER_INPUT', field });
    }
    expect((await library(people.owner, w, { pageSize: 100 })).pageSize).toBe(100);
    const nullInput = ok(await gql<{ fileLibrary: Page }>(mock.url, LIBRARY, { w, i: null }, people.owner.token)).fileLibrary;
    expect(nullInput).toEqual({ items: [], page: 1, pageSize: 20, totalCount: 0 });
    const omitted = ok(await gql<{ fileLibrary: Page }>(mock.url, 'query($w: ID!) { fileLibrary(workspaceId: $w) { page pageSize totalCount } }', { w }, people.owner.token)).fileLibrary;
    expect(omitted).toEqual({ page: 1, pageSize: 20, totalCount: 0 });
  });
});

describe('who may call fileLibrary', () => {
  it('members only: an outsider is FORBIDDEN, anonymous UNAUTHENTICATED, a malformed workspace id BAD_USER_INPUT, an unknown one NOT_FOUND; nothing changes', async () => {
    const w = await newWorkspace(mock.url, people);
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'x.pdf', contentType: 'application/pdf' });
    const before = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, LIBRARY, { w, i: {} }, people.outsider.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, LIBRARY, { w, i: {} }), 'UNAUTHENTICATED');
    const malformed = await gql(mock.url, LIBRARY, { w: 'ws-1', i: {} }, people.owner.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'workspaceId' });
    expectCode(await gql(mock.url, LIBRARY, { w: randomUUID(), i: {} }, people.owner.token), 'NOT_FOUND');
    // The form of the input is checked before membership, as in `messages`.
    const outsiderBadPage = await gql(mock.url, LIBRARY, { w, i: { page: 0 } }, people.outsider.token);
    expect(outsiderBadPage.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.page' });
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});
