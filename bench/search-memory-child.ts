/**
 * Run by `search-memory.ts` in a process of its own (node --expose-gc --import tsx): sends
 * `count` messages of one kind into #general of an empty state, then measures the heap the
 * search index takes (built by a first search) per character of the text it indexes, against the
 * anchor: the heap the same texts take as plain strings (fresh copies, one array), per character.
 * With `random`, one message is then edited a dozen times with new random words: the heap after
 * the edits against before them, and the median time of an edit (each from a collected heap).
 * Prints one JSON line, a
 * {@link SearchMemoryReport}.
 */
import { randomUUID } from 'node:crypto';
import { nodePasswordHasher } from '../src/mock-server/platform/node-passwords.js';
import { MockState } from '../src/mock-server/state/mock-state.js';
import { chatTexts } from './chat-texts.js';
import { collectGarbage, median } from './stats.js';
import { randomWords } from '../test/support/random-words.js';

export interface SearchMemoryReport {
  readonly kind: 'chat' | 'random';
  readonly messages: number;
  /** Characters of the indexed texts, summed. */
  readonly characters: number;
  readonly prefixes: number;
  readonly postings: number;
  /** Heap the index takes, per character of text. */
  readonly indexBytesPerChar: number;
  /** Heap the texts themselves take as strings, per character (the anchor). */
  readonly textBytesPerChar: number;
  readonly buildMs: number;
  /** `random` only: heap growth after a dozen edits of one message, and an edit's median time. */
  readonly editGrowthBytes: number | null;
  readonly editMedianMs: number | null;
}


function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const kind = process.argv[2] === 'random' ? 'random' : 'chat';
const count = Number(process.argv[3] ?? (kind === 'chat' ? 100_000 : 100));
const LONG = 40_000;
// As the HTTP door delivers them: every text a flat string of its own, parsed from JSON.
const texts = JSON.parse(JSON.stringify(kind === 'chat' ? chatTexts(count) : Array.from({ length: count }, (_, i) => randomWords(LONG, i + 1)))) as string[];

const state = new MockState({ passwords: nodePasswordHasher });
const user = state.users.insert({ username: 'bench', displayName: 'Bench User', email: 'bench@parley.test' }, await nodePasswordHasher.hash('bench-password'));
const workspace = state.workspaces.create({ name: 'Bench', slug: 'bench' }, user.id);
const general = [...state.tables.conversations.values()].find((c) => c.workspaceId === workspace.id && c.isDefault)!;
const ids = texts.map((content) => state.messages.send({ conversationId: general.id, clientMessageId: randomUUID(), content }, user.id).id);
const characters = texts.reduce((sum, text) => sum + text.length, 0);
const search = () => state.search.search(workspace.id, { query: 'review', limit: 5, kinds: ['MESSAGES'] }, user.id);

const beforeIndex = heapUsed();
const buildStart = performance.now();
await search();
const buildMs = performance.now() - buildStart;
const indexBytes = heapUsed() - beforeIndex;
const { prefixes, postings } = state.search.indexSize();

let editGrowthBytes: number | null = null;
let editMedianMs: number | null = null;
if (kind === 'random') {
  const edits = Array.from({ length: 12 }, (_, i) => randomWords(LONG, count + i + 1));
  const beforeEdits = heapUsed();
  const times = edits.map((content) => {
    // Each edit timed from a collected heap: its own work, not the collection the build left due.
    collectGarbage();
    const start = performance.now();
    state.messages.edit(ids[0]!, content, user.id);
    return performance.now() - start;
  });
  // The first text back: the index holds what it held before the edits.
  state.messages.edit(ids[0]!, texts[0]!, user.id);
  editGrowthBytes = heapUsed() - beforeEdits;
  editMedianMs = median(times);
}

const beforeCopies = heapUsed();
const copies = JSON.parse(JSON.stringify(texts)) as string[];
const textBytes = heapUsed() - beforeCopies;
if (copies.length !== texts.length) throw new Error('not every text was kept');

const report: SearchMemoryReport = {
  kind,
  messages: count,
  characters,
  prefixes,
  postings,
  indexBytesPerChar: indexBytes / characters,
  textBytesPerChar: textBytes / characters,
  buildMs,
  editGrowthBytes,
  editMedianMs,
};
console.log(JSON.stringify(report));
