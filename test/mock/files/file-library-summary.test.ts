import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { seedStoredFile, sendAttachment } from '../../support/files.js';
import { createChannel, type Actor } from '../../support/world.js';
import { libraryOf, newWorkspace, registerPeople, SUMMARY, type People } from './library-world.js';

/** fileLibrarySummary through HTTP: counts of what the caller sees, bytes the workspace stores. */

const QUOTA = 1_000_000;
let mock: RunningMockServer;
let people: People;

interface Stat {
  readonly count: number;
  readonly bytes: number;
}
interface Summary {
  readonly documents: Stat;
  readonly images: Stat;
  readonly media: Stat;
  readonly totalCount: number;
  readonly trashedCount: number;
  readonly usedBytes: number;
  readonly quotaBytes: number;
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, fileQuotaBytes: QUOTA });
  people = await registerPeople(mock.url);
});
afterAll(() => mock.close());

async function summary(actor: Actor, workspaceId: string): Promise<Summary> {
  return ok(await gql<{ fileLibrarySummary: Summary }>(mock.url, SUMMARY, { w: workspaceId }, actor.token)).fileLibrarySummary;
}

const bytes = (n: number) => new Uint8Array(n);

describe('fileLibrarySummary', () => {
  it('counts and sizes per category of what the caller sees; totalCount has every format; usedBytes and quotaBytes are the workspace\'s', async () => {
    const w = await newWorkspace(mock.url, people);
    const room = await createChannel(mock.url, people.owner, w, 'PRIVATE', [people.member.id]);
    // Attachments: `size` is what the client reported; the bytes PUT are what the quota counts.
    await sendAttachment(mock.url, people.owner, room, { fileName: 'spec.pdf', contentType: 'application/pdf', body: 'x'.repeat(10), size: 1000 });
    await sendAttachment(mock.url, people.owner, room, { fileName: 'shot.png', contentType: 'image/png', body: 'x'.repeat(20), size: 2000 });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'notes.txt', contentType: 'text/plain', body: bytes(30) });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'talk.mp4', contentType: 'video/mp4', body: bytes(40) });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'logo.sketch', contentType: 'application/x-sketch', body: bytes(50) });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'misc.zip', contentType: 'application/zip', body: bytes(60) });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.owner, fileName: 'old.pdf', contentType: 'application/pdf', body: bytes(70), trashed: true });
    const used = 10 + 20 + 30 + 40 + 50 + 60 + 70;

    const member = await summary(people.member, w);
    expect(member).toEqual({
      documents: { count: 2, bytes: 1030 },
      images: { count: 1, bytes: 2000 },
      media: { count: 1, bytes: 40 },
      totalCount: 6,
      trashedCount: 0,
      usedBytes: used,
      quotaBytes: QUOTA,
    });
    // The owner manages the trashed file; the other member is not in the private room.
    expect(await summary(people.owner, w)).toMatchObject({ totalCount: 6, trashedCount: 1, usedBytes: used });
    expect(await summary(people.other, w)).toEqual({
      documents: { count: 1, bytes: 30 },
      images: { count: 0, bytes: 0 },
      media: { count: 1, bytes: 40 },
      totalCount: 4,
      trashedCount: 0,
      usedBytes: used,
      quotaBytes: QUOTA,
    });
    // A guest sees none of it, but the workspace's storage is the same for everyone.
    expect(await summary(people.guest, w)).toMatchObject({ totalCount: 0, trashedCount: 0, documents: { count: 0, bytes: 0 }, usedBytes: used });
  });

  it('agrees with fileLibrary: totalCount is the ALL listing, trashedCount the trashed one, the categories its format filters', async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC', [people.member.id]);
    await sendAttachment(mock.url, people.member, channel, { fileName: 'a.pdf', contentType: 'application/pdf' });
    await sendAttachment(mock.url, people.owner, channel, { fileName: 'b.jpg', contentType: 'image/jpeg' });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.member, fileName: 'c.wav', contentType: 'audio/wav', trashed: true });
    await seedStoredFile(mock.url, { workspaceId: w, uploader: people.member, fileName: 'd.bin', contentType: 'application/octet-stream' });
    const library = libraryOf(mock);
    for (const caller of [people.owner, people.member, people.other]) {
      const got = await summary(caller, w);
      expect(got.totalCount).toBe((await library(caller, w)).totalCount);
      expect(got.trashedCount).toBe((await library(caller, w, { trashed: true })).totalCount);
      for (const [key, format] of [['documents', 'DOCUMENT'], ['images', 'IMAGE'], ['media', 'MEDIA']] as const) {
        const page = await library(caller, w, { format, pageSize: 100 });
        expect(got[key]).toEqual({ count: page.totalCount, bytes: page.items.reduce((sum, entry) => sum + entry.size, 0) });
      }
    }
  });

  it("a deleted message's attachment leaves the counts and usedBytes", async () => {
    const w = await newWorkspace(mock.url, people);
    const channel = await createChannel(mock.url, people.owner, w, 'PUBLIC');
    const sent = await sendAttachment(mock.url, people.owner, channel, { fileName: 'draft.pdf', contentType: 'application/pdf', body: 'x'.repeat(123) });
    expect(await summary(people.owner, w)).toMatchObject({ totalCount: 1, documents: { count: 1, bytes: 123 }, usedBytes: 123 });
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.messageId }, people.owner.token));
    expect(await summary(people.owner, w)).toMatchObject({ totalCount: 0, documents: { count: 0, bytes: 0 }, usedBytes: 0 });
  });

  it('members only: an outsider is FORBIDDEN, anonymous UNAUTHENTICATED, a malformed id BAD_USER_INPUT, an unknown one NOT_FOUND; nothing changes', async () => {
    const w = await newWorkspace(mock.url, people);
    const before = digestTables(mock.state.tables);
    expectCode(await gql(mock.url, SUMMARY, { w }, people.outsider.token), 'FORBIDDEN');
    expectCode(await gql(mock.url, SUMMARY, { w }), 'UNAUTHENTICATED');
    const malformed = await gql(mock.url, SUMMARY, { w: 'nope' }, people.owner.token);
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'workspaceId' });
    expectCode(await gql(mock.url, SUMMARY, { w: randomUUID() }, people.owner.token), 'NOT_FOUND');
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});
