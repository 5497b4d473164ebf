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
