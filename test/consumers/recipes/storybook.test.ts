import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun } from '../chromium.js';
import { buildAndServe, expectAscendingOnce, sendAsBob, shownMessages, type ServedRecipe, type ShownMessage, type StaticServer, type WatchedBrowser } from './support/browser.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/storybook.md, followed word for word: the project built from its blocks, the
 * page's own `npx storybook build`, `storybook-static/` served as a static host would, and the
 * Chat stories opened in Storybook's UI in headless Chromium. Parley answers /graphql in the
 * preview through msw-storybook-addon's worker; switching stories runs the preview's
 * `beforeEach`, which resets it.
 */

const page = readRecipe('storybook.md');
const project = recipeProject(page);

let served: ServedRecipe;
let server: StaticServer;
let chrome: WatchedBrowser;
let ui: Page;

/** Storybook's preview iframe, where the story runs. */
const preview = (): Frame => ui.frame({ url: /\/iframe\.html/ })!;
const messages = (): Promise<ShownMessage[]> => shownMessages(preview(), 'section.chat');
const texts = async (): Promise<string[]> => (await messages()).map((message) => message.text);

/** Waits until the story's chat is drawn with its subscription acknowledged. */
async function storyLive(): Promise<void> {
  await ui.frameLocator('#storybook-preview-iframe').locator('section.chat[data-live="true"]').waitFor({ timeout: 60_000 });
  await expect.poll(() => messages().then((list) => list.length), { timeout: 10_000 }).toBe(20);
}

/** Opens a story from Storybook's sidebar, as a user does: the preview stays loaded, the story changes. */
async function openStory(id: string): Promise<void> {
  await ui.click(`[data-item-id="${id}"]`);
  await expect.poll(() => preview().url(), { timeout: 10_000 }).toContain(`id=${id}`);
}

describe.skipIf(!browserTestsRun)('docs/recipes/storybook.md in headless Chromium', () => {
  beforeAll(async () => {
    served = await buildAndServe({ name: 'storybook', project, build: 'npx storybook build', output: 'storybook-static', env: { STORYBOOK_DISABLE_TELEMETRY: '1' } });
    ({ server, chrome } = served);
  }, 900_000);

  afterAll(() => served?.close(), 120_000);

  it('the page says how to run and build Storybook', () => {
    expect(project.run).toEqual(['npx storybook dev -p 6006', 'npx storybook build']);
    expect(project.setup.at(-1)).toBe('npx msw init public --save');
  });

  it("the Alice story shows #general's newest page, ascending, as alice", { timeout: 90_000 }, async () => {
    ui = await chrome.newPage();
    await ui.goto(`${server.origin}/?path=/story/chat--alice`);
    await storyLive();
    expectAscendingOnce(await messages());
  });

  it('pages back: the older page goes in front, ascending, no message twice', async () => {
    const newest = await messages();
    await preview().click('section.chat button:text("Older messages")');
    await expect.poll(() => messages().then((list) => list.length), { timeout: 10_000 }).toBe(40);
    const both = await messages();
    expectAscendingOnce(both);
    expect(both.slice(20)).toEqual(newest);
  });

  it('shows what bob sends live, once', async () => {
    const text = `hello from bob ${Date.now()}`;
    await sendAsBob(preview(), 'general', text);
    await expect.poll(async () => (await texts()).at(-1), { timeout: 10_000 }).toBe(text);
    expect((await texts()).filter((shown) => shown === text)).toHaveLength(1);
    expectAscendingOnce(await messages());
  });

  it('starts each story from the seed: the message sent in the story before is gone', { timeout: 90_000 }, async () => {
    const sent = (await messages()).at(-1)!;
    await openStory('chat--bob');
    await storyLive();
    expect((await messages()).map((message) => message.id)).not.toContain(sent.id);
    const text = `bob's own, in his story ${Date.now()}`;
    await preview().fill('section.chat input', text);
    await preview().press('section.chat input', 'Enter');
    await expect.poll(async () => (await texts()).filter((shown) => shown === text), { timeout: 10_000 }).toEqual([text]);
    await openStory('chat--alice');
    await storyLive();
    const list = await messages();
    expect(list.at(-1)!.sequence).toBe(sent.sequence - 1);
    expect(list.map((message) => message.text)).not.toContain(text);
  });

  it('sent nothing to the network: MSW answered every /graphql call and WebSocket, and no page logged an error', () => {
    expect(chrome.requested.filter((url) => url.endsWith('/graphql'))).not.toEqual([]);
    expect(chrome.requested.filter((url) => !url.startsWith(`${server.origin}/`))).toEqual([]);
    // The endpoint's path itself (a built chunk may be named graphql-<hash>.js, and is fetched).
    expect(server.requests.filter((request) => /^\S+ \/graphql(?:[?/]|$)/.test(request))).toEqual([]);
    expect(server.requests).toContain('GET /mockServiceWorker.js');
    expect(chrome.problems).toEqual([]);
  });
});
