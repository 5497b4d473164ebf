import { ErrorCode } from '../../../schema/error-codes.js';
import type { DevControls } from '../../dev-controls.js';
import { ScenarioError, SimulatorInputError, simulatorOf, type Simulator } from '../../simulator/index.js';
import { jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';

/** Simulators whose starts and stops already go to the dev event stream. */
const announced = new WeakSet<Simulator>();

/**
 * The simulator of these controls' runtime, its starts and stops announced on the dev event
 * stream (`event: simulator`). Every door that starts one goes through here.
 */
export function simulatorFor(controls: DevControls): Simulator {
  const simulator = simulatorOf(controls.runtime);
  if (!announced.has(simulator)) {
    announced.add(simulator);
    simulator.onStatus((status) => controls.events.announce('simulator', status));
  }
  return simulator;
}

/** A 400 naming the field, as `/dev/chaos` answers. */
function badInput(message: string, field: string, problems?: readonly { path: string; message: string }[]): Response {
  return jsonResponse(400, { errors: [{ message, extensions: { code: ErrorCode.BAD_USER_INPUT, field, ...(problems ? { problems } : {}) } }] });
}

const FIELDS = new Set(['scenario', 'seed', 'ratePerMinute', 'conversation']);

/**
 * `GET`, `POST`, `DELETE /dev/simulator` (docs/simulator.md): the simulator's status; start a
 * scenario (a built-in's name, or a scenario object) in place of the one playing; stop it.
 */
export const simulatorRoute: DevRoute = {
  path: '/dev/simulator',
  description: 'the simulator: GET its status and the built-in scenarios, POST { "scenario", "seed"?, "ratePerMinute"?, "conversation"? } starts one (replacing one playing), DELETE stops it',
  methods: {
    GET: ({ controls }) => jsonResponse(200, simulatorFor(controls).status()),
    POST: async ({ controls, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      const input = body.json;
      if (input === null || typeof input !== 'object' || Array.isArray(input)) return badInput('the body must be a JSON object such as { "scenario": "busy-channel" }', 'scenario');
      const fields = input as Record<string, unknown>;
      const unknown = Object.keys(fields).find((key) => !FIELDS.has(key));
      if (unknown !== undefined) return badInput(`unknown field ${JSON.stringify(unknown)}: give scenario, seed, ratePerMinute or conversation`, unknown);
      const { scenario, seed, ratePerMinute, conversation } = fields;
      if (typeof scenario !== 'string' && (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario))) {
        return badInput('scenario must be the name of a built-in scenario (GET /dev/simulator lists them) or a scenario object', 'scenario');
      }
      if (seed !== undefined && typeof seed !== 'number') return badInput('seed must be a whole number', 'seed');
      if (ratePerMinute !== undefined && typeof ratePerMinute !== 'number') return badInput('ratePerMinute must be a number', 'ratePerMinute');
      if (conversation !== undefined && (typeof conversation !== 'string' || conversation.length === 0 || conversation.length > 200)) {
        return badInput('conversation must be a conversation id or a channel title (1 to 200 characters)', 'conversation');
      }
      try {
        const status = await simulatorFor(controls).start(scenario as string | Readonly<Record<string, unknown>>, {
          seed,
          ratePerMinute,
          conversation,
          publicOrigin: new URL(request.url).origin,
        });
        return jsonResponse(200, status);
      } catch (error) {
        if (error instanceof ScenarioError) return badInput(error.message, `scenario${error.problems[0]?.path ? `.${error.problems[0].path}` : ''}`, error.problems);
        if (error instanceof SimulatorInputError) return badInput(error.message, error.field ?? 'scenario');
        throw error;
      }
    },
    DELETE: ({ controls }) => jsonResponse(200, simulatorFor(controls).stop()),
  },
};
