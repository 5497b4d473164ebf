import type { FileEntry } from './entries.js';

export type FileSort = 'NAME_ASC' | 'OLDEST' | 'RECENT' | 'SIZE_DESC';

type Compare = (a: FileEntry, b: FileEntry) => number;

// Made on first use: building a collator costs start-up time that a server which never sorts by
// name should not pay. Variant sensitivity with numeric digits: "Plan 2" before "Plan 10", and
// names equal but for case or accents still in one fixed order ("resume" before "Résumé").
let collator: Intl.Collator | undefined;
const byName: Compare = (a, b) => (collator ??= new Intl.Collator('en', { numeric: true })).compare(a.fileName, b.fileName);

/** Ids in code unit order: the last tie-break of every sort, so each is total and a page boundary never moves. */
const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst: Compare = (a, b) => b.createdAt - a.createdAt;
const oldestFirst: Compare = (a, b) => a.createdAt - b.createdAt;
const largestFirst: Compare = (a, b) => b.size - a.size;

const ORDERS: Record<FileSort, readonly Compare[]> = {
  RECENT: [newestFirst, byId],
  OLDEST: [oldestFirst, byId],
  NAME_ASC: [byName, byId],
  SIZE_DESC: [largestFirst, newestFirst, byId],
};

/**
 * The comparator of a `FileSort`: RECENT (newest first), OLDEST, NAME_ASC (locale-aware), SIZE_DESC
 * (largest first, then newest); ties always end by id.
 */
export function fileOrder(sort: FileSort): Compare {
  const keys = ORDERS[sort];
  return (a, b) => {
    for (const key of keys) {
      const order = key(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };
}
