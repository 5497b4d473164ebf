import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

let open: RunningMockServer;
let closed: RunningMockServer;

beforeAll(async () => {
  [open, closed] = await Promise.all([startMockServer({ port: 0, empty: true }), startMockServer({ port: 0, empty: true, cors: false })]);
});
afterAll(() => Promise.all([open.close(), closed.close()]));

const preflight = (url: string) =>
  fetch(url, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' } });

describe('CORS for local development', () => {
  it('is open by default: preflight answers 204 and allows Authorization; responses carry the origin header', async () => {
    const answer = await preflight(open.url);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(answer.headers.get('access-control-allow-methods')).toContain('POST');
    const query = await fetch(open.url, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: '{"query":"{ health }"}' });
    expect(query.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('is off with cors: false (--no-cors): no CORS headers, and OPTIONS is not a preflight answer', async () => {
    const answer = await preflight(closed.url);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.status).not.toBe(204);
    const query = await fetch(closed.url, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: '{"query":"{ health }"}' });
    expect(query.headers.get('access-control-allow-origin')).toBeNull();
  });
});
