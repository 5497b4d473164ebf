import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { runCli } from '../support/cli-process.js';
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

  // Each ends in `.localhost` (or names an allowed host), but as the authority of a URL the mock
  // builds from it, it names another host or breaks off: `http://evil.test/.localhost/uploads/…`.
  const malformed = ['evil.test/.localhost', 'evil.test/.localhost:4000', 'a?.localhost', 'a#.localhost', 'a\\.localhost', 'evil.test\\.localhost', 'evil.test@a.localhost', 'a b.localhost', 'a%2f.localhost', 'evil.test/[::1]', '[::1]/x', '127.0.0.1/evil.test', 'localhost:4000/evil.test', 'localhost:port', 'mock.lan/evil.test'];

  it.each(malformed)('refuses Host %s with 403, before any URL is built from it, and does not echo it', async (host) => {
    for (const server of [mock, listed]) {
      const answer = await post(server, host);
      expect(answer.status, host).toBe(403);
      const body = JSON.parse(answer.body) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]!.extensions.code).toBe('FORBIDDEN');
      expect(body.errors[0]!.message).toContain('not a host name');
      expect(answer.body).not.toContain(host);
      expect(answer.body).not.toContain('evil');
    }
  });

  it('hands out no upload URL to a malformed Host, with a valid token', async () => {
    const signIn = await rawRequest(`${mock.origin}/graphql`, 'POST', { host: `localhost:${mock.port}`, 'content-type': 'application/json' }, JSON.stringify({ query: 'mutation { login(input: { email: "alice@acme.test", password: "parley-demo" }) { accessToken } }' }));
    const token = (JSON.parse(signIn.body) as { data: { login: { accessToken: string } } }).data.login.accessToken;
    const upload = JSON.stringify({ query: 'mutation { createUploadUrl(input: { contentType: "image/png", scope: PUBLIC, fileName: "me.png" }) { uploadUrl publicUrl } }' });
    const valid = await rawRequest(`${mock.origin}/graphql`, 'POST', { host: `localhost:${mock.port}`, 'content-type': 'application/json', authorization: `Bearer ${token}` }, upload);
    expect(valid.body).toContain(`http://localhost:${mock.port}/uploads/`);
    for (const host of ['evil.test/.localhost', 'evil.test?.localhost', 'evil.test#.localhost', 'evil.test\\.localhost']) {
      const answer = await rawRequest(`${mock.origin}/graphql`, 'POST', { host, 'content-type': 'application/json', authorization: `Bearer ${token}` }, upload);
      expect(answer.status, host).toBe(403);
      expect(answer.body, host).not.toContain('evil.test');
      expect(answer.body, host).not.toContain('/uploads/');
    }
  });

  it('refuses the WebSocket upgrade with a malformed Host, without echoing it', async () => {
    const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws', { headers: { host: 'evil.test/.localhost' } });
      socket.on('unexpected-response', (_request, response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
          socket.terminate();
        });
      });
      socket.on('open', () => {
        socket.close();
        reject(new Error('the upgrade was accepted'));
      });
      socket.on('error', () => undefined);
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('not a host name');
    expect(refused.body).not.toContain('evil.test');
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

describe('allowed host names', () => {
  // A name no Host header can carry would never match: refused at start, not silently useless.
  it.each(['evil.test/.localhost', 'a?b.test', 'mock.lan:4000', '', '.'])('startMockServer refuses allowedHosts %j with a RangeError naming the rule', async (name) => {
    await expect(startMockServer({ port: 0, empty: true, allowedHosts: [name] })).rejects.toThrow(/--allowed-host must be a host name/);
  });

  it('parley mock serve refuses --allowed-host evil.test/.localhost with one sentence and exit 2', async () => {
    const run = await runCli(['mock', 'serve', '--port', '0', '--allowed-host', 'evil.test/.localhost']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--allowed-host must be a host name');
  });

  it.each(['mock.lan', '.team.test', 'my_service', '[::1]'])('accepts allowedHosts %j', async (name) => {
    const server = await startMockServer({ port: 0, empty: true, allowedHosts: [name] });
    await server.close();
  });
});
