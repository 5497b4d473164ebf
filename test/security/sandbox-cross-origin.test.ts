import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { newSandbox, postSandbox } from '../sandboxes/sandbox-client.js';

/**
 * Attack class: a foreign web page steering or finding sandboxes. Making, listing and dropping
 * sandboxes and a sandbox's `/dev` (its tokens and secrets in `GET /dev/snapshot`) are guarded as `/dev` is: no
 * other web origin (a form or a `no-cors` fetch needs no preflight), no Host outside the allow-list
 * (DNS rebinding), and nothing at all with `--no-dev-routes`. A sandbox's `/graphql` stays open
 * to other origins as the root's is (its id is the capability).
 */

const EVIL = 'http://evil.example';
let mock: RunningMockServer;
let closed: RunningMockServer;

beforeAll(async () => {
  [mock, closed] = await Promise.all([startMockServer({ port: 0, empty: true }), startMockServer({ port: 0, empty: true, devRoutes: false })]);
});
afterAll(() => Promise.all([mock.close(), closed.close()]));

describe('another web origin', () => {
  it('cannot make a sandbox, even with a "simple" request that needs no preflight', async () => {
    const refused = await postSandbox(mock.origin, undefined, { origin: EVIL, 'content-type': 'text/plain' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await (await fetch(`${mock.origin}/sandboxes`)).json()) as { count: number }).count).toBe(0);
  });

  it('cannot list the sandboxes (their ids are the capability to reach their /graphql); the mock\'s own origin and a script can', async () => {
    const sandbox = await newSandbox(mock.origin);
    for (const method of ['GET', 'HEAD']) {
      const refused = await fetch(`${mock.origin}/sandboxes`, { method, headers: { origin: EVIL } });
      expect(refused.status, method).toBe(403);
      expect(refused.headers.get('access-control-allow-origin'), method).toBeNull();
      expect(await refused.text(), method).not.toContain(sandbox.id);
    }
    for (const headers of [{ origin: mock.origin }, {}] as Record<string, string>[]) {
      const listing = (await (await fetch(`${mock.origin}/sandboxes`, { headers })).json()) as { sandboxes: { id: string; devUrl: string }[] };
      expect(listing.sandboxes.map((listed) => listed.id)).toContain(sandbox.id);
      expect(listing.sandboxes.find((listed) => listed.id === sandbox.id)?.devUrl).toBe(sandbox.devUrl);
    }
    expect((await fetch(`${closed.origin}/sandboxes`)).status).toBe(404);
  });

  it('cannot drop a sandbox, nor read or reset its /dev', async () => {
    const sandbox = await newSandbox(mock.origin);
    expect((await fetch(sandbox.origin, { method: 'DELETE', headers: { origin: EVIL } })).status).toBe(403);
    const snapshot = await fetch(`${sandbox.devUrl}/snapshot`, { headers: { origin: EVIL } });
    expect(snapshot.status).toBe(403);
    expect(await snapshot.text()).not.toContain('sessions');
    expect((await fetch(`${sandbox.devUrl}/reset`, { method: 'POST', headers: { origin: EVIL } })).status).toBe(403);
    const preflight = await fetch(`${mock.origin}/sandboxes`, { method: 'OPTIONS', headers: { origin: EVIL, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect((await fetch(`${sandbox.origin}/ready`)).status).toBe(200);
  });

  it('may call a sandbox\'s /graphql, as the root\'s (CORS open), and the mock\'s own origin may make sandboxes', async () => {
    const sandbox = await newSandbox(mock.origin);
    const answer = await fetch(sandbox.url, { method: 'POST', headers: { origin: EVIL, 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect((await postSandbox(mock.origin, undefined, { origin: mock.origin })).status).toBe(201);
  });
});

describe('a Host outside the allow-list', () => {
  it('cannot make a sandbox (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${mock.origin}/sandboxes`, { method: 'POST', headers: { host: 'rebound.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});

describe('--no-dev-routes', () => {
  it('serves no /sandboxes: 404, and the in-process API and reset() say why', async () => {
    const refused = await postSandbox(closed.origin);
    expect(refused.status).toBe(404);
    expect((await fetch(`${closed.origin}/sandboxes/sb_${'0'.repeat(32)}/graphql`, { method: 'POST' })).status).toBe(404);
    await expect(closed.sandboxes.create()).rejects.toThrow(/dev routes/);
    expect(() => closed.reset()).toThrow(/dev routes/);
  });
});
