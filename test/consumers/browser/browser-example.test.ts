import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserTestsRun, launchChromium } from '../chromium.js';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * examples/browser, built with Vite and run in Debian's chromium (playwright-core, never a browser
 * download): the whole backend is Parley in a SharedWorker behind MSW's `setupWorker`. Nothing
 * listens for /graphql: Vite's preview server only serves the built files.
 */
const configFile = fileURLToPath(new URL('../../../examples/browser/vite.config.ts', import.meta.url));
const publicDir = fileURLToPath(new URL('../../../examples/browser/public', import.meta.url));

let server: PreviewServer;
let origin: string;
let browser: Browser;
let context: BrowserContext;
/** Every URL a page asked for, and every WebSocket that reached the network. */
const requested: string[] = [];
const problems: string[] = [];

async function openTab(): Promise<Page> {
  const page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
  page.on('websocket', (socket) => requested.push(socket.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  // "live" once graphql-ws's connection is acknowledged; the subscribe frame follows at once.
  await expect.poll(() => page.textContent('#status'), { timeout: 20_000 }).toMatch(/^signed in as .* · live$/);
  return page;
}

const messages = (page: Page) => page.locator('#messages li').allTextContents();

describe.skipIf(!browserTestsRun)('examples/browser in headless Chromium', () => {
  beforeAll(async () => {
    // The worker script comes from the installed msw, as `npx msw init public` puts it (never committed).
    const mswPackage = createRequire(import.meta.url).resolve('msw/package.json');
    const mswCli = join(dirname(mswPackage), 'cli', 'index.js');
    await promisify(execFile)(process.execPath, [mswCli, 'init', publicDir, '--no-save']);
    await build({ configFile, logLevel: 'warn' });
    server = await preview({ configFile, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
    origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
    browser = await launchChromium();
    context = await browser.newContext();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('logs in as alice and lists #general, answered by Parley in the browser', async () => {
    const page = await openTab();
    expect(await page.textContent('#status')).toBe('signed in as Alice Martin · live');
    expect(await page.textContent('#title')).toBe('#general in Acme');
    expect((await messages(page)).length).toBe(20);
  });

  it('shows live a message another tab sent (one state for all tabs, in a SharedWorker)', async () => {
    const [first, second] = [await openTab(), await openTab()];
    const text = `hello from the other tab ${Date.now()}`;
    await second.fill('#text', text);
    await second.press('#text', 'Enter');
    // The first tab never reloads: the message arrives through its messageCreated subscription.
    await expect.poll(async () => (await messages(first)).at(-1), { timeout: 10_000 }).toBe(`you${text}`);
    await expect.poll(async () => (await messages(second)).at(-1), { timeout: 10_000 }).toBe(`you${text}`);
  });

  it('sets an avatar and sends an attachment: uploaded, shown from their URLs and downloaded, through the worker', async () => {
    const page = await openTab();
    // A 1x1 PNG: the page shows it only if the bytes came back as they went.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.setInputFiles('#avatar', { name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.textContent('#files-status'), { timeout: 10_000 }).toBe('avatar set');
    await page.setInputFiles('#attachment', { name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.textContent('#files-status'), { timeout: 10_000 }).toBe('attachment sent');
    const shown = (id: string) => page.$eval(id, (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth);
    await expect.poll(() => shown('#avatar-image'), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => shown('#preview'), { timeout: 10_000 }).toBe(1);
    expect(await page.$eval('#avatar-image', (image) => new URL((image as HTMLImageElement).src).pathname)).toMatch(/^\/uploads\//);
    // The download link, fetched as the page would: the same bytes, as an attachment with the name.
    const download = await page.$eval('#download', async (link) => {
      const response = await fetch((link as HTMLAnchorElement).href);
      return { path: new URL(response.url).pathname, disposition: response.headers.get('content-disposition'), bytes: [...new Uint8Array(await response.arrayBuffer())] };
    });
    expect(download.path).toMatch(/^\/files\//);
    expect(download.disposition).toBe('attachment; filename=dot.png');
    expect(Buffer.from(download.bytes).equals(png)).toBe(true);
  });

  it('sent nothing past the page: no request left its origin, no WebSocket reached the network, no error', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requested.filter((url) => url.endsWith('/graphql'))).not.toEqual([]);
    expect(problems).toEqual([]);
  });
});
