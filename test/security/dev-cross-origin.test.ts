import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

/**
 * `/dev` holds live tokens, password hashes and the file-link key (`GET /dev/snapshot`) and
 * replaces the whole state (`PUT /dev/snapshot`, `POST /dev/reset`): no other web origin may read
 * or call it unless the developer names that origin (`--cors-origin`).
 */

let mock: RunningMockServer;
let named: RunningMockServer;
const EVIL = 'http://evil.example';
const APP = 'http://localhost:5173';

beforeAll(async () => {
  [mock, named] = await Promise.all([startMockServer({ port: 0 }), startMockServer({ port: 0, empty: true, corsOrigins: [APP] })]);
});
afterAll(() => Promise.all([mock.close(), named.close()]));

const preflight = (server: RunningMockServer, path: string, origin: string, method: string) =>
  fetch(`${server.origin}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' } });

describe('/dev and other origins', () => {
  it('refuses the preflight of a PUT /dev/snapshot from another origin: no 204, no Access-Control-Allow-Origin', async () => {
    const answer = await preflight(mock, '/dev/snapshot', EVIL, 'PUT');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('refuses a cross-origin read of /dev/snapshot: 403, no CORS header, no secrets', async () => {
    const answer = await fetch(`${mock.origin}/dev/snapshot`, { headers: { origin: EVIL } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const body = await answer.text();
    expect(body).not.toContain('accessToken');
    expect(body).toContain('--cors-origin');
  });

  it('refuses a cross-origin "simple" POST /dev/reset (no preflight needed) before it acts', async () => {
    const before = mock.state;
    const answer = await fetch(`${mock.origin}/dev/reset`, { method: 'POST', headers: { origin: EVIL, 'content-type': 'text/plain' }, body: '' });
    expect(answer.status).toBe(403);
    expect(mock.state).toBe(before);
  });

  it('answers the mock\'s own origin and requests without Origin (curl, the /dev page itself)', async () => {
    expect((await fetch(`${mock.origin}/dev/snapshot`)).status).toBe(200);
    const own = await fetch(`${mock.origin}/dev/snapshot`, { headers: { origin: mock.origin } });
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers an origin named with corsOrigins (--cors-origin): preflight 204 and that origin echoed, never *', async () => {
    const answer = await preflight(named, '/dev/snapshot', APP, 'PUT');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-methods')).toContain('PUT');
    const read = await fetch(`${named.origin}/dev/snapshot`, { headers: { origin: APP } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(APP);
    expect(read.headers.get('vary')).toMatch(/origin/i);
    expect((await fetch(`${named.origin}/dev/snapshot`, { headers: { origin: EVIL } })).status).toBe(403);
  });

  it('keeps /graphql open to every origin (bearer tokens, no cookies: see docs/mock-behaviour.md)', async () => {
    const answer = await preflight(mock, '/graphql', EVIL, 'POST');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
});
