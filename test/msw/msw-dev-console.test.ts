import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createParleyHandlers } from '../../src/msw/index.js';
import { gql, ok } from '../support/client.js';

// The console's dev routes answer the same through the MSW door as over HTTP: the same seed gives
// the same /dev/state, a session from /dev/sessions works on that door's /graphql, and a system
// clock is refused alike.

/** No server listens here: MSW answers every request to it. */
const ORIGIN = 'http://parley-console.test';
const server = setupServer();
let http: RunningMockServer;

beforeAll(async () => {
  const parley = await createParleyHandlers({ endpoint: `${ORIGIN}/graphql`, seed: 1 });
  server.use(...parley.handlers);
  server.listen({ onUnhandledRequest: 'bypass' });
  http = await startMockServer({ port: 0, seed: 1 });
});
afterAll(async () => {
  server.close();
  await http.close();
});

/** `body` with each id replaced by the order it first appears in: two mocks of one seed differ in their random ids only. */
function shape(body: unknown): string {
  const ids = new Map<string, number>();
  return JSON.stringify(body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => `id${ids.get(id) ?? ids.set(id, ids.size).size - 1}`);
}

describe('the console\'s dev routes through MSW', () => {
  it('GET /dev/state and /dev/messages answer as the HTTP door does', async () => {
    const [viaMsw, viaHttp] = await Promise.all([fetch(`${ORIGIN}/dev/state`), fetch(`${http.origin}/dev/state`)]);
    expect(viaMsw.status).toBe(200);
    const state = (await viaMsw.json()) as { workspaces: { conversations: { id: string }[] }[] };
    const other = (await viaHttp.json()) as typeof state;
    expect(shape(state)).toBe(shape(other));
    const [a, b] = await Promise.all([
      fetch(`${ORIGIN}/dev/messages?conversation=${state.workspaces[0]!.conversations[0]!.id}&limit=3`),
      fetch(`${http.origin}/dev/messages?conversation=${other.workspaces[0]!.conversations[0]!.id}&limit=3`),
    ]);
    const page = await a.json();
    expect((page as { messages: unknown[] }).messages).toHaveLength(3);
    expect(shape(page).replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"time"')).toBe(shape(await b.json()).replace(/"\d{4}-\d\d-\d\dT[^"]*"/g, '"time"'));
  });

  it('POST /dev/sessions gives a token that works on the MSW door\'s /graphql', async () => {
    const response = await fetch(`${ORIGIN}/dev/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user":"alice"}' });
    expect(response.status).toBe(201);
    const { accessToken, username } = (await response.json()) as { accessToken: string; username: string };
    expect(username).toBe('alice');
    expect(ok(await gql<{ me: { username: string } }>(`${ORIGIN}/graphql`, '{ me { username } }', {}, accessToken)).me.username).toBe('alice');
  });

  it('POST /dev/clock on the system clock is 409 naming --clock controllable, on both doors', async () => {
    for (const origin of [ORIGIN, http.origin]) {
      const response = await fetch(`${origin}/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"advanceMs":1000}' });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain('--clock controllable');
    }
  });
});
