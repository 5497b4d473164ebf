import { describe, expect, it } from 'vitest';
import { PrefixPostings } from '../../../src/mock-server/state/search/prefix-postings.js';
import { LEVELS, termLevel } from '../../../src/mock-server/state/search/relevance.js';
import { searchWords } from '../../../src/mock-server/state/search/words.js';

/**
 * The prefix index against the rule computed from the texts: after every add, edit and delete,
 * each prefix lists exactly the live messages one of whose words it begins, at `termLevel`'s
 * level, in position order; and it holds nothing else (entries = distinct prefixes of the live
 * texts). Few words over many messages move prefixes through every form a filing takes (one
 * message, a few, many) and back.
 */

const WORDS = ['ab', 'abc', 'abd', 'b', 'ba', 'bab', 'review', 'reviewed', 'x', 'café', 'thisisaverylongwordoverthirteen'];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function prefixesOf(text: string): Set<string> {
  const prefixes = new Set<string>();
  for (const word of searchWords(text)) for (let length = 1; length <= word.length; length++) prefixes.add(word.slice(0, length));
  return prefixes;
}

describe('PrefixPostings', () => {
  it('lists what the texts say, in position order, through sends, edits and deletes', () => {
    const next = random(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const text = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(WORDS)).join(' ');
    const index = new PrefixPostings();
    const live = new Map<number, string>();
    let positions = 0;

    const check = () => {
      const all = new Set<string>();
      let entries = 0;
      for (const content of live.values()) {
        const prefixes = prefixesOf(content);
        entries += prefixes.size;
        for (const prefix of prefixes) all.add(prefix);
      }
      expect(index.size).toEqual({ prefixes: all.size, postings: entries });
      for (const prefix of all) {
        const expected: number[][] = Array.from({ length: LEVELS }, () => []);
        for (const [position, content] of [...live].sort((a, b) => a[0] - b[0])) {
          const level = termLevel(searchWords(content), prefix);
          if (level !== undefined) expected[level]!.push(position);
        }
        const got = Array.from({ length: LEVELS }, (_, level) => [...(index.levels(prefix)[level] ?? [])]);
        expect(got, prefix).toEqual(expected);
      }
    };

    for (let step = 0; step < 600; step++) {
      const roll = next();
      const positionsLive = [...live.keys()];
      if (roll < 0.5 || positionsLive.length === 0) {
        const content = text();
        index.add(positions, content);
        live.set(positions++, content);
      } else if (roll < 0.8) {
        const position = pick(positionsLive);
        const content = text();
        index.remove(position, live.get(position)!);
        index.add(position, content);
        live.set(position, content);
      } else {
        const position = pick(positionsLive);
        index.remove(position, live.get(position)!);
        live.delete(position);
      }
      if (step % 20 === 0) check();
    }
    check();
    for (const [position, content] of live) index.remove(position, content);
    expect(index.size).toEqual({ prefixes: 0, postings: 0 });
  });
});
