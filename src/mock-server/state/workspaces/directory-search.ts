import type { UserRecord } from '../accounts/records.js';

/**
 * The directory's search: case- and accent-insensitive, over display name, username and email.
 * The query is split at white space and every word must occur somewhere in those three (in any
 * order), so "lovelace ada" finds Ada Lovelace and "ada@" narrows to her address.
 */

/**
 * Folds text for comparison: compatibility decomposition drops accents (é -> e, ﬁ -> fi), and
 * upper- then lower-casing folds what lower-casing alone keeps apart (ß -> ss).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase();
}

/** The folded words of a query; none for an empty query, which matches everyone. */
export function searchTerms(query: string): string[] {
  return foldForSearch(query).split(/\s+/u).filter((term) => term !== '');
}

export function matchesSearch(terms: readonly string[], user: UserRecord): boolean {
  if (terms.length === 0) return true;
  const haystack = foldForSearch(`${user.displayName}\n${user.username}\n${user.email}`);
  return terms.every((term) => haystack.includes(term));
}
