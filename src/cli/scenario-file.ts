import { readFile } from 'node:fs/promises';
import { builtInScenario, builtInScenarios, ScenarioError, type Scenario } from '../mock-server/simulator/index.js';

/** What `--simulate` names: a built-in scenario (by name) or a scenario file (a path, read and checked here). */
export interface SimulateArgument {
  /** A built-in's name, or the file's scenario. */
  readonly scenario: string | Scenario;
  /** The file it came from, if any. */
  readonly path: string | null;
}

/**
 * Reads `--simulate SCENARIO`: the name of a built-in scenario, or the path of a JSON scenario
 * file (docs/simulator.md). A file that cannot be read, or with problems, is one clear message
 * naming each problem's field path (exit 2 in main.ts).
 */
export async function readSimulateArgument(value: string): Promise<SimulateArgument> {
  if (builtInScenario(value)) return { scenario: value, path: null };
  if (!/[./\\]/.test(value)) {
    throw new Error(`--simulate: no built-in scenario ${JSON.stringify(value)}; use one of ${builtInScenarios.map((scenario) => scenario.name).join(', ')}, or the path of a scenario file (./my-team.json).`);
  }
  let text: string;
  try {
    text = await readFile(value, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`cannot read the scenario file ${value}${code === 'ENOENT' ? ': there is no such file' : ` (${(error as Error).message})`}.`);
  }
  // The checks (and valibot) load only for a file, not at every start.
  const { scenarioFromText } = await import('../mock-server/simulator/validate.js');
  try {
    return { scenario: scenarioFromText(text), path: value };
  } catch (error) {
    if (error instanceof ScenarioError) throw new Error(`${value}: ${error.message}`);
    throw error;
  }
}
