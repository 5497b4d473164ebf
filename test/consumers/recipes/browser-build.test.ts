import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finished } from '../child-processes.js';
import { browserTestsRun } from '../chromium.js';
import { buildAndServe, expectAscendingOnce, shownMessages, type ServedRecipe, type ShownMessage, type StaticServer, type WatchedBrowser } from './support/browser.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/browser-build.md, followed word for word: the project built from its blocks, then
 * the page's own `npx vite build`, then `dist/` served as a static host would and driven in
 * headless Chromium. Parley runs in the page's SharedWorker behind MSW; the static server's log
 * proves that no /graphql call ever reached the network.
 */

const page = readRecipe('browser-build.md');
const project = recipeProject(page);

let served: ServedRecipe;
let build: Finished;
let server: StaticServer;
let chrome: WatchedBrowser;
let alice: Page;
let bob: Page;

const messages = (tab: Page): Promise<ShownMessage[]> => shownMessages(tab, '#messages');
const withText = async (tab: Page, text: string): Promise<ShownMessage[]> => (await messages(tab)).filter((message) => message.text.endsWith(`: ${text}`));

/** A tab of the app as `person`, once it shows #general and its subscription is acknowledged. */
async function open(person?: string): Promise<Page> {
  const tab = await chrome.newPage();
  await tab.goto(person ? `${server.origin}/?as=${person}` : `${server.origin}/`);
  await expect.poll(() => tab.textContent('#title'), { timeout: 30_000 }).toBe('#general');
  await expect.poll(() => tab.getAttribute('#status', 'data-live'), { timeout: 15_000 }).toBe('');
  return tab;
}

async function send(tab: Page, text: string): Promise<void> {
  await tab.fill('#text', text);
  await tab.press('#text', 'Enter');
}

describe.skipIf(!browserTestsRun)('docs/recipes/browser-build.md in headless Chromium', () => {
  beforeAll(async () => {
    served = await buildAndServe({ name: 'browser-build', project, build: 'npx vite build', output: 'dist' });
    ({ build, server, chrome } = served);
  }, 600_000);

  afterAll(() => served?.close(), 120_000);

  it('the page says how to build and run the app, and the build warns of nothing', () => {
    expect(project.setup).toEqual(['npm install --save-dev parley msw@2 vite@8', 'npm install graphql-ws@6', 'npx msw init public --save']);
    expect(project.run).toContain('npx vite build');
    expect(`${build.stdout}\n${build.stderr}`).not.toMatch(/warn|\(!\)/i);
  });

  it('alice sees the newest page of #general, ascending', async () => {
    alice = await open();
    const list = await messages(alice);
    expect(list).toHaveLength(20);
    expectAscendingOnce(list);
    expect(await alice.isVisible('#older')).toBe(true);
  });

  it('pages back: each older page goes in front, ascending, no message twice', async () => {
    const newest = await messages(alice);
    await alice.click('#older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(40);
    const two = await messages(alice);
    expectAscendingOnce(two);
    expect(two.slice(20)).toEqual(newest);
    await alice.click('#older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(60);
    const three = await messages(alice);
    expectAscendingOnce(three);
    expect(three.slice(20)).toEqual(two);
  });

  it("bob sends from a second tab: alice's tab shows it live, once; so does bob's", async () => {
    bob = await open('bob');
    const text = `hello from bob ${Date.now()}`;
    await send(bob, text);
    await expect.poll(async () => (await messages(alice)).at(-1)?.text, { timeout: 10_000 }).toBe(`them: ${text}`);
    await expect.poll(() => withText(bob, text).then((list) => list.map((message) => message.text)), { timeout: 10_000 }).toEqual([`you: ${text}`]);
    // The echo of bob's own send has come by now too: still once in each tab.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await withText(alice, text)).toHaveLength(1);
    expect(await withText(bob, text)).toHaveLength(1);
    expectAscendingOnce(await messages(alice));
  });

  it('resets: the button takes every tab back to the seed, and bob’s message is gone', async () => {
    const sent = (await messages(alice)).at(-1)!;
    await alice.click('#reset');
    await alice.waitForURL(`${server.origin}/`); // reloaded
    await expect.poll(() => alice.getAttribute('#status', 'data-live'), { timeout: 20_000 }).toBe('');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(20);
    const list = await messages(alice);
    expect(list.map((message) => message.id)).not.toContain(sent.id);
    expect(list.at(-1)!.sequence).toBe(sent.sequence - 1);
    // And live again after it, from bob's tab reloaded (its session ended with the reset).
    await bob.reload();
    await expect.poll(() => bob.getAttribute('#status', 'data-live'), { timeout: 20_000 }).toBe('');
    const text = `after the reset ${Date.now()}`;
    await send(bob, text);
    await expect.poll(async () => (await messages(alice)).at(-1)?.text, { timeout: 10_000 }).toBe(`them: ${text}`);
  });

  it('sent nothing to the network: MSW answered every /graphql call and WebSocket, and no page logged an error', () => {
    expect(chrome.requested.filter((url) => url.endsWith('/graphql'))).not.toEqual([]);
    expect(chrome.requested.filter((url) => !url.startsWith(`${server.origin}/`))).toEqual([]);
    expect(server.requests.filter((request) => request.includes('graphql'))).toEqual([]);
    expect(server.requests).toContain('GET /mockServiceWorker.js');
    expect(chrome.problems).toEqual([]);
  });
});
