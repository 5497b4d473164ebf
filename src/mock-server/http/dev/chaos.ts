import { ChaosSettingsError } from '../../engine/chaos-settings.js';
import { sendJson } from '../respond.js';
import { readJsonBody, type DevRoute } from './dev-route.js';

/** `GET`, `POST`, `DELETE /dev/chaos`: injected latency and failures (see `engine/chaos-settings.ts`). */
export const chaosRoute: DevRoute = {
  path: '/dev/chaos',
  description: 'injected latency and failures: GET shows them, POST replaces them (JSON body), DELETE turns them off',
  methods: {
    GET: ({ engine }, res) => sendJson(res, 200, engine.chaos.settings),
    POST: async ({ engine, req }, res) => {
      const body = await readJsonBody(req, res);
      if (body === undefined) return;
      try {
        sendJson(res, 200, engine.chaos.set(body));
      } catch (error) {
        if (!(error instanceof ChaosSettingsError)) throw error;
        sendJson(res, 400, { errors: [{ message: error.message, extensions: error.field === '' ? { code: error.code } : { code: error.code, field: error.field } }] });
      }
    },
    DELETE: ({ engine }, res) => sendJson(res, 200, engine.chaos.clear()),
  },
};
