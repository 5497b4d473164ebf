/**
 * Type references as the spec writes them (`[ID!]!`, `Message (nullable)`), checked and
 * normalised so that they compare as strings with what `schema.graphql` prints.
 */
import { GRAPHQL_NAME } from './graphql-names.js';
import { stripCode } from './markdown-code-spans.js';
import { fail } from './spec-parse-error.js';

/** Validates and normalises a type reference (`Name`, `Name!`, `[T]`, `[T]!`). */
export function normaliseType(raw: string, where: string): string {
  const compact = stripCode(raw).replace(/\s+/g, '');
  const check = (t: string): boolean => {
    const inner = t.endsWith('!') ? t.slice(0, -1) : t;
    if (inner.startsWith('[') && inner.endsWith(']')) return check(inner.slice(1, -1));
    return GRAPHQL_NAME.test(inner);
  };
  if (!check(compact)) fail(`${where}: "${raw}" is not a GraphQL type reference`);
  return compact;
}

/** Parses a return-type cell; `X (nullable)` is the nullable type `X`. */
export function parseReturnType(text: string, where: string): string {
  const raw = stripCode(text);
  const nullable = /^(.*?)\s*\(nullable\)$/i.exec(raw);
  if (nullable) {
    const type = normaliseType(nullable[1] ?? '', where);
    if (type.endsWith('!')) fail(`${where}: "${raw}" is marked nullable but ends with "!"`);
    return type;
  }
  return normaliseType(raw, where);
}
