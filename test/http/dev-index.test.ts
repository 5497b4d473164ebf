import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devRoutes } from '../../src/mock-server/routes/dev/routes.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { createParleyBackend } from '../../src/msw/index.js';

let mock: RunningMockServer;
let closed: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, chaos: { latency: { minMs: 0, maxMs: 0 } } });
  closed = await startMockServer({ port: 0, empty: true, devRoutes: false });
});
afterAll(() => Promise.all([mock.close(), closed.close()]));

interface IndexBody {
  routes: { path: string; methods: string[]; description: string }[];
  chaos: { active: boolean; settings: Record<string, unknown> };
}

describe('GET /dev: the index of the dev controls', () => {
  it('answers JSON to a client that does not ask for HTML: every route of the table, with its methods and a description', async () => {
    const response = await fetch(`${mock.origin}/dev`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as IndexBody;
    const paths = body.routes.map((route) => route.path);
    expect(paths).toEqual(['/dev', ...devRoutes.map((route) => route.path)]);
    // Every control the issue names: outbox, journal, chaos, reset, snapshot (export and restore), fixtures.
    expect(paths).toEqual(expect.arrayContaining(['/dev/outbox', '/dev/journal', '/dev/chaos', '/dev/reset', '/dev/snapshot', '/dev/fixtures']));
    for (const route of body.routes) expect(route.description.length).toBeGreaterThan(10);
    expect(body.routes.find((route) => route.path === '/dev/journal')!.methods).toEqual(['GET', 'DELETE']);
    expect(body.routes.find((route) => route.path === '/dev/chaos')!.methods).toEqual(['GET', 'POST', 'DELETE']);
    expect(body.chaos).toEqual({ active: true, settings: { seed: 1, latency: { minMs: 0, maxMs: 0 } } });
  });

  it('answers an HTML page to a browser in the MSW door (no console bundle there), listing the routes and the chaos in force', async () => {
    // The HTTP door answers a browser with the dev console instead (test/http/dev-console-page.test.ts).
    const backend = await createParleyBackend({ empty: true });
    const page = (path: string) => backend.route(new Request(`http://parley.test${path}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } }));
    backend.chaos.set({ operations: { SendMessage: { errorCode: 'FORBIDDEN' } } });
    const response = await page('/dev/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    for (const route of devRoutes) {
      expect(html).toContain(`href="${route.path}"`);
      expect(html).toContain(route.description.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`));
    }
    expect(html).toContain('&#34;SendMessage&#34;');
    expect(html).toContain('&#34;FORBIDDEN&#34;');
    backend.chaos.clear();
    expect(await (await page('/dev')).text()).toContain('No chaos');
  });

  it('answers the dev console to a browser in the HTTP door, and JSON to everyone else', async () => {
    const response = await fetch(`${mock.origin}/dev/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<script type="module" src="/dev/console/console.js"></script>');
    expect((await fetch(`${mock.origin}/dev`, { headers: { accept: 'application/json' } })).headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('refuses other methods with 405 and Allow, and unknown dev paths with 404 naming the index', async () => {
    const post = await fetch(`${mock.origin}/dev`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const put = await fetch(`${mock.origin}/dev/journal`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, DELETE, HEAD');
    expect(((await put.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('BAD_REQUEST');
    const missing = await fetch(`${mock.origin}/dev/nothing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('GET /dev lists the dev routes');
  });

  it('--no-dev-routes (devRoutes: false) turns every /dev path off: 404', async () => {
    for (const path of ['/dev', '/dev/', '/dev/journal', '/dev/chaos', '/dev/outbox']) {
      expect((await fetch(`${closed.origin}${path}`)).status, path).toBe(404);
    }
    expect((await fetch(`${closed.origin}/dev/chaos`, { method: 'POST', body: '{"latency":{"minMs":5,"maxMs":5}}' })).status).toBe(404);
    expect(closed.runtime.chaos.active).toBe(false);
  });
});
