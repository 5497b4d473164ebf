import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { searchWords } from '../../src/mock-server/state/search/words.js';
import { startCli } from '../support/cli-process.js';
import { gql, ok, type GraphQLResponse } from '../support/client.js';
import { buildWorld, createChannel, send, type Actor, type World } from '../support/world.js';
import { randomWords } from '../support/random-words.js';

/**
 * Attack class: memory and CPU exhaustion through message text. A message's text is bounded on
 * sendMessage and on editMessage (`--max-message-length`, 40,000 characters by default), and the
 * search index holds at most what one copy of the live texts gives: editing one message a dozen
 * times with 40,000 characters of random words must leave it no bigger than the last text alone
 * (the index it replaced never let go of a prefix an edit took out, some 10 MB per edit).
 */

const DEFAULT_MAX = 40_000;
const EDIT = 'mutation($id: ID!, $content: String!) { editMessage(id: $id, content: $content) { id content } }';
const SEARCH = 'query($w: ID!, $q: String!) { workspaceSearch(workspaceId: $w, input: { query: $q, kinds: [MESSAGES] }) { messages { id } } }';

let mock: RunningMockServer;
let world: World;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

interface Refusal {
  readonly code: unknown;
  readonly field: unknown;
  readonly message: string;
}

function refusalOf(response: GraphQLResponse<unknown>): Refusal {
  const error = response.errors?.[0] as { message: string; extensions?: { code?: unknown; field?: unknown } } | undefined;
  expect(error, 'a refusal').toBeDefined();
  return { code: error!.extensions?.code, field: error!.extensions?.field, message: error!.message };
}

function sendRaw(url: string, actor: Actor, conversationId: string, content: string) {
  return gql(url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', { i: { conversationId, clientMessageId: randomUUID(), content } }, actor.token);
}

/** The distinct prefixes of the words of `text`: what one copy of it files in the index. */
function prefixesOf(text: string): number {
  const prefixes = new Set<string>();
  for (const word of searchWords(text)) for (let length = 1; length <= word.length; length++) prefixes.add(word.slice(0, length));
  return prefixes.size;
}

describe('message length: refused past the limit, on send and on edit', () => {
  it(`sendMessage: ${DEFAULT_MAX} characters pass (counted in code points), one more is BAD_USER_INPUT naming input.content and the flag`, async () => {
    const { a, privateChannelId } = world;
    await send(mock.url, a, privateChannelId, 'x'.repeat(DEFAULT_MAX));
    // An emoji is two UTF-16 units and one character.
    await send(mock.url, a, privateChannelId, '😀'.repeat(DEFAULT_MAX));
    const refusal = refusalOf(await sendRaw(mock.url, a, privateChannelId, 'x'.repeat(DEFAULT_MAX + 1)));
    expect(refusal).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.content' });
    expect(refusal.message).toContain(`at most ${DEFAULT_MAX} characters`);
    expect(refusal.message).toContain('--max-message-length');
    expect(refusalOf(await sendRaw(mock.url, a, privateChannelId, '😀'.repeat(DEFAULT_MAX + 1)))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.content' });
  });

  it('editMessage: past the limit is BAD_USER_INPUT naming content, and the message keeps its text', async () => {
    const { a, privateChannelId } = world;
    const { id } = await send(mock.url, a, privateChannelId, 'short and sweet');
    const refusal = refusalOf(await gql(mock.url, EDIT, { id, content: 'y'.repeat(DEFAULT_MAX + 1) }, a.token));
    expect(refusal).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content' });
    expect(refusal.message).toContain('--max-message-length');
    expect(mock.state.messages.find(id)!.content).toBe('short and sweet');
    ok(await gql(mock.url, EDIT, { id, content: 'y'.repeat(DEFAULT_MAX) }, a.token));
  });

  it('the option lowers the limit: maxMessageLength 100 refuses 101 characters on send and edit', async () => {
    const small = await startMockServer({ port: 0, empty: true, maxMessageLength: 100 });
    try {
      const { a, privateChannelId } = await buildWorld(small.url);
      const { id } = await send(small.url, a, privateChannelId, 'z'.repeat(100));
      expect(refusalOf(await sendRaw(small.url, a, privateChannelId, 'z'.repeat(101)))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.content' });
      expect(refusalOf(await gql(small.url, EDIT, { id, content: 'z'.repeat(101) }, a.token))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content' });
    } finally {
      await small.close();
    }
  });

  it('the flag raises the limit: parley mock serve --max-message-length 50000 takes 50,000 characters and refuses 50,001', async () => {
    const cli = await startCli(['mock', 'serve', '--port', '0', '--empty', '--max-message-length', '50000'], (out) => /listening on (\S+)/.test(out));
    const url = /listening on (\S+)/.exec(cli.stdout)?.[1];
    expect(url, cli.stderr).toBeDefined();
    const { a, privateChannelId } = await buildWorld(url!);
    await send(url!, a, privateChannelId, 'w'.repeat(50_000));
    const refusal = refusalOf(await sendRaw(url!, a, privateChannelId, 'w'.repeat(50_001)));
    expect(refusal).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.content' });
    expect(refusal.message).toContain('at most 50000 characters');
  });
});

describe('the search index holds one copy of the live text, however often it is edited', () => {
  it(`a dozen edits of ${DEFAULT_MAX} characters of random words leave the index exactly as big as the last text's prefixes`, async () => {
    const { a, workspaceId } = world;
    const channelId = await createChannel(mock.url, a, workspaceId, 'PRIVATE');
    // The first search builds the indexes of a's conversations (the new channel's, empty, too).
    ok(await gql(mock.url, SEARCH, { w: workspaceId, q: 'anything' }, a.token));
    const before = mock.state.search.indexSize();

    const first = randomWords(DEFAULT_MAX, 1);
    const { id } = await send(mock.url, a, channelId, first);
    const oneCopy = prefixesOf(first);
    // Random words: nearly every character of the text is a prefix of its own.
    expect(oneCopy).toBeGreaterThan(DEFAULT_MAX / 2);
    expect(mock.state.search.indexSize()).toEqual({ prefixes: before.prefixes + oneCopy, postings: before.postings + oneCopy });

    for (let edit = 2; edit <= 13; edit++) {
      const text = randomWords(DEFAULT_MAX, edit);
      ok(await gql(mock.url, EDIT, { id, content: text }, a.token));
      const now = mock.state.search.indexSize();
      expect(now, `after edit ${edit - 1}`).toEqual({ prefixes: before.prefixes + prefixesOf(text), postings: before.postings + prefixesOf(text) });
      expect(now.postings - before.postings).toBeLessThan(oneCopy * 1.1);
    }

    // The last text is what is found, and deleting the message leaves the index as it was.
    const last = randomWords(DEFAULT_MAX, 13).split(' ')[7]!;
    const found = ok(await gql<{ workspaceSearch: { messages: { id: string }[] } }>(mock.url, SEARCH, { w: workspaceId, q: last }, a.token));
    expect(found.workspaceSearch.messages.map((message) => message.id)).toContain(id);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id }, a.token));
    expect(mock.state.search.indexSize()).toEqual(before);
  });
});
