import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { run, type Finished } from '../../child-processes.js';
import { launchChromium } from '../../chromium.js';
import { buildProject, packedWorkspace, type Workspace } from './recipe-build.js';
import type { RecipeProject } from './recipe-page.js';

/**
 * What the browser recipes' tests share: a static server for a built app (Vite's `dist/`,
 * Storybook's `storybook-static/`) that records every path it was asked for, and a headless
 * Chromium whose pages report what they requested and what went wrong in them.
 *
 * The server is where a request that MSW did not answer ends up (the app and the page share one
 * origin), so its log is the proof that no `/graphql` call reached the network.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

export interface StaticServer {
  readonly origin: string;
  /** Every request's method and path (with its query), in the order they came. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

/** Serves the files of `root` on 127.0.0.1 (a free port): `/` is index.html, a missing file 404. */
export async function serveStatic(root: string): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    let file = join(root, normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (request.method !== 'GET' || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WatchedBrowser {
  readonly browser: Browser;
  readonly context: BrowserContext;
  /** Every URL a page of the context asked for (including what MSW answered), and every WebSocket that reached the network. */
  readonly requested: string[];
  /** Console errors and uncaught exceptions of every page. */
  readonly problems: string[];
  /** A new page of the context, watched. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** Headless Chromium with one context: its pages share a SharedWorker, as tabs of one browser do. */
export async function watchedBrowser(): Promise<WatchedBrowser> {
  const browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const requested: string[] = [];
  const problems: string[] = [];
  return {
    browser,
    context,
    requested,
    problems,
    async newPage() {
      const page = await context.newPage();
      page.on('request', (request) => requested.push(request.url()));
      page.on('websocket', (socket) => requested.push(socket.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
      return page;
    },
    close: () => browser.close(),
  };
}

/** A message as a page shows it: `li[data-id][data-sequence]`. */
/** A list as a chat shows it: ascending by sequence, each message once. */
export function expectAscendingOnce(list: readonly ShownMessage[]): void {
  const sequences = list.map((message) => message.sequence);
  expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  expect(new Set(sequences).size).toBe(list.length);
  expect(new Set(list.map((message) => message.id)).size).toBe(list.length);
}

export interface ShownMessage {
  readonly id: string;
  readonly sequence: number;
  readonly text: string;
}

/** The messages `page` (or a frame: Storybook's preview) shows, in document order: every `li[data-id]` below `within`. */
export const shownMessages = (page: Page | Frame, within = 'body'): Promise<ShownMessage[]> =>
  page.$$eval(`${within} li[data-id]`, (items) =>
    items.map((item) => ({
      id: (item as HTMLElement).dataset['id']!,
      sequence: Number((item as HTMLElement).dataset['sequence']),
      text: item.textContent ?? '',
    })),
  );

/** Runs `query` as a GraphQL POST to `/graphql` from inside `page`, so MSW in that page answers it. */
export async function gqlInPage<T>(page: Page | Frame, query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  return page.evaluate(
    async ({ query, variables, token }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
      if (body.errors) throw new Error(body.errors.map((error) => error.message).join('; '));
      return body.data;
    },
    { query, variables, token },
  ) as Promise<T>;
}

/** Bob, from inside `page`: logs in and sends `content` to the conversation titled `title`. */
export async function sendAsBob(page: Page | Frame, title: string, content: string): Promise<void> {
  const { login } = await gqlInPage<{ login: { accessToken: string } }>(page, 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }', {
    input: { email: 'bob@acme.test', password: 'parley-demo' },
  });
  const token = login.accessToken;
  const { workspaces } = await gqlInPage<{ workspaces: { id: string }[] }>(page, 'query { workspaces { id } }', {}, token);
  const { conversations } = await gqlInPage<{ conversations: { nodes: { id: string; title: string | null }[] } }>(
    page,
    'query Conversations($workspaceId: ID!) { conversations(workspaceId: $workspaceId) { nodes { id title } } }',
    { workspaceId: workspaces[0]!.id },
    token,
  );
  const conversationId = conversations.nodes.find((node) => node.title === title)!.id;
  await gqlInPage(page, 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input: { conversationId, clientMessageId: crypto.randomUUID(), content } }, token);
}

/** A recipe's app, built and served, and a Chromium to drive it. */
export interface ServedRecipe {
  readonly workspace: Workspace;
  /** The project's folder. */
  readonly dir: string;
  /** What the build printed. */
  readonly build: Finished;
  readonly server: StaticServer;
  readonly chrome: WatchedBrowser;
  close(): Promise<void>;
}

/**
 * Builds a browser recipe's project (see {@link buildProject}), runs its build command as the
 * page shows it (`npx vite build`, `npx storybook build`), serves `output` and starts Chromium.
 * Rejects with the build's output when it fails.
 */
export async function buildAndServe(options: { name: string; project: RecipeProject; build: string; output: string; env?: Record<string, string> }): Promise<ServedRecipe> {
  const workspace = await packedWorkspace(options.name);
  const dir = join(workspace.dir, 'project');
  await buildProject(dir, options.project, workspace.tarball);
  const build = await run('sh', ['-c', options.build], dir, { env: options.env, timeout: 480_000 });
  if (build.status !== 0) throw new Error(`${options.build} failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  const server = await serveStatic(join(dir, options.output));
  const chrome = await watchedBrowser();
  return {
    workspace,
    dir,
    build,
    server,
    chrome,
    async close() {
      await chrome.close();
      await server.close();
      await workspace.remove();
    },
  };
}
