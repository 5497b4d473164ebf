import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun } from '../chromium.js';
import { buildAndServe, expectAscendingOnce, shownMessages, type ServedRecipe, type ShownMessage, type StaticServer, type WatchedBrowser } from './support/browser.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/react.md, followed word for word on top of the pages it uses (the browser build;
 * the Apollo Client page's three modules): `npx vite build`, `dist/` served as a static host
 * would, and the app driven in headless Chromium. Two tabs of one browser context share Parley's
 * SharedWorker: alice in one, bob in the other.
 */

const page = readRecipe('react.md');
const project = recipeProject(page);

let served: ServedRecipe;
let server: StaticServer;
let chrome: WatchedBrowser;
let alice: Page;
let bob: Page;

const messages = (tab: Page): Promise<ShownMessage[]> => shownMessages(tab, 'ul.messages');
const withText = async (tab: Page, text: string): Promise<ShownMessage[]> => (await messages(tab)).filter((message) => message.text.endsWith(`: ${text}`));
const pending = (tab: Page): Promise<number> => tab.locator('li[data-pending]').count();

/** A tab of the app as `person`, once it shows #general and its socket is connected. */
async function open(person?: string): Promise<Page> {
  const tab = await chrome.newPage();
  await tab.goto(person ? `${server.origin}/?as=${person}` : `${server.origin}/`);
  await tab.locator('.connection[data-live="true"]').waitFor({ timeout: 30_000 });
  await expect.poll(() => messages(tab).then((list) => list.length), { timeout: 10_000 }).toBe(20);
  return tab;
}

async function send(tab: Page, text: string): Promise<void> {
  await tab.fill('input[aria-label="Message"]', text);
  await tab.press('input[aria-label="Message"]', 'Enter');
}

describe.skipIf(!browserTestsRun)('docs/recipes/react.md in headless Chromium', () => {
  beforeAll(async () => {
    served = await buildAndServe({ name: 'react', project, build: 'npx vite build', output: 'dist' });
    ({ server, chrome } = served);
  }, 900_000);

  afterAll(() => served?.close(), 120_000);

  it('builds on the browser build and the Apollo Client modules', () => {
    expect(page.uses).toEqual([
      { page: 'browser-build.md', paths: ['src/parley.worker.ts', 'src/mock.ts', 'src/backend.ts', 'src/vite-env.d.ts'] },
      { page: 'apollo-client.md', paths: ['src/apollo/operations.ts', 'src/apollo/cache.ts', 'src/apollo/client.ts'] },
    ]);
    expect(project.run).toEqual(['npx vite']);
    // Only what the page shows: none of the browser build's own app.
    expect([...project.files.keys()].filter((path) => ['src/main.ts', 'src/chat.ts', 'src/api.ts'].includes(path))).toEqual([]);
  });

  it("alice sees #general's newest page, ascending", { timeout: 60_000 }, async () => {
    alice = await open();
    expectAscendingOnce(await messages(alice));
  });

  it('pages back with fetchMore: each older page goes in front, ascending, no message twice', async () => {
    const newest = await messages(alice);
    await alice.click('button.older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(40);
    const two = await messages(alice);
    expectAscendingOnce(two);
    expect(two.slice(20)).toEqual(newest);
    await alice.click('button.older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(60);
    const three = await messages(alice);
    expectAscendingOnce(three);
    expect(three.slice(20)).toEqual(two);
  });

  it("bob's message reaches alice's useSubscription live, once", { timeout: 60_000 }, async () => {
    bob = await open('bob');
    const text = `hello from bob ${Date.now()}`;
    await send(bob, text);
    await expect.poll(async () => (await messages(alice)).at(-1)?.text, { timeout: 10_000 }).toBe(`them: ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await withText(alice, text)).toHaveLength(1);
    expect(await withText(bob, text)).toHaveLength(1);
    expectAscendingOnce(await messages(alice));
  });

  it("alice's own send shows at once (optimistic), then once: the server's copy, never beside its echo", async () => {
    const text = `sent by alice ${Date.now()}`;
    await send(alice, text);
    await expect.poll(() => withText(alice, text).then((list) => list.length), { timeout: 5_000 }).toBe(1);
    await expect.poll(() => pending(alice), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => withText(bob, text).then((list) => list.length), { timeout: 10_000 }).toBe(1);
    // The echo has reached alice's subscription as well by now: still once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = await withText(alice, text);
    expect(mine).toEqual((await withText(bob, text)).map((message) => ({ ...message, text: `you: ${text}` })));
    expectAscendingOnce(await messages(alice));
    // Three quick sends: Apollo replays the pending ones over each other as each settles.
    const burst = [1, 2, 3].map((n) => `burst ${n} ${Date.now()}`);
    for (const content of burst) await send(alice, content);
    await expect.poll(async () => (await messages(alice)).slice(-3).map((message) => message.text), { timeout: 10_000 }).toEqual(burst.map((content) => `you: ${content}`));
    await expect.poll(() => pending(alice), { timeout: 10_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const content of burst) expect(await withText(alice, content)).toHaveLength(1);
    expectAscendingOnce(await messages(alice));
  });

  it('resets: the button takes every tab back to the seed', { timeout: 60_000 }, async () => {
    const last = (await messages(alice)).at(-1)!;
    await alice.click('button.reset');
    await alice.waitForURL(`${server.origin}/`);
    await alice.locator('.connection[data-live="true"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(20);
    const list = await messages(alice);
    expect(list.at(-1)!.sequence).toBe(last.sequence - 5); // bob's message, alice's and her three are gone
    expect(list.map((message) => message.text).filter((text) => /hello from bob|sent by alice|burst/.test(text))).toEqual([]);
  });

  it('sent nothing to the network: MSW answered every /graphql call and WebSocket, and no page logged an error', () => {
    expect(chrome.requested.filter((url) => url.endsWith('/graphql'))).not.toEqual([]);
    expect(chrome.requested.filter((url) => !url.startsWith(`${server.origin}/`))).toEqual([]);
    expect(server.requests.filter((request) => request.includes('graphql'))).toEqual([]);
    expect(chrome.problems).toEqual([]);
  });
});
