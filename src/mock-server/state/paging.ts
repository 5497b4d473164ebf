import { base64urlToText, textToBase64url } from './base64.js';
import { badInput } from './errors.js';
import { requirePageSize } from './input.js';

/**
 * Offset-free cursor paging for lists other than messages (conversations, later channels and
 * notifications): the cursor names the last item seen, so an insertion elsewhere never shifts
 * a page. Message paging has its own rules (SPEC.md 4.1, 4.2) in `messages/message-pages.ts`.
 */
export interface Page<T> {
  readonly nodes: T[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

export function encodeListCursor(id: string): string {
  return textToBase64url(`l1:${id}`);
}

function decodeListCursor(cursor: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(cursor)) return null;
  const text = base64urlToText(cursor);
  return text?.startsWith('l1:') ? text.slice(3) : null;
}

/** Pages `items` (already in their final order, each with an `id`) after the cursor `after`. */
export function pageAfter<T extends { readonly id: string }>(
  items: readonly T[],
  after: string | null | undefined,
  first: number,
): Page<T> {
  requirePageSize(first);
  let start = 0;
  if (after != null) {
    const id = decodeListCursor(after);
    const index = id === null ? -1 : items.findIndex((item) => item.id === id);
    if (index < 0) throw badInput('after is not a cursor of this list');
    start = index + 1;
  }
  const nodes = items.slice(start, start + first);
  const last = nodes.at(-1);
  return {
    nodes,
    endCursor: last ? encodeListCursor(last.id) : null,
    hasNextPage: start + first < items.length,
  };
}
