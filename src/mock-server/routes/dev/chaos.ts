import { ChaosSettingsError } from '../../runtime/chaos/chaos-settings.js';
import { jsonResponse } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';

/** `GET`, `POST`, `DELETE /dev/chaos`: injected latency and failures (see `runtime/chaos/chaos-settings.ts`). */
export const chaosRoute: DevRoute = {
  path: '/dev/chaos',
  description: 'injected latency and failures: GET shows them, POST replaces them (JSON body), DELETE turns them off',
  methods: {
    GET: ({ controls }) => jsonResponse(200, controls.chaos.settings),
    POST: async ({ controls, request }) => {
      const body = await readJsonBody(request);
      if (body instanceof Response) return body;
      try {
        return jsonResponse(200, controls.chaos.set(body.json));
      } catch (error) {
        if (!(error instanceof ChaosSettingsError)) throw error;
        return jsonResponse(400, { errors: [{ message: error.message, extensions: error.field === '' ? { code: error.code } : { code: error.code, field: error.field } }] });
      }
    },
    DELETE: ({ controls }) => jsonResponse(200, controls.chaos.clear()),
  },
};
