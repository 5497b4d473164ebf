import { hasWordStartingWith, searchWords } from './words.js';

/** Words of context each side of the first match in a message snippet. */
export const SNIPPET_CONTEXT_WORDS = 10;

/**
 * The words around the first match in `content`: up to {@link SNIPPET_CONTEXT_WORDS} words
 * (white-space separated, as written) each side, joined by single spaces, with "…" where the text
 * was cut. A message that does not match (it cannot happen for a hit) shows its beginning.
 */
export function snippetOf(content: string, terms: readonly string[]): string {
  const words = content.split(/\s+/u).filter((word) => word !== '');
  let first = words.findIndex((word) => {
    const folded = searchWords(word);
    return terms.some((term) => hasWordStartingWith(folded, term));
  });
  if (first < 0) first = 0;
  const start = Math.max(0, first - SNIPPET_CONTEXT_WORDS);
  const end = Math.min(words.length, first + SNIPPET_CONTEXT_WORDS + 1);
  return `${start > 0 ? '… ' : ''}${words.slice(start, end).join(' ')}${end < words.length ? ' …' : ''}`;
}
