import { foldForSearch } from '../workspaces/directory-search.js';

/**
 * The one normaliser of workspace search: what is indexed and what is asked are cut into words
 * the same way, so "Café" is found by "cafe", "CAFÉ" and "caf".
 *
 * A word is a run of letters and digits after folding (accents and case dropped, see
 * {@link foldForSearch}); everything else separates words, so "q3-roadmap.pdf" holds "q3",
 * "roadmap" and "pdf", and "alice@acme.test" holds "alice", "acme" and "test".
 */

/** Longer words are cut to this many characters, in the index and in queries alike. */
export const WORD_MAX = 32;

const SEPARATOR = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\x00-\x7f]*$/;

/** {@link foldForSearch}, with a shortcut for plain ASCII, which has no accents to drop. */
function fold(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : foldForSearch(text);
}

/** The folded words of `text`, in order, repeats kept (relevance counts them). */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of fold(text).split(SEPARATOR)) {
    if (word !== '') words.push(word.length > WORD_MAX ? word.slice(0, WORD_MAX) : word);
  }
  return words;
}

/** The distinct words of a query, in the order typed. */
export function queryWords(query: string): string[] {
  return [...new Set(searchWords(query))];
}

/** Whether `word` begins one of `words`: every query word matches the start of a word of the text. */
export function hasWordStartingWith(words: readonly string[], word: string): boolean {
  for (const candidate of words) if (candidate.startsWith(word)) return true;
  return false;
}

/** Whether every query word begins some word of `text`. */
export function matchesText(terms: readonly string[], text: string): boolean {
  const words = searchWords(text);
  return terms.every((term) => hasWordStartingWith(words, term));
}
