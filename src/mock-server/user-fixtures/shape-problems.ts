import type * as v from 'valibot';
import { formatPath, type FixtureProblem, type PathSegment } from './problems.js';

/**
 * What the words of a problem need to know of a valibot schema: its kind and what it holds (the
 * entries of an object, the item of a list, the value of a record, what an optional wraps, the
 * options of a picklist, the value of a literal).
 */
export interface SchemaNode {
  readonly type: string;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  readonly item?: SchemaNode;
  readonly value?: SchemaNode;
  readonly wrapped?: SchemaNode;
  readonly options?: readonly unknown[];
  readonly literal?: unknown;
}

/** The schema that checks the value at `path` under `root` (through optional values, lists and records). */
function schemaAt(root: SchemaNode, path: readonly PathSegment[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const segment of path) {
    while (node?.wrapped !== undefined) node = node.wrapped;
    // Own entries only: a key such as `constructor` names no field (nor Object's constructor).
    node = node?.entries !== undefined ? (Object.hasOwn(node.entries, String(segment)) ? node.entries[String(segment)] : undefined) : (node?.item ?? node?.value);
  }
  while (node?.wrapped !== undefined) node = node.wrapped;
  return node;
}

/** The value at `path` in `input`, or undefined. */
function valueAt(input: unknown, path: readonly PathSegment[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** What a value is called in a problem. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}

/** What a kind of schema is called in a problem. */
const EXPECTED: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  strict_object: 'an object',
  record: 'an object',
};

const UNKNOWN_FIELD = 'unknown field (see docs/fixtures-format.md for the fields there are)';

/**
 * valibot's issues of a fixtures file checked against `schema`, in the words of this format
 * ("required", "unknown field", "must have at least 8 characters"), each with its JSON path; the
 * same problem is given once. Two things valibot does its own way are put right here: it takes a
 * list for an object (a list has no `users`), so any issue inside a list that stands where an
 * object belongs becomes "expected an object, but got a list" at the list; and it names only the
 * first unknown field of an object, so every unknown field of that object is named.
 */
export function shapeProblems(issues: readonly v.BaseIssue<unknown>[], input: unknown, schema: SchemaNode): FixtureProblem[] {
  const problems: FixtureProblem[] = [];
  const given = new Set<string>();
  const at = (path: readonly PathSegment[], message: string): void => {
    const problem = { path: formatPath(path), message };
    const key = `${problem.path}\n${message}`;
    if (given.has(key)) return;
    given.add(key);
    problems.push(problem);
  };
  for (const issue of issues) {
    const items = issue.path ?? [];
    const path = items.map((item): PathSegment => (typeof item.key === 'number' ? item.key : String(item.key)));
    const list = items.findIndex((item) => item.type === 'object' && Array.isArray(item.input));
    const last = items.at(-1);
    if (list !== -1) {
      at(path.slice(0, list), 'expected an object, but got a list');
    } else if (issue.kind === 'schema' && last?.origin === 'key' && issue.expected === 'never') {
      const object = path.slice(0, -1);
      const entries = schemaAt(schema, object)?.entries ?? {};
      for (const key of Object.keys(last.input as object)) if (!Object.hasOwn(entries, key)) at([...object, key], UNKNOWN_FIELD);
    } else if (issue.kind === 'schema') {
      const value = valueAt(input, path);
      if (value === undefined) {
        at(path, 'required');
      } else if (issue.type === 'picklist' || issue.type === 'literal') {
        const node = schemaAt(schema, path);
        const allowed = node?.options ?? [node?.literal];
        at(path, `must be ${allowed.map((option) => JSON.stringify(option)).join(' or ')}, but got ${describeValue(value)}`);
      } else {
        at(path, `expected ${EXPECTED[issue.type] ?? issue.expected}, but got ${describeValue(value)}`);
      }
    } else if (issue.type === 'min_length' || issue.type === 'max_length' || issue.type === 'length') {
      const limit = Number(issue.requirement);
      const unit = typeof issue.input === 'string' ? 'character' : 'item';
      if (issue.type === 'min_length' && limit === 1 && unit === 'character') {
        at(path, 'must not be empty');
      } else {
        const bound = issue.type === 'length' ? 'exactly' : issue.type === 'min_length' ? 'at least' : 'at most';
        at(path, `must have ${bound} ${limit} ${unit}${limit === 1 ? '' : 's'}`);
      }
    } else {
      // A pattern: the format gives each its own message.
      at(path, issue.message);
    }
  }
  return problems;
}
