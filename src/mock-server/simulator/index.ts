/** The simulator (docs/simulator.md): demo users acting on a runtime through its engine. */
export { simulatorOf, stopSimulator, Simulator, SimulatorInputError, type SimulateOptions, type SimulationHandle, type SimulatorStatus } from './simulator.js';
export { ScenarioError, type ScenarioProblem } from './scenario-error.js';
export { builtInScenario, builtInScenarios } from './scenarios/index.js';
export type { Scenario, ScenarioInput, ScriptStep } from './format.js';
