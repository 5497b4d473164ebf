import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import { formatProblems, type FixtureProblem } from '../user-fixtures/problems.js';

/** One thing wrong with a scenario: where (a JSON path such as `script[2].messages`) and what. */
export type ScenarioProblem = FixtureProblem;

/** A scenario that cannot be played, with every problem found. A BAD_USER_INPUT {@link DomainError}. */
export class ScenarioError extends DomainError {
  constructor(readonly problems: readonly ScenarioProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(ErrorCode.BAD_USER_INPUT, `the scenario has ${count}:\n${formatProblems(problems)}`, problems[0]?.path || undefined);
  }
}
