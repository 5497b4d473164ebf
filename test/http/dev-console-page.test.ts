import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

/**
 * The dev console's page and bundle in the HTTP door (the console itself runs in Chromium:
 * test/consumers/browser/console.test.ts). It is served only where `/dev` is, with a CSP that keeps
 * the page to its own origin (the Host and Origin checks: test/security/dev-console-page.test.ts);
 * a browser gets it at `GET /dev`, any other client keeps the JSON index.
 */

let mock: RunningMockServer;
let closed: RunningMockServer;
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  closed = await startMockServer({ port: 0, empty: true, devRoutes: false });
});
afterAll(() => Promise.all([mock.close(), closed.close()]));

describe('GET /dev from a browser: the dev console', () => {
  it('is a page that loads its bundle from /dev/console/, under a CSP that allows its own origin only', async () => {
    const response = await fetch(`${mock.origin}/dev`, { headers: HTML });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept');
    const csp = response.headers.get('content-security-policy')!;
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe');
    const html = await response.text();
    expect(html).toContain('<link rel="stylesheet" href="/dev/console/console.css">');
    expect(html).toContain('<script type="module" src="/dev/console/console.js"></script>');
    // Nothing from elsewhere: every URL in the page is a path of this origin (or the empty icon).
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]+)"/g)) expect(url!.startsWith('/') || url === 'data:,', url).toBe(true);
  });

  it('serves the bundle (JS and CSS) with its media types and an ETag, and nothing else under /dev/console/', async () => {
    const js = await fetch(`${mock.origin}/dev/console/console.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const code = await js.text();
    expect(code.length).toBeGreaterThan(1000);
    // Offline: the bundle fetches from no other host.
    expect(code).not.toMatch(/https?:\/\/(?!localhost|127\.0\.0\.1|www\.w3\.org|react\.dev|reactjs\.org)[a-z0-9.-]+\.[a-z]{2,}\//i);
    const etag = js.headers.get('etag')!;
    expect((await fetch(`${mock.origin}/dev/console/console.js`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const css = await fetch(`${mock.origin}/dev/console/console.css`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).not.toMatch(/@import|url\(\s*['"]?https?:/);
    for (const name of ['__proto__', 'constructor', 'toString', 'console.js.LEGAL.txt', '..%2Fgraphiql%2Fgraphiql.js', 'nothing.js']) {
      expect((await fetch(`${mock.origin}/dev/console/${name}`)).status, name).toBe(404);
    }
    expect((await fetch(`${mock.origin}/dev/console/console.js`, { method: 'POST' })).status).toBe(405);
  });

  it('keeps the JSON index for every client that does not prefer HTML', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'text/html;q=0.5, application/json']) {
      const response = await fetch(`${mock.origin}/dev`, { headers: accept ? { accept } : {} });
      expect(response.headers.get('content-type'), accept).toMatch(/^application\/json/);
      expect(((await response.json()) as { routes: unknown[] }).routes.length).toBeGreaterThan(3);
    }
  });

  it('is not served where /dev is not (--no-dev-routes): 404 for the page and the bundle', async () => {
    expect((await fetch(`${closed.origin}/dev`, { headers: HTML })).status).toBe(404);
    expect((await fetch(`${closed.origin}/dev/console/console.js`)).status).toBe(404);
  });

  it("a sandbox's console loads its bundle under the sandbox, and an unknown sandbox has none", async () => {
    const made = (await (await fetch(`${mock.origin}/sandboxes`, { method: 'POST' })).json()) as { id: string; devUrl: string };
    const html = await (await fetch(made.devUrl, { headers: HTML })).text();
    expect(html).toContain(`src="/sandboxes/${made.id}/dev/console/console.js"`);
    expect((await fetch(`${mock.origin}/sandboxes/${made.id}/dev/console/console.css`)).status).toBe(200);
    expect((await fetch(`${mock.origin}/sandboxes/nope/dev`, { headers: HTML })).status).toBe(404);
    expect((await fetch(`${mock.origin}/sandboxes/nope/dev/console/console.js`)).status).toBe(404);
  });
});
