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

function countOf(words: readonly string[], word: string): number {
  let count = 0;
  for (const candidate of words) if (candidate === word) count++;
  return count;
}

/**
 * The level of query word `term` in a message of `words`: that of the first word of the message
 * that starts with `term` (the rule of the index, which files a prefix under the first word that
 * has it), or null when none does.
 */
export function termLevel(words: readonly string[], term: string): number | null {
  for (const word of words) {
    if (word.startsWith(term)) return levelOf(countOf(words, word), words.length);
  }
  return null;
}

/**
 * The index's scorer: called once per distinct word of a message being indexed (with the
 * message's words). Counts are taken once per message, so a long message costs linear time.
 */
export function indexScorer(): (words: string[], word: string) => number {
  const counts = new WeakMap<string[], Map<string, number>>();
  return (words, word) => {
    let perWord = counts.get(words);
    if (!perWord) {
      perWord = new Map();
      for (const each of words) perWord.set(each, (perWord.get(each) ?? 0) + 1);
      counts.set(words, perWord);
    }
    return levelOf(perWord.get(word) ?? 1, words.length);
  };
}
