import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../../src/conformance/reporters/html.js';
import { runConformance } from '../../../src/conformance/run.js';
import type { CheckResult, RunReport } from '../../../src/conformance/types.js';
import { startMockServer } from '../../../src/mock-server/mock-server.js';
import { makeContentNfc } from '../../conformance/faults/edges/content.js';
import { startProxy } from '../../conformance/support/proxy.js';
import { RUN_TIMEOUT } from '../../conformance/support/runs.js';
import { browserTestsRun, launchChromium } from '../chromium.js';

/**
 * The HTML report (`--reporter html`) in Debian's chromium, opened from `file://` as a CI
 * artifact is: a real run against a server that stores text NFC-normalized (an edge fault of
 * test/conformance/faults/edges/), which model.messages catches, rendered to a file. The page
 * must fetch nothing, log no error and no CSP violation, and its filters must work. The run also
 * takes the screenshots of docs/conformance.md: into docs/images/ with UPDATE_SCREENSHOTS=1 (so a
 * test run leaves the work tree as it was), else into a temporary folder.
 */

const images = process.env['UPDATE_SCREENSHOTS'] === '1' ? fileURLToPath(new URL('../../../docs/images/', import.meta.url)) : mkdtempSync(join(tmpdir(), 'parley-screenshots-'));

/** The model checks other than model.messages, left out so the report holds one failure. */
const OTHER_MODEL_CHECKS = ['model.messages-since', 'model.credentials', 'model.events'];

let browser: Browser;
let page: Page;
let report: RunReport;
let failure: CheckResult;
let fileUrl: string;
/** Every URL a page asked for. */
const requested: string[] = [];
/** Console errors and warnings (Chromium logs a CSP violation as an error), and uncaught errors. */
const problems: string[] = [];

async function open(url: string, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  const opened = await context.newPage();
  opened.on('request', (request) => requested.push(request.url()));
  opened.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  opened.on('pageerror', (error) => problems.push(error.message));
  await opened.goto(url);
  return opened;
}

/** The checks the page lists: the ones the run left out by choice are summed up under "Skipped" instead. */
const shownChecks = () => report.results.filter((result) => result.skip !== 'chosen').length;

const visible = (selector: string) => page.locator(`${selector}:visible`).count();

describe.skipIf(!browserTestsRun)('the HTML conformance report in headless Chromium', () => {
  beforeAll(async () => {
    const mock = await startMockServer({ port: 0, empty: true });
    const proxy = await startProxy({ upstream: mock.origin, hooks: makeContentNfc().hooks });
    try {
      // Shrinking is bounded as a user's run bounds it, but by seconds, not a minute: the page shows
      // whatever history the run reports, and a loaded machine must not run past the hook's timeout.
      report = await runConformance({ baseUrl: proxy.origin, seed: 36, skip: OTHER_MODEL_CHECKS, shrinkMs: 5_000 });
    } finally {
      await proxy.close();
      await mock.close();
    }
    failure = report.results.find((result) => result.id === 'model.messages')!;
    const file = join(mkdtempSync(join(tmpdir(), 'parley-report-')), 'report.html');
    writeFileSync(file, renderHtml(report));
    fileUrl = pathToFileURL(file).href;
    browser = await launchChromium();
    page = await open(fileUrl);
  }, RUN_TIMEOUT);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the verdict and the counts; the run passed every other check', async () => {
    expect(report.summary).toMatchObject({ failed: 1, mustFailed: 1, skipped: OTHER_MODEL_CHECKS.length });
    expect(failure.outcome).toBe('failed');
    expect(await page.textContent('#verdict')).toMatch(/^FAIL: 1 MUST check failed; http:\/\/127\.0\.0\.1:\d+\/graphql does not conform\.$/);
    expect(await page.textContent('[data-count="passed"] b')).toBe(String(report.summary.passed));
    expect(await page.textContent('[data-count="failed"]')).toBe('1 failed (1 MUST)');
    expect(await page.textContent('[data-count="skipped"] b')).toBe(String(OTHER_MODEL_CHECKS.length));
    expect(await visible('article.check')).toBe(shownChecks());
    mkdirSync(images, { recursive: true });
    await page.screenshot({ path: join(images, 'conformance-report.png') });
  });

  it('"Failed" hides the passed checks and shows the failure, its steps and the exchanges of the step that broke a rule', async () => {
    await page.click('#filters button[data-group="status"][data-value="failed"]');
    expect(await visible('article.check')).toBe(1);
    expect(await visible('article.check[data-outcome="passed"]')).toBe(0);
    expect(await page.locator('article.check:visible').getAttribute('id')).toBe('check-model.messages');
    expect(await page.textContent('#shown')).toBe(`Showing 1 of ${shownChecks()} checks`);
    expect(new URL(page.url()).hash).toBe('#status=failed');
    const steps = failure.history!.steps;
    expect(await page.locator('li.step:visible .n').allTextContents()).toEqual(steps.map((step) => String(step.n)));
    const broken = page.locator('li.step.broken');
    expect(await broken.count()).toBe(1);
    expect(await broken.locator('.action').textContent()).toBe(steps.at(-1)!.action);
    expect(await broken.locator('dl.broke').textContent()).toContain('stored-as-sent');
    // The step's exchanges are open: its request and the response that broke the rule can be read.
    const own = steps.at(-1)!.exchanges.length;
    expect(await broken.locator('details.fold .exchange:visible').count()).toBe(own);
    expect(await broken.locator('details.fold .exchange').last().textContent()).toContain('"nodes"');
    // The other steps' exchanges are folded, their title lines shown.
    const others = steps.slice(0, -1).reduce((n, step) => n + step.exchanges.length, 0);
    expect(await page.locator('li.step:not(.broken) details.fold summary:visible').count()).toBe(others);
    expect(await page.locator('li.step:not(.broken) details.fold .exchange:visible').count()).toBe(0);
    // The docs' picture: from the filter bar to the exchange of the step that broke the rule, 1280 pixels wide.
    await page.evaluate(() => window.scrollTo(0, 0));
    const top = (await page.locator('#filters').boundingBox())!.y;
    const bottom = (await broken.boundingBox())!.y + 400;
    await page.screenshot({ path: join(images, 'conformance-report-failure.png'), fullPage: true, clip: { x: 0, y: top - 8, width: 1280, height: bottom - top } });
  });

  it('keeps the filters in the URL: a link with #status=failed opens filtered; "Show all" clears them', async () => {
    const filtered = await open(`${fileUrl}#status=failed&level=MUST`);
    expect(await filtered.locator('article.check:visible').count()).toBe(1);
    expect(await filtered.getAttribute('button[data-value="MUST"]', 'aria-pressed')).toBe('true');
    await filtered.click('#filters .clear');
    expect(await filtered.locator('article.check:visible').count()).toBe(shownChecks());
    expect(new URL(filtered.url()).hash).toBe('');
  });

  it('shows every check, and no filter bar, with JavaScript off', async () => {
    const still = await open(fileUrl, false);
    expect(await still.locator('article.check:visible').count()).toBe(shownChecks());
    expect(await still.locator('#filters:visible').count()).toBe(0);
  });

  it('fetched nothing but the file, logged no error and no CSP violation; the screenshots are small PNGs', () => {
    expect([...new Set(requested.map((url) => url.replace(/#.*$/, '')))]).toEqual([fileUrl]);
    expect(problems).toEqual([]);
    for (const name of ['conformance-report.png', 'conformance-report-failure.png']) expect(statSync(join(images, name)).size).toBeLessThan(300 * 1024);
  });
});
