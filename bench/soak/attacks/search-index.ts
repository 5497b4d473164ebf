import { randomWords } from '../../../test/support/random-words.js';
import { MB, type Attack } from '../attack.js';

/**
 * The search index: a demo user sends one message, then edits it a dozen times with 40,000
 * characters of random words (nearly every word prefix new), and sends 12 more such messages; a
 * search after each keeps the workspace's index built and up to date.
 */

const LENGTH = 40_000;
const EDITS = 12;
const MORE = 12;
/** docs/mock-behaviour.md, "Workspace search": at most 64 B of index per character of the live texts. */
const INDEX_BYTES_PER_CHAR = 64;
const LIVE_CHARS = (1 + MORE) * LENGTH;

export const searchIndex: Attack = {
  name: 'search index: 12 edits + 12 messages of 40,000 random-word chars',
  args: () => [],
  why: `keeps the live texts' index, ${INDEX_BYTES_PER_CHAR} B a char (${1 + MORE} x 40,000 chars: ${Math.round((LIVE_CHARS * INDEX_BYTES_PER_CHAR) / MB)} MB); in flight: one text`,
  keeps: () => LIVE_CHARS * INDEX_BYTES_PER_CHAR,
  inFlight: LENGTH * 4,
  async prepare({ client }) {
    const token = await client.login('alice@acme.test', 'parley-demo');
    const { workspaces } = await client.ok<{ workspaces: { id: string }[] }>('{ workspaces { id } }', {}, token);
    const workspaceId = workspaces[0]!.id;
    const { conversations } = await client.ok<{ conversations: { nodes: { id: string }[] } }>(
      'query($w: ID!) { conversations(workspaceId: $w, first: 1) { nodes { id } } }',
      { w: workspaceId },
      token,
    );
    const conversationId = conversations.nodes[0]!.id;
    const texts = Array.from({ length: 1 + EDITS + MORE }, (_, seed) => randomWords(LENGTH, seed + 1));
    const search = async (text: string) => {
      const word = text.slice(0, text.indexOf(' '));
      await client.ok('query($w: ID!, $q: String!) { workspaceSearch(workspaceId: $w, input: { query: $q, limit: 5 }) { messages { __typename } } }', { w: workspaceId, q: word }, token);
    };
    // The workspace's index exists before the attack.
    await search('hello world');
    return async () => {
      const id = await client.send(token, conversationId, texts[0]!);
      await search(texts[0]!);
      for (let edit = 1; edit <= EDITS; edit++) {
        await client.ok('mutation($id: ID!, $c: String!) { editMessage(id: $id, content: $c) { id } }', { id, c: texts[edit]! }, token);
        await search(texts[edit]!);
      }
      for (let n = 1 + EDITS; n < texts.length; n++) {
        await client.send(token, conversationId, texts[n]!);
        await search(texts[n]!);
      }
      return { summary: `${EDITS} edits, ${1 + MORE} messages, ${1 + EDITS + MORE} searches` };
    };
  },
};
