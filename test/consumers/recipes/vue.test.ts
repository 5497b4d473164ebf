import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { childEnv } from '../child-processes.js';
import { browserTestsRun } from '../chromium.js';
import { expectAscendingOnce, shownMessages, watchedBrowser, type ShownMessage, type WatchedBrowser } from './support/browser.js';
import { buildProject, packedWorkspace, type Workspace } from './support/recipe-build.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/vue.md, followed word for word: Vue 3 with @vue/apollo-composable on Apollo
 * Client 3, Parley in the page through MSW. The page's own `npx vite` (Vite's dev server, on a free
 * port), driven in headless Chromium: the dev server is where Apollo Client 3's main entry point
 * fails without React (`Could not resolve "react" imported by "rehackt"`), which `vite build`
 * lets through; the Apollo modules import from `@apollo/client/core` for that.
 */

const page = readRecipe('vue.md');
const project = recipeProject(page);

let workspace: Workspace;
let vite: ChildProcess | undefined;
let viteOutput = '';
let origin: string;
let chrome: WatchedBrowser;
let alice: Page;

const messages = (tab: Page): Promise<ShownMessage[]> => shownMessages(tab, '#messages');

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** `text` without its ANSI colour and style escapes. */
const withoutColours = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '');

/** A tab of the app as `person`, once it shows #general and its socket is acknowledged. */
async function open(person?: string): Promise<Page> {
  const tab = await chrome.newPage();
  await tab.goto(person ? `${origin}/?as=${person}` : `${origin}/`);
  // The first load has Vite optimise the dependencies, and reload the page once.
  await expect.poll(() => tab.textContent('#title').catch(() => null), { timeout: 90_000 }).toBe('#general');
  await expect.poll(() => tab.getAttribute('#status', 'data-live').catch(() => null), { timeout: 20_000 }).toBe('');
  return tab;
}

describe.skipIf(!browserTestsRun)('docs/recipes/vue.md in headless Chromium, on Vite’s dev server', () => {
  beforeAll(async () => {
    workspace = await packedWorkspace('vue');
    const dir = join(workspace.dir, 'project');
    await buildProject(dir, project, workspace.tarball);
    const port = await freePort();
    // The page's command, on a port of the test's own, in a process group of its own (npx starts Vite as its child).
    vite = spawn('sh', ['-c', `exec ${project.run[0]!} --port ${port} --strictPort`], { cwd: dir, env: childEnv, detached: true });
    vite.stdout?.setEncoding('utf8').on('data', (chunk: string) => (viteOutput += chunk));
    vite.stderr?.setEncoding('utf8').on('data', (chunk: string) => (viteOutput += chunk));
    await vi.waitFor(
      () => {
        // Vite colours its banner where CI is set (picocolors), the port in bold: read it without the escapes.
        if (!withoutColours(viteOutput).includes(`localhost:${port}`)) throw new Error(`Vite is not up yet:\n${viteOutput}`);
      },
      { timeout: 60_000, interval: 100 },
    );
    origin = `http://localhost:${port}`;
    chrome = await watchedBrowser();
  }, 600_000);

  afterAll(async () => {
    await chrome?.close();
    // npx and Vite under it: the whole process group.
    if (vite?.pid !== undefined && vite.exitCode === null) process.kill(-vite.pid, 'SIGTERM');
    await workspace?.remove();
  }, 120_000);

  it('the page installs Vue, @vue/apollo-composable and Apollo Client 3, and runs Vite', () => {
    expect(project.setup).toEqual([
      'npm install vue@3 @vue/apollo-composable@4 @apollo/client@3 graphql@16 graphql-ws@6',
      'npm install --save-dev parley msw@2 vite@8 @vitejs/plugin-vue@6',
      'npx msw init public --save',
    ]);
    expect(project.run).toEqual(['npx vite']);
  });

  it('alice sees the newest page of #general, ascending, through useQuery', { timeout: 150_000 }, async () => {
    alice = await open();
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(20);
    expectAscendingOnce(await messages(alice));
  });

  it('pages back with fetchMore: the older page goes in front, no message twice', { timeout: 30_000 }, async () => {
    const newest = await messages(alice);
    await alice.click('#older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(40);
    const two = await messages(alice);
    expectAscendingOnce(two);
    expect(two.slice(20)).toEqual(newest);
  });

  it("bob sends from a second tab: alice's list shows it live through useSubscription, once; bob's optimistic send settles once", { timeout: 60_000 }, async () => {
    const bob = await open('bob');
    const text = `hello from bob ${Date.now()}`;
    await bob.fill('#text', text);
    await bob.press('#text', 'Enter');
    await expect.poll(async () => (await messages(alice)).at(-1)?.text.trim(), { timeout: 10_000 }).toBe(`them: ${text}`);
    await expect.poll(async () => (await messages(bob)).filter((message) => message.text.trim() === `you: ${text}`).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => bob.$$eval('#messages li.pending', (items) => items.length), { timeout: 10_000 }).toBe(0);
    expect((await messages(alice)).filter((message) => message.text.includes(text))).toHaveLength(1);
    expectAscendingOnce(await messages(alice));
  });

  it('no page logged an error', () => {
    expect(chrome.problems).toEqual([]);
  });
});
