import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { rawRequest } from './raw-http.js';

/**
 * DNS rebinding: a page on evil.example re-points its name at 127.0.0.1 and calls the mock from
 * its own origin; what gives it away is the `Host` it sends. Only allowed names are answered.
 */

let mock: RunningMockServer;
let listed: RunningMockServer;

beforeAll(async () => {
  [mock, listed] = await Promise.all([startMockServer({ port: 0 }), startMockServer({ port: 0, empty: true, allowedHosts: ['mock.lan', '.team.test'] })]);
});
afterAll(() => Promise.all([mock.close(), listed.close()]));

const HEALTH = JSON.stringify({ query: '{ health }' });
const post = (server: RunningMockServer, host: string, path = '/graphql') =>
  rawRequest(`${server.origin}${path}`, 'POST', { host, 'content-type': 'application/json' }, HEALTH);

describe('the Host allow-list', () => {
  it.each(['/graphql', '/dev/snapshot', '/uploads/some-key', '/files/some-token', '/dev'])('refuses a foreign Host on %s with 403 and a sentence naming --allowed-host', async (path) => {
    const answer = await rawRequest(`${mock.origin}${path}`, 'GET', { host: 'evil.example' });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('evil.example');
    expect(answer.body).toContain('--allowed-host');
    // Nothing of the state in the refusal.
    expect(answer.body).not.toContain('alice');
  });

  it('refuses a POST to /graphql with a foreign Host, so no URL built from it is handed out', async () => {
    const answer = await post(mock, 'evil.example:4000');
    expect(answer.status).toBe(403);
  });

  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '[::1]', '192.168.1.20'])('answers Host %s (loopback names and IP literals, with any port)', async (host) => {
    for (const shown of [host, `${host}:${mock.port}`]) {
      const answer = await post(mock, shown);
      expect(answer.status, shown).toBe(200);
    }
  });

  it('answers the names given with allowedHosts (--allowed-host); a leading dot allows the subdomains', async () => {
    for (const host of ['mock.lan', 'mock.lan:8080', 'team.test', 'a.b.team.test']) expect((await post(listed, host)).status, host).toBe(200);
    for (const host of ['other.lan', 'mock.lan.evil.example', 'xteam.test']) expect((await post(listed, host)).status, host).toBe(403);
  });

  it('/ready answers any Host: a health probe reads nothing', async () => {
    expect((await rawRequest(`${mock.origin}/ready`, 'GET', { host: 'evil.example' })).status).toBe(200);
  });

  it('refuses the WebSocket upgrade with a foreign Host (403), and accepts it from localhost', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws', { headers: { host: 'evil.example' } });
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => {
        socket.close();
        reject(new Error('the upgrade was accepted'));
      });
      socket.on('error', () => undefined);
    });
    expect(refused).toBe(403);
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws', { headers: { host: `localhost:${mock.port}` } });
      socket.on('open', () => {
        socket.close();
        resolve(true);
      });
      socket.on('unexpected-response', () => resolve(false));
      socket.on('error', () => resolve(false));
    });
    expect(accepted).toBe(true);
  });
});
