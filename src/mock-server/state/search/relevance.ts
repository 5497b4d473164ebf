/**
 * How well a message matches one query word: BM25's term-frequency part (k1 = 1.2, b = 0.75)
 * over an average chat message of 12 words, quantized into {@link LEVELS} levels, 0 the best.
 * A word that occurs more often, in a shorter message, ranks higher. BM25's inverse document
 * frequency is left out: it is the same for every message a one-word query finds, and leaving it
 * out makes a message's level a fact of the message alone, which the index stores once (see
 * `message-index.ts`) instead of computing for every match of every query.
 */

export const LEVELS = 9;
const K1 = 1.2;
const B = 0.75;
const AVERAGE_WORDS = 12;

/** The level of a word occurring `count` times in a message of `length` words. */
export function levelOf(count: number, length: number): number {
  const impact = (count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / AVERAGE_WORDS));
  const level = Math.round((1 - impact / (K1 + 1)) * (LEVELS - 1));
  return Math.min(LEVELS - 1, Math.max(0, level));
}

/**
 * The level at which the index files a message of `words` (its {@link searchWords}) under the
 * query word `term`: that of the first word `term` begins (the index files each prefix once, for
 * the first word that has it), counted with its repeats; `undefined` when no word begins with it.
 */
export function termLevel(words: readonly string[], term: string): number | undefined {
  const word = words.find((each) => each.startsWith(term));
  if (word === undefined) return undefined;
  let count = 0;
  for (const each of words) if (each === word) count++;
  return levelOf(count, words.length);
}
