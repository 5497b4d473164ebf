import { formatPath, type FixtureProblem, type PathSegment } from './problems.js';
import type { SchemaNode } from './shape-problems.js';

/**
 * Keys that valibot's `record` drops without a word (its guard against prototype pollution): a
 * reaction keyed `__proto__` would vanish from the file as loaded. Strict objects already refuse
 * them as unknown fields; in a record (an object whose keys are data, such as `reactions`) they
 * are refused here, so nothing a file says is ignored.
 */
export const DROPPED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Every key of a record in `input` that valibot would drop, as a problem with its JSON path. */
export function reservedKeyProblems(input: unknown, schema: SchemaNode): FixtureProblem[] {
  const problems: FixtureProblem[] = [];
  const walk = (schemaNode: SchemaNode | undefined, value: unknown, path: readonly PathSegment[]): void => {
    let node = schemaNode;
    while (node?.wrapped !== undefined) node = node.wrapped;
    if (node === undefined || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (node.item !== undefined) value.forEach((item, index) => walk(node.item, item, [...path, index]));
      return;
    }
    for (const key of Object.keys(value)) {
      const inner = (value as Record<string, unknown>)[key];
      if (node.type === 'record') {
        if (DROPPED_KEYS.has(key)) problems.push({ path: formatPath([...path, key]), message: `${JSON.stringify(key)} cannot be a key here: JavaScript objects reserve the name` });
        else walk(node.value, inner, [...path, key]);
      } else if (node.entries !== undefined && Object.hasOwn(node.entries, key)) {
        walk(node.entries[key], inner, [...path, key]);
      }
    }
  };
  walk(schema, input, []);
  return problems;
}
