import type * as z from 'zod/mini';
import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';

/** One thing wrong with a fixtures file: where (a JSON path) and what. */
export interface FixtureProblem {
  /** `messages[3].from`, `reactions["👍"][0]`; empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

export type PathSegment = string | number | symbol;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `["messages", 3, "from"]` -> `messages[3].from`; keys that are no identifier go in brackets, quoted. */
export function formatPath(segments: readonly PathSegment[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (typeof segment === 'string' && IDENTIFIER.test(segment)) path += path === '' ? segment : `.${segment}`;
    else path += `[${JSON.stringify(String(segment))}]`;
  }
  return path;
}

/** The problems as the CLI prints them: one per line, `path: message`. */
export function formatProblems(problems: readonly FixtureProblem[]): string {
  return problems.map((problem) => `  ${problem.path === '' ? '(the file)' : problem.path}: ${problem.message}`).join('\n');
}

/**
 * A fixtures file that cannot be loaded, with every problem found (not only the first). A
 * {@link DomainError} with code BAD_USER_INPUT, so a door that shows domain errors shows it too.
 */
export class FixturesError extends DomainError {
  constructor(readonly problems: readonly FixtureProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(ErrorCode.BAD_USER_INPUT, `the fixtures have ${count}:\n${formatProblems(problems)}`);
  }
}

/** What a type is called in a problem. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}

const EXPECTED: Record<string, string> = { string: 'a text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' };

/** A zod issue in the words of this format ("required", "unknown field"), with its path. */
export function problemsOfIssue(issue: z.core.$ZodIssue, input: unknown): FixtureProblem[] {
  const at = (segments: readonly PathSegment[], message: string): FixtureProblem => ({ path: formatPath(segments), message });
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((key) => at([...issue.path, key], 'unknown field (see docs/fixtures-format.md for the fields there are)'));
    case 'invalid_type': {
      const value = valueAt(input, issue.path);
      if (value === undefined) return [at(issue.path, 'required')];
      return [at(issue.path, `expected ${EXPECTED[issue.expected] ?? issue.expected}, but got ${describeValue(value)}`)];
    }
    case 'too_small':
    case 'too_big': {
      const limit = Number(issue.code === 'too_small' ? issue.minimum : issue.maximum);
      if (issue.code === 'too_small' && limit === 1 && issue.origin === 'string') return [at(issue.path, 'must not be empty')];
      const bound = issue.exact === true ? 'exactly' : issue.code === 'too_small' ? 'at least' : 'at most';
      const unit = issue.origin === 'string' ? 'character' : issue.origin === 'array' ? 'item' : '';
      const counted = unit === '' ? String(limit) : `${limit} ${unit}${limit === 1 ? '' : 's'}`;
      return [at(issue.path, `must have ${bound} ${counted}`)];
    }
    case 'invalid_value':
      return [at(issue.path, `must be ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, but got ${describeValue(valueAt(input, issue.path))}`)];
    default:
      return [at(issue.path, issue.message)];
  }
}

/** The value at `path` in `input`, or undefined. */
function valueAt(input: unknown, path: readonly PathSegment[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}
