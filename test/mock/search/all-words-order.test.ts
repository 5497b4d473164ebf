import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodePasswordHasher } from '../../../src/mock-server/platform/node-passwords.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import type { ConversationRecord } from '../../../src/mock-server/state/conversations/records.js';
import type { MessageRecord } from '../../../src/mock-server/state/messages/records.js';
import { MockState } from '../../../src/mock-server/state/mock-state.js';
import { MessageIndex } from '../../../src/mock-server/state/search/message-index.js';
import { levelOf } from '../../../src/mock-server/state/search/relevance.js';
import { queryWords, searchWords } from '../../../src/mock-server/state/search/words.js';

/**
 * Several query words: the threshold reading (`all-words.ts`) and the plain lookups it falls back
 * to must both answer exactly what the rule of docs/mock-behaviour.md says, computed here the
 * straightforward way from every message's text: same messages, same order, same cut.
 */

// Words that share prefixes ("re", "rev", "de"), repeat, and carry accents, so levels vary.
const VOCABULARY = ['review', 'reviewed', 'release', 'design', 'deploy', 'déjà', 'café', 'cafe', 'the', 'then', 'a', 'an', 'budget', 'bug', 'zoë', 'rev'];
const QUERIES_PER_ROUND = 60;

function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff;
}

/** The rule, word by word: the level of the first word each term begins, with its repeats; summed. */
function referenceLevel(content: string, terms: readonly string[]): number | undefined {
  const words = searchWords(content);
  let sum = 0;
  for (const term of terms) {
    const word = words.find((each) => each.startsWith(term));
    if (word === undefined) return undefined;
    sum += levelOf(words.filter((each) => each === word).length, words.length);
  }
  return sum;
}

function reference(state: MockState, conversation: ConversationRecord, terms: readonly string[], limit: number): string[] {
  const found: { message: MessageRecord; level: number }[] = [];
  for (const message of state.messagePages.inOrder(conversation.id)) {
    if (message.content === null) continue;
    const level = referenceLevel(message.content, terms);
    if (level !== undefined) found.push({ message, level });
  }
  found.sort((a, b) => a.level - b.level || b.message.sequence - a.message.sequence);
  return found.slice(0, limit).map(({ message, level }) => `${message.id}:${level}`);
}

describe('workspaceSearch, several words: the fast path answers what the rule says', () => {
  it('matches a straightforward reference on random messages, edits and deletes, both ways', async () => {
    const clock = new ManualClock(Date.UTC(2025, 0, 1));
    const state = new MockState({ clock });
    const user = state.users.insert({ username: 'ref', displayName: 'Ref', email: 'ref@parley.test' }, await nodePasswordHasher.hash('ref-password'));
    const workspace = state.workspaces.create({ name: 'Ref', slug: 'ref' }, user.id);
    const general = [...state.tables.conversations.values()].find((c) => c.workspaceId === workspace.id && c.isDefault)!;
    const index = new MessageIndex(state.messagePages);
    state.messages.watch(index);

    const next = random(2025);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const sentence = () => Array.from({ length: 1 + Math.floor(next() * 14) }, () => pick(VOCABULARY)).join(next() < 0.3 ? ', ' : ' ');
    const ids: string[] = [];
    const send = (count: number) => {
      for (let i = 0; i < count; i++) {
        clock.advance(Math.floor(next() * 3));
        ids.push(state.messages.send({ conversationId: general.id, clientMessageId: randomUUID(), content: sentence() }, user.id).id);
      }
    };
    const query = () => {
      const words = Array.from({ length: 2 + Math.floor(next() * 2) }, () => {
        const word = pick(VOCABULARY);
        return word.slice(0, 1 + Math.floor(next() * word.length));
      });
      return queryWords(words.join(' '));
    };

    send(300);
    let compared = 0;
    for (let round = 0; round < 4; round++) {
      for (let q = 0; q < QUERIES_PER_ROUND; q++) {
        const terms = query();
        if (terms.length < 2) continue;
        const limit = pick([1, 3, 5, 20, 50]);
        const expected = reference(state, general, terms, limit);
        for (const readBudget of [undefined, Infinity, 0]) {
          const got = index.search(general, terms, limit, readBudget).map(({ message, level }) => `${message.id}:${level}`);
          expect(got, `"${terms.join(' ')}" limit ${limit} budget ${readBudget}`).toEqual(expected);
        }
        compared++;
      }
      // The index exists now: edits re-file messages (back in sequence order), deletes drop them, sends follow.
      for (let i = 0; i < 40; i++) {
        const message = state.tables.messages.get(pick(ids))!;
        if (message.deletedAt !== null) continue;
        if (next() < 0.3) state.messages.delete(message.id, user.id);
        else state.messages.edit(message.id, sentence(), user.id);
      }
      send(50);
    }
    expect(compared).toBeGreaterThan(150);
  });
});
