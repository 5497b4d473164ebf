import type { DocumentNode } from 'graphql';

/**
 * What one entry of the document cache costs whatever its size: the entry, its maps, the
 * validation's and the compiler's fixed parts.
 */
const ENTRY_BYTES = 8 * 1024;
/**
 * What one token of a parsed document costs once parsed, validated and compiled: the token
 * itself (graphql-js keeps every token, linked, from the document's locations), its AST node and
 * location, and its share of graphql-jit's generated code. An estimate from the top of the
 * measured range, so that the cache's byte budget holds (docs/mock-behaviour.md, "Limits before work").
 */
const TOKEN_BYTES = 700;

/** The tokens graphql-js kept for `document` (at most the parser's `maxTokens`). */
function tokenCount(document: DocumentNode): number {
  let count = 0;
  for (let token = document.loc?.startToken ?? null; token !== null; token = token.next) count++;
  return count;
}

/**
 * The heap bytes a cached document is estimated to hold: its text (the cache's key, and the
 * source every AST location points to), plus the parsed, validated and compiled forms, which
 * grow with its tokens, not with its length (a long comment or string is one token). Without a
 * document (it did not parse), the text alone.
 */
export function documentWeight(query: string, document: DocumentNode | undefined): number {
  return ENTRY_BYTES + query.length + (document ? tokenCount(document) * TOKEN_BYTES : 0);
}
