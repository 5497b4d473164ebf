import { ErrorCode } from '../../../schema/error-codes.js';
import type { DevControls } from '../../dev-controls.js';
import { errorResponse, jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';
import { fieldError } from './params.js';

/** The longest step `POST /dev/clock` takes at once: 366 days. */
export const MAX_CLOCK_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

/** The mock's clock as `/dev/clock` answers it: `now` as ISO. */
function reading(controls: DevControls): Response {
  const { now, controllable, offsetMs } = controls.readClock();
  return jsonResponse(200, { now: new Date(now).toISOString(), controllable, offsetMs });
}

/**
 * `GET /dev/clock`: the mock's time. `POST /dev/clock` `{ "advanceMs": n }` or `{ "to": ISO }`:
 * moves a controllable clock forward (`--clock controllable`, or a test's ManualClock), firing the
 * timers it passes; the system clock cannot be moved (409).
 */
export const clockRoute: DevRoute = {
  path: '/dev/clock',
  description: 'GET the mock\'s time; POST { "advanceMs": 1..366 days } or { "to": ISO } moves it forward, firing the timers it passes (needs --clock controllable)',
  methods: {
    GET: ({ controls }) => reading(controls),
    POST: async ({ controls, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      const json = body.json;
      if (typeof json !== 'object' || json === null || Array.isArray(json)) return fieldError('advanceMs', 'the body must be { "advanceMs": n } or { "to": "<ISO time>" }');
      const fields = json as Record<string, unknown>;
      const hasAdvance = Object.hasOwn(fields, 'advanceMs');
      const hasTo = Object.hasOwn(fields, 'to');
      if (hasAdvance === hasTo) return fieldError(hasAdvance ? 'to' : 'advanceMs', 'give exactly one of advanceMs (milliseconds) and to (an ISO time)');
      const now = controls.clock.now();
      let moved: boolean;
      if (hasAdvance) {
        const advance = fields['advanceMs'];
        if (typeof advance !== 'number' || !Number.isInteger(advance) || advance < 1 || advance > MAX_CLOCK_ADVANCE_MS) {
          return fieldError('advanceMs', `advanceMs must be a whole number of milliseconds from 1 to ${MAX_CLOCK_ADVANCE_MS} (366 days), but got ${JSON.stringify(advance)}`);
        }
        moved = controls.advanceClock(advance);
      } else {
        const to = fields['to'];
        const target = typeof to === 'string' && to.length <= 40 ? Date.parse(to) : Number.NaN;
        if (Number.isNaN(target)) return fieldError('to', `to must be an ISO 8601 time (2030-01-01T00:00:00Z), but got ${JSON.stringify(typeof to === 'string' ? to.slice(0, 40) : to)}`);
        if (target < now) return fieldError('to', `to must not be before now (${new Date(now).toISOString()}): the clock moves forward only`);
        if (target - now > MAX_CLOCK_ADVANCE_MS) return fieldError('to', `to must be at most 366 days after now (${new Date(now).toISOString()})`);
        moved = controls.moveClock(target);
      }
      if (!moved) {
        return errorResponse(409, ErrorCode.BAD_REQUEST, 'the mock runs on the system clock, which cannot be moved: start it with --clock controllable (or pass a ControllableClock or ManualClock as clock)');
      }
      return reading(controls);
    },
  },
};
