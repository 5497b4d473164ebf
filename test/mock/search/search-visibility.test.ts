import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';
import { seedStoredFile } from '../../support/files.js';
import { buildWorld, joinWorkspace, registerActor, send, type Actor, type World } from '../../support/world.js';
import { directConversation, namedChannel, search, sendWithFile, uniqueWord } from './search-support.js';

/** workspaceSearch finds only what the caller may see. */

let mock: RunningMockServer;
let world: World;
let general: string;
let guest: Actor;
let carol: Actor;
/** A channel the guest was added to, with b. */
let guestChannel: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  general = [...mock.state.tables.conversations.values()].find((c) => c.workspaceId === world.workspaceId && c.isDefault)!.id;
  [guest, carol] = await Promise.all([registerActor(mock.url, uniqueWord('guest')), registerActor(mock.url, uniqueWord('carol'))]);
  await joinWorkspace(mock.url, world.a, world.workspaceId, guest, 'GUEST');
  await joinWorkspace(mock.url, world.a, world.workspaceId, carol);
  guestChannel = await namedChannel(mock, world.a, world.workspaceId, uniqueWord('guests'), 'PRIVATE', { memberIds: [guest.id, world.b.id] });
});
afterAll(() => mock.close());

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

describe('messages', () => {
  it("never a message of a private channel the caller is not in (nor the channel itself)", async () => {
    const word = uniqueWord();
    const channel = await namedChannel(mock, world.a, world.workspaceId, `${word}-secret`, 'PRIVATE');
    const sent = await send(mock.url, world.a, channel, `secret ${word}`);
    expect(ids((await search(mock, world.a, world.workspaceId, { query: word })).messages)).toEqual([sent.id]);
    const seenByB = await search(mock, world.b, world.workspaceId, { query: word });
    expect([seenByB.messages, seenByB.channels]).toEqual([[], []]);
  });

  it("never a message of a public channel the caller has not joined, though the channel itself is found", async () => {
    const word = uniqueWord();
    const channel = await namedChannel(mock, world.a, world.workspaceId, word, 'PUBLIC');
    await send(mock.url, world.a, channel, `public ${word}`);
    const seenByB = await search(mock, world.b, world.workspaceId, { query: word });
    expect(seenByB.messages).toEqual([]);
    expect(seenByB.channels.map((c) => [c.id, c.isMember])).toEqual([[channel, false]]);
  });

  it('never a direct message between others', async () => {
    const word = uniqueWord();
    const dm = await directConversation(mock, world.a, world.workspaceId, world.b.id);
    await send(mock.url, world.b, dm, `between us ${word}`);
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages).toHaveLength(1);
    expect((await search(mock, carol, world.workspaceId, { query: word })).messages).toEqual([]);
  });

  it('never a deleted message, whether deleted before or after the index was built', async () => {
    const word = uniqueWord();
    const early = await send(mock.url, world.a, general, `early ${word}`);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: early.id }, world.a.token));
    const kept = await send(mock.url, world.a, general, `kept ${word}`);
    expect(ids((await search(mock, world.a, world.workspaceId, { query: word })).messages)).toEqual([kept.id]);
  });
});

describe('files', () => {
  it('never a trashed stored file, nor a CHANNEL file of a conversation the caller is not in', async () => {
    const word = uniqueWord();
    const channel = await namedChannel(mock, world.a, world.workspaceId, uniqueWord('files'), 'PRIVATE');
    const file = { workspaceId: world.workspaceId, uploader: world.a, contentType: 'application/pdf' };
    const live = await seedStoredFile(mock.url, { ...file, fileName: `${word}-live.pdf` });
    await seedStoredFile(mock.url, { ...file, fileName: `${word}-trashed.pdf`, trashed: true });
    const closed = await seedStoredFile(mock.url, { ...file, fileName: `${word}-closed.pdf`, visibility: 'CHANNEL', conversationId: channel });
    expect(ids((await search(mock, world.a, world.workspaceId, { query: word })).files).sort()).toEqual([live, closed].sort());
    expect(ids((await search(mock, world.b, world.workspaceId, { query: word })).files)).toEqual([live]);
  });

  it("never the attachment of a deleted message, nor of a conversation the caller is not in", async () => {
    const word = uniqueWord();
    const channel = await namedChannel(mock, world.a, world.workspaceId, uniqueWord('att'), 'PRIVATE');
    await sendWithFile(mock, world.a, channel, `${word}-private.txt`);
    const deleted = await sendWithFile(mock, world.a, general, `${word}-deleted.txt`);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: deleted }, world.a.token));
    await sendWithFile(mock, world.a, general, `${word}-shown.txt`);
    expect((await search(mock, world.b, world.workspaceId, { query: word })).files.map((f) => f.fileName)).toEqual([`${word}-shown.txt`]);
    // Visibility, not order (the order has its own tests on a manual clock): both may share a millisecond.
    expect((await search(mock, world.a, world.workspaceId, { query: word })).files.map((f) => f.fileName).sort()).toEqual([`${word}-private.txt`, `${word}-shown.txt`]);
  });
});

describe('a guest', () => {
  it('finds only their own conversations: channels they are in, their messages, files they may see', async () => {
    const word = uniqueWord();
    const publicChannel = await namedChannel(mock, world.a, world.workspaceId, `${word}-public`, 'PUBLIC');
    await send(mock.url, world.a, general, `general ${word}`);
    const inTheirs = await send(mock.url, world.b, guestChannel, `for guests ${word}`);
    await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: `${word}-everyone.pdf`, contentType: 'application/pdf' });
    const theirs = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: `${word}-guests.pdf`, contentType: 'application/pdf', visibility: 'CHANNEL', conversationId: guestChannel });
    const results = await search(mock, guest, world.workspaceId, { query: word });
    expect(ids(results.messages)).toEqual([inTheirs.id]);
    expect(results.channels).toEqual([]);
    expect(ids(results.files)).toEqual([theirs]);
    expect(ids((await search(mock, world.b, world.workspaceId, { query: word })).channels)).toEqual([publicChannel]);
    const { channels } = await search(mock, guest, world.workspaceId, { query: 'guests' });
    expect(ids(channels)).toEqual([guestChannel]);
  });

  it('finds only the people they share a conversation with, and themselves', async () => {
    const b = await search(mock, guest, world.workspaceId, { query: 'b', kinds: ['PEOPLE'] });
    expect(b.people.map((p) => p.userId)).toContain(world.b.id);
    const stranger = (await search(mock, guest, world.workspaceId, { query: carol.email.split('@')[0]!, kinds: ['PEOPLE'] })).people;
    expect(stranger).toEqual([]);
    expect((await search(mock, world.b, world.workspaceId, { query: carol.email.split('@')[0]!, kinds: ['PEOPLE'] })).people).toHaveLength(1);
    const self = (await search(mock, guest, world.workspaceId, { query: guest.email.split('@')[0]!, kinds: ['PEOPLE'] })).people;
    expect(self.map((p) => [p.userId, p.role])).toEqual([[guest.id, 'GUEST']]);
  });
});
