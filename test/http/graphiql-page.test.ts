import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefersHtml } from '../../src/mock-server/routes/prefers-html.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

/** What Chromium and Firefox send when a person opens a URL. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let mock: RunningMockServer;
let withoutGraphiql: RunningMockServer;

beforeAll(async () => {
  [mock, withoutGraphiql] = await Promise.all([startMockServer({ port: 0, empty: true }), startMockServer({ port: 0, empty: true, graphiql: false })]);
});
afterAll(() => Promise.all([mock.close(), withoutGraphiql.close()]));

const get = (url: string, headers: Record<string, string>) => fetch(url, { headers });

describe('GET /graphql: a browser gets GraphiQL, every other client GraphQL over HTTP', () => {
  it('a browser (Accept prefers text/html) gets the page, which loads its bundle from this origin only', async () => {
    const response = await get(mock.url, { accept: BROWSER_ACCEPT });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept');
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const page = await response.text();
    expect(page).toContain('<script type="module" src="/graphiql/graphiql.js"></script>');
    expect(page).toContain('<link rel="stylesheet" href="/graphiql/graphiql.css">');
    expect(page).not.toMatch(/https?:\/\//);
  });

  it.each([
    ['application/json', 'application/json; charset=utf-8'],
    ['application/graphql-response+json', 'application/graphql-response+json; charset=utf-8'],
    ['*/*', 'application/json; charset=utf-8'],
    ['text/html;q=0.5, application/json', 'application/json; charset=utf-8'],
    ['text/html, application/graphql-response+json', 'application/graphql-response+json; charset=utf-8'],
  ])('Accept %s stays a GraphQL GET request', async (accept, contentType) => {
    const response = await get(`${mock.url}?query=${encodeURIComponent('{ health }')}`, { accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(await response.json()).toEqual({ data: { health: 'ok' } });
  });

  it('without an Accept header a GET is GraphQL', async () => {
    const response = await fetch(`${mock.url}?query=${encodeURIComponent('{ health }')}`, { headers: { accept: '' } });
    expect(await response.json()).toEqual({ data: { health: 'ok' } });
  });

  it('a POST is GraphQL whatever it accepts', async () => {
    const response = await fetch(mock.url, { method: 'POST', headers: { accept: BROWSER_ACCEPT, 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ health }' }) });
    expect(response.headers.get('content-type')).not.toContain('text/html');
  });

  it('with graphiql: false a browser gets GraphQL over HTTP, and /graphiql/ serves nothing', async () => {
    const page = await get(withoutGraphiql.url, { accept: BROWSER_ACCEPT });
    expect(page.headers.get('content-type')).not.toContain('text/html');
    expect((await get(`${withoutGraphiql.origin}/graphiql/graphiql.js`, {})).status).toBe(404);
  });
});

describe('/graphiql/: the bundle', () => {
  it.each([
    ['graphiql.js', 'text/javascript; charset=utf-8'],
    ['graphiql.css', 'text/css; charset=utf-8'],
  ])('%s is served with its type and an ETag; a revalidation is 304', async (name, type) => {
    const response = await get(`${mock.origin}/graphiql/${name}`, {});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`${mock.origin}/graphiql/${name}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('the bundle names no other origin to load from (no CDN)', async () => {
    const script = await (await get(`${mock.origin}/graphiql/graphiql.js`, {})).text();
    expect(script).not.toMatch(/(unpkg\.com|jsdelivr|esm\.sh|cdnjs)/);
    const css = await (await get(`${mock.origin}/graphiql/graphiql.css`, {})).text();
    expect(css).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
  });

  it('any other file is 404 with a code', async () => {
    const response = await get(`${mock.origin}/graphiql/../package.json`, {});
    expect(response.status).toBe(404);
    const other = await get(`${mock.origin}/graphiql/index.html`, {});
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
  });
});

describe('prefersHtml', () => {
  it.each([
    [BROWSER_ACCEPT, true],
    ['text/html', true],
    ['application/json, text/html', false],
    ['text/html, application/json', false],
    ['application/json;q=0.5, text/html', true],
    ['text/html;q=0, application/json', false],
    ['text/html;q=0', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});
