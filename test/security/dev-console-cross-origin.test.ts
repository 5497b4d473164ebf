import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { newSandbox } from '../sandboxes/sandbox-client.js';

/**
 * Attack class: a foreign web page driving the dev console's routes. `/dev/sessions` mints a
 * session for anyone, `/dev/state`, `/dev/messages` and `/dev/events` read every user's data,
 * `/dev/clock` expires every token and `/dev/snapshots` swaps the state: none answers another web
 * origin (a form, a `no-cors` fetch or an EventSource needs no preflight), in a sandbox either.
 */

const EVIL = 'http://evil.example';
let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  await mock.data.createUser({ username: 'ada' });
});
afterAll(() => mock.close());

const READS = ['/dev/state', '/dev/messages?conversation=x', '/dev/members?workspace=x', '/dev/files?workspace=x', '/dev/notifications?user=ada', '/dev/search?q=a', '/dev/events', '/dev/clock', '/dev/snapshots', '/dev/snapshots/file?name=x'];
const WRITES: [string, string, string][] = [
  ['/dev/sessions', 'POST', '{"user":"ada"}'],
  ['/dev/clock', 'POST', '{"advanceMs":1000}'],
  ['/dev/snapshots', 'POST', '{"name":"evil"}'],
  ['/dev/snapshots/restore', 'POST', '{"name":"evil"}'],
  ['/dev/snapshots?name=evil', 'DELETE', ''],
];

describe('the console\'s dev routes and another web origin', () => {
  it('refuse every read from another origin: 403, no CORS header, nothing of the state', async () => {
    for (const path of READS) {
      const answer = await fetch(`${mock.origin}${path}`, { headers: { origin: EVIL } });
      expect(answer.status, path).toBe(403);
      expect(answer.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(answer.headers.get('content-type'), path).not.toContain('event-stream');
      expect(await answer.text(), path).not.toContain('ada');
    }
  });

  it('refuse every "simple" write from another origin before it acts: no session, no snapshot', async () => {
    for (const [path, method, body] of WRITES) {
      const answer = await fetch(`${mock.origin}${path}`, { method, headers: { origin: EVIL, 'content-type': 'text/plain' }, ...(body ? { body } : {}) });
      expect(answer.status, path).toBe(403);
      expect(await answer.text(), path).not.toContain('accessToken');
    }
    expect(((await (await fetch(`${mock.origin}/dev/snapshots`)).json()) as { snapshots: unknown[] }).snapshots).toEqual([]);
    const preflight = await fetch(`${mock.origin}/dev/sessions`, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
  });

  it('refuse another origin in a sandbox too, and answer the mock\'s own origin', async () => {
    const sandbox = await newSandbox(mock.origin);
    for (const path of ['/state', '/events', '/sessions']) {
      const answer = await fetch(`${sandbox.devUrl}${path}`, { method: path === '/sessions' ? 'POST' : 'GET', headers: { origin: EVIL }, ...(path === '/sessions' ? { body: '{"user":"ada"}' } : {}) });
      expect(answer.status, path).toBe(403);
    }
    const own = await fetch(`${mock.origin}/dev/sessions`, { method: 'POST', headers: { origin: mock.origin, 'content-type': 'application/json' }, body: '{"user":"ada"}' });
    expect(own.status).toBe(201);
  });
});
