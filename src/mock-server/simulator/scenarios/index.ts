import type { Scenario } from '../format.js';
import { burst } from './burst.js';
import { busyChannel } from './busy-channel.js';
import { longTyping } from './long-typing.js';
import { memberRemoved } from './member-removed.js';
import { quietTeam } from './quiet-team.js';
import { reconnectStorm } from './reconnect-storm.js';

/** The built-in scenarios (docs/simulator.md, "Built-in scenarios"), one file each. */
export const builtInScenarios: readonly Scenario[] = [quietTeam, busyChannel, burst, longTyping, memberRemoved, reconnectStorm];

/** The built-in scenario of this name, or undefined. */
export function builtInScenario(name: string): Scenario | undefined {
  return builtInScenarios.find((scenario) => scenario.name === name);
}
