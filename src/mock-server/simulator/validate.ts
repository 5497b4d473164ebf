/**
 * Checking a scenario (valibot): loaded with the first scenario object or file, not at start-up
 * (`simulator.ts` and the CLI import it when they need it).
 */
import * as v from 'valibot';
import { formatPath, type PathSegment } from '../user-fixtures/problems.js';
import { scenarioSchema, type Scenario } from './format.js';
import { DEFAULT_MIX } from './rules.js';
import { ScenarioError, type ScenarioProblem } from './scenario-error.js';

/** The largest scenario text read (a scenario is a small file). */
export const MAX_SCENARIO_BYTES = 64 * 1024;

/** A scenario from its JSON text; a text that is no JSON, or no scenario, throws a {@link ScenarioError}. */
export function scenarioFromText(text: string): Scenario {
  if (text.length > MAX_SCENARIO_BYTES) throw new ScenarioError([{ path: '', message: `is larger than ${MAX_SCENARIO_BYTES} bytes` }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScenarioError([{ path: '', message: `is not JSON (${error instanceof Error ? error.message : String(error)})` }]);
  }
  return validateScenario(json);
}

/** Checks a parsed scenario and fills in its defaults; every problem, each with its path, in one {@link ScenarioError}. */
export function validateScenario(input: unknown): Scenario {
  // valibot takes a list for an object (a list has no `name`): said once, as it is.
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new ScenarioError([{ path: '', message: `expected an object, but got ${describe(input)}` }]);
  const result = v.safeParse(scenarioSchema, input);
  if (!result.success) throw new ScenarioError(problemsOf(result.issues, input));
  const scenario = result.output;
  const mix = scenario.mix ?? DEFAULT_MIX;
  if (scenario.ratePerMinute > 0 && !Object.values(mix).some((weight) => (weight ?? 0) > 0)) {
    throw new ScenarioError([{ path: 'mix', message: 'gives every action a weight of 0, but ratePerMinute asks for random actions' }]);
  }
  return scenario;
}

/** valibot's issues as problems: a path each, the schema's own message, unknown fields and missing ones named. */
function problemsOf(issues: readonly v.BaseIssue<unknown>[], input: unknown): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const seen = new Set<string>();
  const add = (path: readonly PathSegment[], message: string): void => {
    const problem = { path: formatPath(path), message };
    const key = `${problem.path}\n${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  for (const issue of issues) {
    const items = issue.path ?? [];
    const path = items.map((item): PathSegment => (typeof item.key === 'number' ? item.key : String(item.key)));
    const last = items.at(-1);
    if (issue.kind === 'schema' && last?.origin === 'key' && issue.expected === 'never') add(path, 'unknown field (see docs/simulator.md for the fields there are)');
    else if (issue.kind === 'schema' && issue.received === 'undefined' && !hasPath(input, path)) add(path, 'required');
    else if ((issue.type === 'literal' || issue.type === 'variant') && path.at(-1) === 'action') add(path, `must be "burst", "typeFor", "removeMember" or "reconnectStorm", but got ${describe(issue.input)}`);
    else add(path, issue.kind === 'schema' ? `${issue.message}, but got ${describe(issue.input)}` : issue.message);
  }
  return problems;
}

function hasPath(input: unknown, path: readonly PathSegment[]): boolean {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return false;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return true;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `${typeof value} ${String(value)}`;
}
