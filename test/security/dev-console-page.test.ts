import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

/**
 * Attack classes: a foreign web page using the dev console (cross-site requests, and DNS
 * rebinding: a hostile name pointed at 127.0.0.1 so the page becomes same-origin), and framing
 * it (clickjacking). The console's page and bundle answer only where `/dev` does, behind the same
 * Host allow-list and Origin check, before anything is served; the page may not be framed and
 * may talk to its own origin only (its CSP), so a script injected through data it shows could
 * send nothing elsewhere.
 */

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
let mock: RunningMockServer;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

/** A GET with a Host header `fetch` would not send. */
function getWithHost(path: string, host: string): Promise<number> {
  const url = new URL(mock.origin);
  return new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: { ...HTML, host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    })
      .on('error', reject)
      .end();
  });
}

describe('the dev console and another origin', () => {
  it('refuses a page of another origin before answering the page or the bundle: 403, no CORS header', async () => {
    for (const path of ['/dev', '/dev/console/console.js', '/dev/console/console.css']) {
      const foreign = await fetch(`${mock.origin}${path}`, { headers: { ...HTML, origin: 'http://evil.example' } });
      expect(foreign.status, path).toBe(403);
      expect(await foreign.text(), path).toContain('--cors-origin');
      expect(foreign.headers.get('access-control-allow-origin'), path).toBeNull();
    }
  });

  it('refuses a Host nobody allowed (DNS rebinding): 403 for the page and the bundle', async () => {
    expect(await getWithHost('/dev', 'rebound.example')).toBe(403);
    expect(await getWithHost('/dev/console/console.js', 'rebound.example:80')).toBe(403);
    expect(await getWithHost('/dev', `localhost:${new URL(mock.origin).port}`)).toBe(200);
  });

  it('may not be framed, and may load and call its own origin only', async () => {
    const page = await fetch(`${mock.origin}/dev`, { headers: HTML });
    expect(page.status).toBe(200);
    const csp = (page.headers.get('content-security-policy') ?? '').split(';').map((directive) => directive.trim());
    expect(csp).toEqual(expect.arrayContaining(["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"]));
    expect(csp.join(';')).not.toMatch(/unsafe|\*|https?:/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
