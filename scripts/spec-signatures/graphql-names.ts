/**
 * GraphQL naming rules the extractor enforces, so that a typo in SPEC.md is reported where it
 * stands instead of surfacing later as a confusing mismatch with `schema.graphql`.
 */
import { fail } from './spec-parse-error.js';

/** Scalars every GraphQL schema has; the spec uses them without defining them. */
export const BUILT_IN_SCALARS: ReadonlySet<string> = new Set(['ID', 'String', 'Int', 'Float', 'Boolean']);

/** A GraphQL name (type, field, argument or enum value). */
export const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The named type inside a type reference: `[ID!]!` -> `ID`. */
export function namedType(typeRef: string): string {
  return typeRef.replace(/[[\]!]/g, '');
}

/**
 * Adds a definition under `name`, refusing a name GraphQL would reject and a name defined
 * twice, since either means the spec contradicts itself.
 */
export function addUnique<T>(target: Record<string, T>, name: string, value: T, where: string): void {
  if (!GRAPHQL_NAME.test(name)) fail(`${where}: "${name}" is not a GraphQL name`);
  if (Object.prototype.hasOwnProperty.call(target, name)) fail(`${where}: "${name}" is defined twice`);
  target[name] = value;
}
