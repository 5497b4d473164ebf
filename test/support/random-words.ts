import { SeededRandomizer } from '../../src/mock-server/kernel/seeded-random.js';

/**
 * Text of random lower-case words (3 to 10 letters), `length` characters at most, the same for
 * the same seed: nearly every word prefix is new, the worst case of the search index.
 */
export function randomWords(length: number, seed: number): string {
  const random = new SeededRandomizer();
  random.seed(seed);
  const words: string[] = [];
  let used = 0;
  for (;;) {
    const letters = 3 + Math.floor(random.next() * 8);
    if (used + letters + 1 > length) return words.join(' ');
    let word = '';
    for (let i = 0; i < letters; i++) word += String.fromCharCode(97 + Math.floor(random.next() * 26));
    words.push(word);
    used += letters + 1;
  }
}
