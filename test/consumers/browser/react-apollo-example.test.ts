import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserTestsRun, launchChromium } from '../chromium.js';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMessages, createCache, pendingMessage } from '../../../examples/react-apollo/src/cache.js';
import { MESSAGES, type Message, type MessagePage } from '../../../examples/react-apollo/src/operations.js';

/**
 * examples/react-apollo (React 19 + Apollo Client 4, Parley in a SharedWorker behind MSW), built
 * once with Vite and run in Debian's chromium (playwright-core, never a browser download). Nothing
 * listens for /graphql: Vite's preview server only serves the built files. Two tabs of one browser
 * context share the SharedWorker, so they are two clients of one backend: alice and bob.
 */
const configFile = fileURLToPath(new URL('../../../examples/react-apollo/vite.config.ts', import.meta.url));
const publicDir = fileURLToPath(new URL('../../../examples/react-apollo/public', import.meta.url));

let server: PreviewServer;
let origin: string;
let browser: Browser;
let context: BrowserContext;
let alice: Page;
let bob: Page;
/** Every URL a page asked for, and every WebSocket that reached the network. */
const requested: string[] = [];
const problems: string[] = [];

async function signIn(email: string): Promise<Page> {
  const page = await context.newPage();
  page.on('request', (request) => requested.push(request.url()));
  page.on('websocket', (socket) => requested.push(socket.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(origin);
  await page.fill('#email', email);
  await page.click('#login button[type=submit]');
  // The conversation is drawn and its subscriptions' socket acknowledged.
  await expect.poll(() => page.textContent('#title'), { timeout: 20_000 }).toBe('#general');
  await expect.poll(() => page.getAttribute('#connection', 'data-status'), { timeout: 20_000 }).toBe('live');
  await expect.poll(() => messages(page).then((list) => list.length), { timeout: 10_000 }).toBeGreaterThan(0);
  return page;
}

interface Shown {
  readonly id: string;
  readonly sequence: number;
  readonly pending: boolean;
  readonly content: string;
}

const messages = (page: Page): Promise<Shown[]> =>
  page.$$eval('#messages li[data-id]', (items) =>
    items.map((item) => ({
      id: (item as HTMLElement).dataset['id']!,
      sequence: Number((item as HTMLElement).dataset['sequence']),
      pending: (item as HTMLElement).dataset['pending'] !== undefined,
      content: item.querySelector('.content')?.textContent ?? '',
    })),
  );

const withContent = async (page: Page, content: string) => (await messages(page)).filter((message) => message.content === content);

async function send(page: Page, content: string): Promise<void> {
  await page.fill('#text', content);
  await page.press('#text', 'Enter');
}

function expectAscendingAndUnique(list: readonly Shown[]): void {
  const sequences = list.filter((message) => !message.pending).map((message) => message.sequence);
  expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  expect(new Set(sequences).size).toBe(sequences.length);
  expect(new Set(list.map((message) => message.id)).size).toBe(list.length);
}

describe.skipIf(!browserTestsRun)('examples/react-apollo in headless Chromium', () => {
  beforeAll(async () => {
    // The worker script comes from the installed msw, as `npx msw init public` puts it (never committed).
    const mswPackage = createRequire(import.meta.url).resolve('msw/package.json');
    const mswCli = join(dirname(mswPackage), 'cli', 'index.js');
    await promisify(execFile)(process.execPath, [mswCli, 'init', publicDir, '--no-save']);
    await build({ configFile, logLevel: 'warn' });
    server = await preview({ configFile, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
    origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('logs in as alice: the channel list has #general, its newest page is shown in ascending order', async () => {
    alice = await signIn('alice@acme.test');
    const channels = await alice.locator('#channels button').allTextContents();
    expect(channels).toContain('#general');
    expect(await alice.textContent('#channels button[aria-current]')).toBe('#general');
    const list = await messages(alice);
    expect(list.length).toBe(20);
    expectAscendingAndUnique(list);
    // Scrolled to the newest message.
    expect(await alice.$eval('#messages', (box) => Math.abs(box.scrollHeight - box.scrollTop - box.clientHeight) < 2)).toBe(true);
  });

  it('pages back: older messages go in front, ascending, no duplicate, the message in view stays put', async () => {
    const before = await messages(alice);
    // As a reader does: up to the top, where the button is; the oldest message held is in view.
    await alice.$eval('#messages', (box) => (box.scrollTop = 0));
    const anchor = await alice.$eval('#messages', (box) => {
      const top = box.getBoundingClientRect().top;
      const item = [...box.querySelectorAll<HTMLElement>('li[data-id]')].find((li) => li.getBoundingClientRect().bottom > top)!;
      return { id: item.dataset['id']!, top: item.getBoundingClientRect().top - top };
    });
    await alice.click('#load-older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(40);
    const after = await messages(alice);
    expectAscendingAndUnique(after);
    expect(after.slice(20)).toEqual(before);
    expect(after[19]!.sequence).toBeLessThan(before[0]!.sequence);
    const moved = await alice.$eval(
      '#messages',
      (box, held) => {
        const item = box.querySelector<HTMLElement>(`li[data-id="${held.id}"]`)!;
        return item.getBoundingClientRect().top - box.getBoundingClientRect().top - held.top;
      },
      anchor,
    );
    expect(Math.abs(moved)).toBeLessThanOrEqual(1);
    expect(anchor.id).toBe(before[0]!.id);
    expect(await alice.$eval('#messages', (box) => box.scrollTop)).toBeGreaterThan(100);
    // Once more, to be sure the cursor moved on to the oldest page held.
    await alice.click('#load-older');
    await expect.poll(() => messages(alice).then((list) => list.length), { timeout: 10_000 }).toBe(60);
    expectAscendingAndUnique(await messages(alice));
  });

  it('shows what bob types, then his message, live in alice’s tab (a second tab on the same SharedWorker)', async () => {
    bob = await signIn('bob@acme.test');
    await bob.fill('#text', 'hi al');
    await expect.poll(() => alice.textContent('#typing'), { timeout: 10_000 }).toMatch(/^Bob .* is typing…$/);
    const text = `live from bob ${Date.now()}`;
    await send(bob, text);
    await expect.poll(async () => (await messages(alice)).at(-1)?.content, { timeout: 10_000 }).toBe(text);
    // The server ends bob's typing state when his message is sent.
    await expect.poll(() => alice.textContent('#typing'), { timeout: 10_000 }).toBe('\u00a0');
    expect(await withContent(alice, text)).toHaveLength(1);
    expectAscendingAndUnique(await messages(alice));
  });

  it('shows alice’s own send exactly once: the optimistic message, then the stored one, never the echo beside it', async () => {
    const text = `sent by alice ${Date.now()}`;
    await send(alice, text);
    // At once, before any answer: the pending stand-in.
    await expect.poll(() => withContent(alice, text), { timeout: 5_000 }).toHaveLength(1);
    // Then the server's copy, with its sequence; bob's tab has it through the same messageCreated event.
    await expect.poll(async () => (await withContent(alice, text))[0]?.pending, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => withContent(bob, text).then((list) => list.length), { timeout: 10_000 }).toBe(1);
    // The echo has reached alice's subscription as well by now: still one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = await withContent(alice, text);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: (await withContent(bob, text))[0]!.id, pending: false });
    expectAscendingAndUnique(await messages(alice));

    // Three quick sends: the optimistic updates replay over one another as each settles.
    const burst = [1, 2, 3].map((n) => `burst ${n} ${Date.now()}`);
    for (const content of burst) await send(alice, content);
    await expect.poll(async () => (await messages(alice)).slice(-3).map((message) => [message.content, message.pending]), { timeout: 10_000 }).toEqual(burst.map((content) => [content, false]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const content of burst) expect(await withContent(alice, content)).toHaveLength(1);
    expectAscendingAndUnique(await messages(alice));
  });

  it('catches up with messagesSince after the socket comes back: what bob sent meanwhile shows, once', async () => {
    await alice.click('#drop');
    await expect.poll(() => alice.getAttribute('#connection', 'data-status')).toBe('offline');
    const text = `while alice was away ${Date.now()}`;
    await send(bob, text);
    await expect.poll(() => withContent(bob, text).then((list) => list.length), { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await withContent(alice, text)).toHaveLength(0); // no socket, no event
    await alice.click('#reconnect');
    await expect.poll(() => alice.getAttribute('#connection', 'data-status'), { timeout: 10_000 }).toBe('live');
    await expect.poll(async () => (await messages(alice)).at(-1)?.content, { timeout: 10_000 }).toBe(text);
    expect(await withContent(alice, text)).toHaveLength(1);
    expectAscendingAndUnique(await messages(alice));
    // And live again after it.
    const after = `after the reconnect ${Date.now()}`;
    await send(bob, after);
    await expect.poll(async () => (await messages(alice)).at(-1)?.content, { timeout: 10_000 }).toBe(after);
  });

  it('sent nothing past the page: no request left its origin, no WebSocket reached the network, no error', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
    expect(requested.filter((url) => url.endsWith('/graphql'))).not.toEqual([]);
    expect(problems).toEqual([]);
  });
});

/**
 * The example's cache rules on their own, in Node: the cases a browser run cannot bring about at
 * will (an optimistic update replayed over the echo of its own send; a catch-up with a hole).
 */
describe('examples/react-apollo: the cache rules of cache.ts', () => {
  const conversationId = 'c1';
  const message = (sequence: number, senderId = 'u2'): Message => ({
    __typename: 'MessageView',
    id: `m${sequence}`,
    clientMessageId: `client-${sequence}`,
    conversationId,
    senderId,
    sequence,
    content: `message ${sequence}`,
    createdAt: '2026-01-01T00:00:00Z',
    deletedAt: null,
  });
  const page = (from: number, to: number, hasNextPage: boolean): MessagePage => ({
    __typename: 'MessagePage',
    nodes: Array.from({ length: to - from + 1 }, (_, index) => message(from + index)),
    endCursor: `cursor-${from}`,
    hasNextPage,
  });
  const shown = (cache: ReturnType<typeof createCache>, optimistic = false) => {
    const data = cache.readQuery({ query: MESSAGES, variables: { conversationId }, optimistic });
    return data && { ids: data.messages.nodes.map((node) => node.id), endCursor: data.messages.endCursor, hasNextPage: data.messages.hasNextPage };
  };

  it('joins older pages (`before`) in front, ascending, once each, and moves the cursor to the oldest page', () => {
    const cache = createCache();
    cache.writeQuery({ query: MESSAGES, variables: { conversationId }, data: { messages: page(21, 30, true) } });
    // An overlapping older page (a message arrived between the two reads and shifted the pages).
    cache.writeQuery({ query: MESSAGES, variables: { conversationId, before: 'cursor-21' }, data: { messages: page(11, 22, true) } });
    expect(shown(cache)).toEqual({ ids: Array.from({ length: 20 }, (_, index) => `m${index + 11}`), endCursor: 'cursor-11', hasNextPage: true });
    cache.writeQuery({ query: MESSAGES, variables: { conversationId, before: 'cursor-11' }, data: { messages: page(1, 10, false) } });
    expect(shown(cache)).toMatchObject({ endCursor: 'cursor-1', hasNextPage: false });
    expect(shown(cache)!.ids).toHaveLength(30);
    // A refetch of the newest page keeps the older pages held.
    cache.writeQuery({ query: MESSAGES, variables: { conversationId }, data: { messages: page(21, 31, true) } });
    expect(shown(cache)).toMatchObject({ endCursor: 'cursor-1', hasNextPage: false });
    expect(shown(cache)!.ids).toHaveLength(31);
    // Each conversation has a list of its own.
    cache.writeQuery({ query: MESSAGES, variables: { conversationId: 'c2' }, data: { messages: { ...page(1, 3, false), nodes: [] } } });
    expect(cache.readQuery({ query: MESSAGES, variables: { conversationId: 'c2' } })!.messages.nodes).toEqual([]);
    expect(shown(cache)!.ids).toHaveLength(31);
  });

  it('shows a send once when its optimistic update is replayed over the echo that came first', () => {
    const cache = createCache();
    cache.writeQuery({ query: MESSAGES, variables: { conversationId }, data: { messages: page(1, 5, false) } });
    const input = { conversationId, clientMessageId: 'client-6', content: 'message 6' };
    const send = (): void => cache.recordOptimisticTransaction((proxy) => addMessages(proxy, conversationId, [pendingMessage(input, 'u2')]), 'send-6');
    send();
    expect(shown(cache, true)!.ids.at(-1)).toBe('pending:client-6');
    // The messageCreated echo lands under the optimistic layer; then the layer is replayed (as Apollo
    // does when an earlier send settles) over it.
    addMessages(cache, conversationId, [message(6)]);
    cache.removeOptimistic('send-6');
    send();
    expect(shown(cache, true)!.ids.slice(-2)).toEqual(['m5', 'm6']);
    // And a pending send of someone else with the same clientMessageId is another message.
    cache.recordOptimisticTransaction((proxy) => addMessages(proxy, conversationId, [pendingMessage(input, 'u3')]), 'other');
    expect(shown(cache, true)!.ids.slice(-2)).toEqual(['m6', 'pending:client-6']);
  });

  it('joins a catch-up to the list, and starts over from a newest page that leaves a hole', () => {
    const cache = createCache();
    cache.writeQuery({ query: MESSAGES, variables: { conversationId }, data: { messages: page(11, 20, true) } });
    addMessages(cache, conversationId, [message(22), message(21), message(20)]);
    expect(shown(cache)).toMatchObject({ endCursor: 'cursor-11', hasNextPage: true });
    expect(shown(cache)!.ids).toEqual(Array.from({ length: 12 }, (_, index) => `m${index + 11}`));
    // Back after a long time away: the newest page does not reach what we hold, older ones remain.
    cache.writeQuery({ query: MESSAGES, variables: { conversationId }, data: { messages: page(51, 60, true) } });
    expect(shown(cache)).toEqual({ ids: Array.from({ length: 10 }, (_, index) => `m${index + 51}`), endCursor: 'cursor-51', hasNextPage: true });
  });
});
