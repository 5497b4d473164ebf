import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

/**
 * Attack class: path confusion between the door's policy and the router. The HTTP door decides
 * who may call a path (the `Host` allow-list, the origins `/dev` answers, CORS) and the Fetch router
 * picks the route from the URL parser's path, which resolves dot segments (`..`, `%2e%2e`). If the
 * door judged the raw request target, `/x/../dev/reset` from a foreign page would pass as an
 * unknown path and then be run by the router as `/dev/reset`. The door judges the same resolved
 * path the router reads. Raw targets go through `node:http` (fetch resolves them before sending).
 */

let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

function raw(method: string, target: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(`${mock.origin}/`, { method, path: target, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    sent.on('error', reject).end();
  });
}

describe('the door judges the path the router serves', () => {
  it.each(['/x/../dev/reset', '/x/%2e%2e/dev/reset', '/ready/../dev/reset', '/uploads/%2E%2E/%2E%2E/dev/reset'])(
    'POST %s from another origin is refused as /dev is, before it acts',
    async (target) => {
      const answer = await raw('POST', target, { origin: 'http://evil.example' });
      expect(answer.status).toBe(403);
      expect(answer.body).toContain('--cors-origin');
      expect(answer.body).not.toContain('"reset"');
    },
  );

  it('a dot-segment path to /dev is behind the Host allow-list too', async () => {
    const answer = await raw('GET', '/ready/../dev/outbox', { host: 'attacker.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('FORBIDDEN');
  });
});
