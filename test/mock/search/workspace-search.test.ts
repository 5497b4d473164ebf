import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { digestTables } from '../../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../../support/client.js';
import { seedStoredFile } from '../../support/files.js';
import { buildWorld, joinWorkspace, registerActor, send, type Actor, type World } from '../../support/world.js';
import { directConversation, namedChannel, search, searchRaw, sendWithFile, uniqueWord } from './search-support.js';

/** workspaceSearch: each kind, the kinds filter, limit and query bounds, matching, snippets, order. */

/** Moves only when a test says so: the order tests tick it between the things they make. */
const clock = new ManualClock(Date.parse('2026-03-02T09:00:00.000Z'));
const tick = () => clock.advance(1000);
let mock: RunningMockServer;
let world: World;
let general: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  world = await buildWorld(mock.url);
  general = [...mock.state.tables.conversations.values()].find((c) => c.workspaceId === world.workspaceId && c.isDefault)!.id;
});
afterAll(() => mock.close());

const EDIT = 'mutation($id: ID!, $c: String!) { editMessage(id: $id, content: $c) { id } }';

describe('each kind', () => {
  it('finds a channel by title or description, with its visibility, member count and isMember', async () => {
    const word = uniqueWord();
    const titled = await namedChannel(mock, world.a, world.workspaceId, `${word}-launch`, 'PUBLIC', { memberIds: [world.b.id] });
    const described = await namedChannel(mock, world.a, world.workspaceId, uniqueWord('other'), 'PUBLIC', { description: `All about ${word}` });
    const { channels } = await search(mock, world.b, world.workspaceId, { query: word });
    expect(channels.map((c) => c.id)).toEqual([titled, described]);
    expect(channels[0]).toMatchObject({ title: `${word}-launch`, visibility: 'PUBLIC', memberCount: 2, isMember: true });
    expect(channels[1]).toMatchObject({ description: `All about ${word}`, memberCount: 1, isMember: false });
  });

  it('finds people by display name, username or email, with role and presence', async () => {
    const name = uniqueWord('pp');
    const person = await registerActor(mock.url, name);
    await joinWorkspace(mock.url, world.a, world.workspaceId, person);
    const { people } = await search(mock, world.a, world.workspaceId, { query: name.toUpperCase() });
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ userId: person.id, displayName: name, email: person.email, role: 'MEMBER', isOnline: false, jobTitle: null });
    expect((await search(mock, world.a, world.workspaceId, { query: person.email.split('@')[0]! })).people.map((p) => p.userId)).toEqual([person.id]);
  });

  it('finds an attachment and a stored file by file name, as FileEntryViews', async () => {
    const word = uniqueWord();
    const stored = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: `Q3 ${word}.pdf`, contentType: 'application/pdf' });
    tick();
    await sendWithFile(mock, world.a, general, `${word}-notes.txt`);
    const { files } = await search(mock, world.b, world.workspaceId, { query: word });
    expect(files.map((f) => [f.kind, f.fileName])).toEqual([
      ['ATTACHMENT', `${word}-notes.txt`],
      ['STORED', `Q3 ${word}.pdf`],
    ]);
    expect(files[1]!.id).toBe(stored);
  });

  it('finds a message, with its conversation label and type, sender name and time', async () => {
    const word = uniqueWord();
    const sent = await send(mock.url, world.a, general, `The ${word} report is ready`);
    const { messages } = await search(mock, world.b, world.workspaceId, { query: word });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ id: sent.id, conversationId: general, conversationLabel: 'general', conversationType: 'CHANNEL', senderName: 'a', snippet: `The ${word} report is ready` });
    expect(Date.parse(messages[0]!.createdAt)).toBeGreaterThan(0);
  });

  it("labels a direct conversation with the other participant's display name", async () => {
    const word = uniqueWord();
    const dm = await directConversation(mock, world.a, world.workspaceId, world.b.id);
    await send(mock.url, world.a, dm, `psst ${word}`);
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages[0]).toMatchObject({ conversationLabel: 'b', conversationType: 'DIRECT' });
    expect((await search(mock, world.b, world.workspaceId, { query: word })).messages[0]).toMatchObject({ conversationLabel: 'a', conversationType: 'DIRECT' });
  });
});

describe('kinds, limit and query', () => {
  it('kinds narrows the answer; omitted or null means all four; an empty list is BAD_USER_INPUT naming input.kinds', async () => {
    const word = uniqueWord();
    await namedChannel(mock, world.a, world.workspaceId, word, 'PUBLIC');
    await send(mock.url, world.a, general, `about ${word}`);
    const onlyMessages = await search(mock, world.a, world.workspaceId, { query: word, kinds: ['MESSAGES'] });
    expect(onlyMessages.messages).toHaveLength(1);
    expect(onlyMessages.channels).toEqual([]);
    const two = await search(mock, world.a, world.workspaceId, { query: word, kinds: ['CHANNELS', 'PEOPLE', 'CHANNELS'] });
    expect([two.channels.length, two.messages.length]).toEqual([1, 0]);
    for (const kinds of [undefined, null]) {
      const all = await search(mock, world.a, world.workspaceId, { query: word, kinds });
      expect([all.channels.length, all.messages.length]).toEqual([1, 1]);
    }
    const empty = await searchRaw(mock, world.a, world.workspaceId, { query: word, kinds: [] });
    expect(empty.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.kinds' });
  });

  it('limit cuts each kind (default 5), between 1 and 50, else BAD_USER_INPUT naming input.limit', async () => {
    const word = uniqueWord();
    const sent = [];
    for (let i = 0; i < 7; i++) sent.push(await send(mock.url, world.a, general, `${word} number ${i}`));
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages).toHaveLength(5);
    const two = await search(mock, world.a, world.workspaceId, { query: word, limit: 2 });
    expect(two.messages.map((m) => m.id)).toEqual([sent[6]!.id, sent[5]!.id]);
    expect((await search(mock, world.a, world.workspaceId, { query: word, limit: 50 })).messages).toHaveLength(7);
    for (const limit of [0, 51, -1]) {
      const refused = await searchRaw(mock, world.a, world.workspaceId, { query: word, limit });
      expect(refused.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.limit' });
    }
  });

  it('query is trimmed, 1 to 200 characters, else BAD_USER_INPUT naming input.query; separators alone find nothing', async () => {
    for (const query of ['', '   ', 'x'.repeat(201)]) {
      const refused = await searchRaw(mock, world.a, world.workspaceId, { query });
      expect(refused.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'input.query' });
    }
    ok(await searchRaw(mock, world.a, world.workspaceId, { query: `  ${'x'.repeat(200)}  ` }));
    await send(mock.url, world.a, general, '!!! --- ???');
    expect(await search(mock, world.a, world.workspaceId, { query: '!!! ---' })).toEqual({ channels: [], files: [], messages: [], people: [] });
  });

  it('refuses anonymous (UNAUTHENTICATED), outsiders (FORBIDDEN), malformed (BAD_USER_INPUT) and unknown (NOT_FOUND) workspaces, changing nothing', async () => {
    const before = digestTables(mock.state.tables);
    expectCode(await searchRaw(mock, null, world.workspaceId, { query: 'a' }), 'UNAUTHENTICATED');
    expectCode(await searchRaw(mock, world.c, world.workspaceId, { query: 'a' }), 'FORBIDDEN');
    const malformed = await searchRaw(mock, world.a, 'not-an-id', { query: 'a' });
    expect(malformed.errors![0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'workspaceId' });
    expectCode(await searchRaw(mock, world.a, '00000000-0000-4000-8000-000000000000', { query: 'a' }), 'NOT_FOUND');
    expect(digestTables(mock.state.tables)).toBe(before);
  });
});

describe('matching', () => {
  it('ignores case and accents both ways, and every query word matches the start of a word', async () => {
    const word = uniqueWord();
    const sent = await send(mock.url, world.a, general, `Meet at the Café Zürich for ${word}`);
    for (const query of [`cafe ${word}`, `CAFÉ ZURICH ${word}`, `caf ${word.slice(0, 6)}`, `zür ${word}`]) {
      expect((await search(mock, world.a, world.workspaceId, { query })).messages.map((m) => m.id), query).toEqual([sent.id]);
    }
    await send(mock.url, world.a, general, `Cafe without accent ${word}`);
    expect((await search(mock, world.a, world.workspaceId, { query: `café ${word}` })).messages).toHaveLength(2);
    // The middle of a word does not match, and every word must match.
    expect((await search(mock, world.a, world.workspaceId, { query: `afé ${word}` })).messages).toEqual([]);
    expect((await search(mock, world.a, world.workspaceId, { query: `zurich nowhere ${word}` })).messages).toEqual([]);
  });
});

describe('snippet', () => {
  it('shows up to 10 words each side of the first match, with … where cut', async () => {
    const word = uniqueWord();
    const before = Array.from({ length: 15 }, (_, i) => `b${i}`);
    const after = Array.from({ length: 15 }, (_, i) => `a${i}`);
    await send(mock.url, world.a, general, `${before.join(' ')}\n${word.toUpperCase()} ${after.join(' ')}`);
    const [hit] = (await search(mock, world.a, world.workspaceId, { query: word })).messages;
    expect(hit!.snippet).toBe(`… ${before.slice(5).join(' ')} ${word.toUpperCase()} ${after.slice(0, 10).join(' ')} …`);
  });

  it('comes from the current text: an edited message is found by its new words, not its old ones', async () => {
    const [old, fresh] = [uniqueWord('old'), uniqueWord('new')];
    // Once before the edit, so the index exists and must follow the edit.
    const sent = await send(mock.url, world.a, general, `draft ${old}`);
    expect((await search(mock, world.a, world.workspaceId, { query: old })).messages).toHaveLength(1);
    ok(await gql(mock.url, EDIT, { id: sent.id, c: `final ${fresh}` }, world.a.token));
    expect((await search(mock, world.a, world.workspaceId, { query: old })).messages).toEqual([]);
    const [hit] = (await search(mock, world.a, world.workspaceId, { query: fresh })).messages;
    expect(hit).toMatchObject({ id: sent.id, snippet: `final ${fresh}` });
  });
});

describe('order', () => {
  it('messages: relevance first (a shorter message, a repeated word), then newest first', async () => {
    const word = uniqueWord();
    const filler = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    tick();
    const long = await send(mock.url, world.a, general, `${filler} ${word}`);
    tick();
    const short = await send(mock.url, world.a, general, `${word} done`);
    tick();
    const repeated = await send(mock.url, world.a, general, `${word} ${word} ${word}`);
    tick();
    const shortLater = await send(mock.url, world.a, general, `${word} ok`);
    const dm = await directConversation(mock, world.a, world.workspaceId, world.b.id);
    tick();
    const shortInDm = await send(mock.url, world.a, dm, `${word} yes`);
    const ids = (await search(mock, world.a, world.workspaceId, { query: word, limit: 10 })).messages.map((m) => m.id);
    expect(ids).toEqual([repeated.id, shortInDm.id, shortLater.id, short.id, long.id]);
  });

  it('channels: title matches before description matches, newest first within each; files newest first', async () => {
    const word = uniqueWord();
    tick();
    const described = await namedChannel(mock, world.a, world.workspaceId, uniqueWord('d'), 'PUBLIC', { description: word });
    tick();
    const first = await namedChannel(mock, world.a, world.workspaceId, `${word} one`, 'PUBLIC');
    tick();
    const second = await namedChannel(mock, world.a, world.workspaceId, `${word} two`, 'PUBLIC');
    expect((await search(mock, world.a, world.workspaceId, { query: word })).channels.map((c) => c.id)).toEqual([second, first, described]);
    tick();
    const older = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: `${word}.png`, contentType: 'image/png' });
    tick();
    const newer = await seedStoredFile(mock.url, { workspaceId: world.workspaceId, uploader: world.a, fileName: `${word}.pdf`, contentType: 'application/pdf' });
    expect((await search(mock, world.a, world.workspaceId, { query: word })).files.map((f) => f.id)).toEqual([newer, older]);
  });

  it('people: name matches before email-only matches, by display name within each', async () => {
    const stem = uniqueWord('ppl');
    const zed = await registerActor(mock.url, `${stem}z`);
    const amy = await registerActor(mock.url, `${stem}a`);
    for (const person of [zed, amy]) await joinWorkspace(mock.url, world.a, world.workspaceId, person);
    const { people } = await search(mock, world.a, world.workspaceId, { query: stem });
    expect(people.map((p) => p.userId)).toEqual([amy.id, zed.id]);
  });

  it('people: job-title matches come after name and email matches', async () => {
    const title = uniqueWord('title');
    const named = await registerActor(mock.url, title);
    const titled = await registerActor(mock.url, uniqueWord('jt'));
    for (const person of [named, titled]) await joinWorkspace(mock.url, world.a, world.workspaceId, person);
    // No operation of the contract sets a job title (the demo data has them): arranged in the state.
    mock.state.workspaces.arrangeMember(world.workspaceId, titled.id, { jobTitle: `Senior ${title} Engineer` });
    const { people } = await search(mock, world.a, world.workspaceId, { query: title });
    expect(people.map((p) => p.userId)).toEqual([named.id, titled.id]);
    expect(people[1]!.jobTitle).toBe(`Senior ${title} Engineer`);
  });
});

describe('the index follows the messages', () => {
  it('finds messages sent after the first search, and forgets deleted ones', async () => {
    const word = uniqueWord();
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages).toEqual([]);
    const sent = await send(mock.url, world.a, general, `later ${word}`);
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages.map((m) => m.id)).toEqual([sent.id]);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.id }, world.a.token));
    expect((await search(mock, world.a, world.workspaceId, { query: word })).messages).toEqual([]);
  });
});
