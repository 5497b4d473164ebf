import { mkdtempSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ControllableClock } from '../../../src/mock-server/state/clock.js';
import { gql, ok } from '../../support/client.js';
import { browserTestsRun, launchChromium } from '../chromium.js';

/**
 * The dev console (`GET /dev` from a browser) in Debian's chromium, driven as a developer would
 * without reading the docs: find a message by text, act as bob while an app signed in as alice
 * sees it live, put chaos on the app's `SendMessage` and see the app's send fail with that code,
 * save and restore a named snapshot, start the simulator and watch the live view, move the clock.
 * The "app" is a small page of another origin (a frontend's dev server) that speaks graphql-ws's
 * protocol by hand.
 * Screenshots of the docs (docs/console.md, README) go into docs/images/ with
 * UPDATE_SCREENSHOTS=1, else into a temporary folder, so a test run leaves the work tree as it was.
 */

const images = process.env['UPDATE_SCREENSHOTS'] === '1' ? fileURLToPath(new URL('../../../docs/images/', import.meta.url)) : mkdtempSync(join(tmpdir(), 'parley-console-'));
const SCREENSHOTS = ['console-state.png', 'console-act.png', 'console-chaos.png', 'console-snapshots.png', 'console-live.png', 'console-clock.png'];
const VIEWPORT = { width: 1280, height: 800 };

/** The app: signs in as alice, subscribes to #general's new messages, and sends as `SendMessage`, showing an error's code. */
const appHtml = (mockOrigin: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>App</title></head><body>
<p id="status">starting</p><ul id="messages"></ul><input id="text" aria-label="Text"><button id="send">Send</button><p id="error"></p>
<script type="module">
const MOCK = ${JSON.stringify(mockOrigin)};
const post = async (query, variables, token) => (await fetch(MOCK + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: JSON.stringify({ query, variables, operationName: /(?:query|mutation) (\\w+)/.exec(query)?.[1] }) })).json();
const login = await post('mutation Login($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'alice@acme.test', password: 'parley-demo' } });
const token = login.data.login.accessToken;
const spaces = await post('query Workspaces { workspaces { id } }', {}, token);
const list = await post('query Conversations($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', { w: spaces.data.workspaces[0].id }, token);
const general = list.data.conversations.nodes.find((node) => node.title === 'general').id;
const socket = new WebSocket(MOCK.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: 'Bearer ' + token } }));
socket.onmessage = (event) => {
  const message = JSON.parse(event.data);
  if (message.type === 'connection_ack') {
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription MessageCreated($c: ID!) { messageCreated(conversationId: $c) { content } }', variables: { c: general } } }));
    document.getElementById('status').textContent = 'live';
  }
  if (message.type === 'next') {
    const item = document.createElement('li');
    item.textContent = message.payload.data.messageCreated.content;
    document.getElementById('messages').append(item);
  }
};
document.getElementById('send').onclick = async () => {
  const answer = await post('mutation SendMessage($i: SendMessageInput!) { sendMessage(input: $i) { id } }', { i: { conversationId: general, clientMessageId: crypto.randomUUID(), content: document.getElementById('text').value } }, token);
  document.getElementById('error').textContent = answer.errors ? answer.errors[0].extensions.code : 'sent';
};
</script></body></html>`;

let mock: RunningMockServer;
let browser: Browser;
let page: Page;
let app: Page;
let appServer: Server;
let appOrigin: string;
/** Every URL a page asked for, WebSockets included. */
const requested: string[] = [];
/** Console errors and warnings (Chromium logs a CSP violation as an error), and uncaught errors. */
const problems: string[] = [];

function watch(target: Page): Page {
  target.on('request', (request) => requested.push(request.url()));
  target.on('websocket', (socket) => requested.push(socket.url()));
  target.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.text()} (${message.location().url})`);
  });
  target.on('pageerror', (error) => problems.push(error.message));
  return target;
}

async function tab(name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

const panel = (name: string) => page.getByRole('tabpanel', { name });

async function shoot(name: string): Promise<void> {
  await page.screenshot({ path: join(images, name) });
}

interface MessagesAnswer {
  messages: { content: string | null; deleted: boolean }[];
}

async function generalId(): Promise<string> {
  const state = (await (await fetch(`${mock.origin}/dev/state`)).json()) as { workspaces: { conversations: { id: string; title: string | null }[] }[] };
  return state.workspaces[0]!.conversations.find((conversation) => conversation.title === 'general')!.id;
}

describe.skipIf(!browserTestsRun)('the dev console in headless Chromium', () => {
  beforeAll(async () => {
    mock = await startMockServer({ port: 0, clock: new ControllableClock() });
    browser = await launchChromium();
    // A context each, so neither page is a background tab of the other (Chromium throttles those).
    page = watch(await (await browser.newContext({ viewport: VIEWPORT })).newPage());
    app = watch(await (await browser.newContext()).newPage());
    const html = appHtml(mock.origin);
    appServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
    appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
    await page.goto(`${mock.origin}/dev`);
    await page.getByLabel('Counts').waitFor();
    // Navigation start to the state's first render, as the page marks it.
    const shownAt = await page.evaluate(() => performance.getEntriesByName('parley-console:state-shown')[0]?.startTime ?? -1);
    console.log(`dev console: state shown ${shownAt.toFixed(0)} ms after navigation start`);
    await app.goto(`${appOrigin}/`);
    await app.waitForFunction(() => document.getElementById('status')?.textContent === 'live', null, { timeout: 10_000 }).catch((error: unknown) => {
      throw new Error(`the app did not go live: ${String(error)}; ${problems.join('; ')}`);
    });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    appServer?.close();
  });

  it('finds a message by text and opens its conversation', async () => {
    const seeded = (await (await fetch(`${mock.origin}/dev/messages?conversation=${await generalId()}&limit=20`)).json()) as MessagesAnswer;
    const text = seeded.messages.find((message) => !message.deleted && (message.content ?? '').length > 12)!.content!;
    // Two words from the middle of it, in capitals: the search ignores case.
    const words = text.split(' ').slice(2, 4).join(' ');
    await page.getByLabel('Search messages').fill(words.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table', { name: 'Search results' });
    await expect.poll(() => results.textContent(), { timeout: 5000 }).toContain(text);
    await results.getByRole('button', { name: /general/ }).first().click();
    await expect.poll(() => page.getByRole('table', { name: 'Messages of #general' }).textContent(), { timeout: 5000 }).toContain(text);
    await shoot('console-state.png');
  });

  it('acts as bob: his message reaches the app signed in as alice, live', async () => {
    await tab('Act as');
    const act = panel('Act as');
    const bob = (await (await fetch(`${mock.origin}/dev/state`)).json()) as { users: { id: string; username: string }[] };
    await act.getByLabel('Act as', { exact: true }).selectOption(bob.users.find((user) => user.username === 'bob')!.id);
    await expect.poll(() => act.getByRole('status', { name: 'Act outcome' }).textContent(), { timeout: 5000 }).toMatch(/^signed in as bob$/);
    expect(await act.getByRole('link', { name: 'Open GraphiQL as bob' }).getAttribute('href')).toMatch(/^\/graphql#token=./);
    const general = await generalId();
    await act.getByLabel('Conversation', { exact: true }).selectOption(general);
    const text = `Hello alice, from bob in the console ${Date.now()}`;
    await act.getByLabel('Text', { exact: true }).fill(text);
    await act.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => act.getByRole('status', { name: 'Act outcome' }).textContent(), { timeout: 5000 }).toBe('bob: message sent');
    await expect.poll(() => app.locator('#messages li').allTextContents(), { timeout: 5000 }).toContain(text);
    await shoot('console-act.png');
  });

  it('acts as bob on his message: edits it, reacts, types, marks the conversation read, deletes it', async () => {
    const act = panel('Act as');
    const outcome = () => act.getByRole('status', { name: 'Act outcome' }).textContent();
    const mine = async () => {
      const newest = (await (await fetch(`${mock.origin}/dev/messages?conversation=${await generalId()}&limit=5`)).json()) as { messages: { id: string; authorUsername: string; content: string | null; deleted: boolean; reactions: { emoji: string; userIds: string[] }[] }[] };
      return newest.messages.find((message) => message.authorUsername === 'bob')!;
    };
    const target = await mine();
    await act.getByLabel('Target message', { exact: true }).selectOption(target.id);
    const edited = `Edited by bob in the console ${Date.now()}`;
    await act.getByLabel('Text', { exact: true }).fill(edited);
    await act.getByRole('button', { name: 'Edit to the text' }).click();
    await expect.poll(outcome, { timeout: 5000 }).toBe('bob: message edited');
    await act.getByRole('button', { name: 'React', exact: true }).click();
    await expect.poll(outcome, { timeout: 5000 }).toBe('bob: reacted :+1:');
    expect(await mine()).toMatchObject({ id: target.id, content: edited, deleted: false, reactions: [{ emoji: ':+1:' }] });
    await act.getByRole('button', { name: 'Start typing' }).click();
    await expect.poll(outcome, { timeout: 5000 }).toBe('bob: typing');
    await act.getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(outcome, { timeout: 5000 }).toBe('bob: conversation marked as read');
    await act.getByLabel('Target message', { exact: true }).selectOption(target.id);
    await act.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(outcome, { timeout: 5000 }).toBe('bob: message deleted');
    const after = (await (await fetch(`${mock.origin}/dev/messages?conversation=${await generalId()}&limit=5`)).json()) as { messages: { id: string; deleted: boolean; content: string | null }[] };
    expect(after.messages.find((message) => message.id === target.id)).toMatchObject({ deleted: true, content: null });
  });

  it('puts chaos on SendMessage: the app waits, then fails with the chosen code; turning it off lets it send', async () => {
    await tab('Chaos');
    const chaos = panel('Chaos');
    await chaos.getByLabel('Operation', { exact: true }).fill('SendMessage');
    await chaos.getByLabel('Latency from (ms)').fill('300');
    await chaos.getByLabel('Latency to (ms)').fill('300');
    await chaos.getByLabel('Error code').selectOption('RATE_LIMITED');
    await chaos.getByRole('button', { name: 'Apply chaos' }).click();
    await expect.poll(() => chaos.getByRole('list', { name: 'Chaos in force' }).textContent(), { timeout: 5000 }).toContain('SendMessage waits 300 ms, fails 100% with RATE_LIMITED');
    expect(await (await fetch(`${mock.origin}/dev/chaos`)).json()).toMatchObject({ operations: { SendMessage: { latency: { minMs: 300, maxMs: 300 }, errorCode: 'RATE_LIMITED' } } });
    await shoot('console-chaos.png');
    await app.fill('#text', 'this one fails');
    const started = Date.now();
    await app.click('#send');
    await expect.poll(() => app.textContent('#error'), { timeout: 5000 }).toBe('RATE_LIMITED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await chaos.getByRole('button', { name: 'Turn chaos off' }).click();
    await expect.poll(() => chaos.getByRole('list', { name: 'Chaos in force' }).textContent(), { timeout: 5000 }).toContain('Nothing');
    await app.click('#send');
    await expect.poll(() => app.textContent('#error'), { timeout: 5000 }).toBe('sent');
  });

  it('saves a named snapshot and restores it: what was sent after it is gone', async () => {
    await tab('Snapshots');
    const snapshots = panel('Snapshots');
    await snapshots.getByLabel('Snapshot name').fill('before-the-demo');
    await snapshots.getByRole('button', { name: 'Save snapshot' }).click();
    await expect.poll(() => snapshots.getByRole('table', { name: 'Saved snapshots' }).textContent(), { timeout: 5000 }).toContain('before-the-demo');
    const { login } = ok(await gql<{ login: { accessToken: string } }>(mock.url, 'mutation { login(input: { email: "carol@acme.test", password: "parley-demo" }) { accessToken } }'));
    const late = `sent after the snapshot ${Date.now()}`;
    ok(await gql(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', { i: { conversationId: await generalId(), clientMessageId: `late-${Date.now()}`, content: late } }, login.accessToken));
    const search = async () => ((await (await fetch(`${mock.origin}/dev/search?q=${encodeURIComponent(late)}`)).json()) as { results: unknown[] }).results.length;
    expect(await search()).toBe(1);
    await shoot('console-snapshots.png');
    await snapshots.getByRole('button', { name: 'Restore before-the-demo' }).click();
    await expect.poll(() => snapshots.getByRole('status', { name: 'Snapshots outcome' }).textContent(), { timeout: 5000 }).toBe('restored before-the-demo');
    expect(await search()).toBe(0);
    expect(await snapshots.getByRole('link', { name: 'Download before-the-demo' }).getAttribute('href')).toBe('/dev/snapshots/file?name=before-the-demo');
  });

  it('starts the simulator: its events stream into the live view, beside the journal with each request\'s variables', async () => {
    await tab('Live');
    const events = panel('Live').getByRole('list', { name: 'Events' }).locator('li');
    const before = await events.count();
    await tab('Simulator');
    const simulator = panel('Simulator');
    await simulator.getByLabel('Actions per minute').fill('240');
    await simulator.getByRole('button', { name: 'Start simulator' }).click();
    await expect.poll(() => simulator.getByRole('status', { name: 'Simulator status' }).textContent(), { timeout: 5000 }).toMatch(/^Running /);
    await tab('Live');
    const live = panel('Live');
    await expect.poll(() => events.count(), { timeout: 10_000 }).toBeGreaterThan(before + 2);
    await expect.poll(() => live.getByRole('table', { name: 'Request journal' }).locator('tbody tr').count(), { timeout: 10_000 }).toBeGreaterThan(2);
    await live.getByLabel('Operation', { exact: true }).fill('SendMessage');
    await live.getByRole('table', { name: 'Request journal' }).locator('tbody tr button').first().click();
    expect(await live.getByLabel('Variables').textContent()).toContain('conversationId');
    await shoot('console-live.png');
    await tab('Simulator');
    await simulator.getByRole('button', { name: 'Stop simulator' }).click();
    await expect.poll(() => simulator.getByRole('status', { name: 'Simulator status' }).textContent(), { timeout: 5000 }).toBe('Not running.');
  });

  it('moves the clock forward an hour', async () => {
    await tab('Clock');
    const clock = panel('Clock');
    const before = Date.parse((await clock.getByLabel('Mock time').textContent())!);
    await clock.getByRole('button', { name: '+1 hour' }).click();
    await expect.poll(async () => Date.parse((await clock.getByLabel('Mock time').textContent())!) - before, { timeout: 5000 }).toBeGreaterThanOrEqual(3_600_000);
    expect(((await (await fetch(`${mock.origin}/dev/clock`)).json()) as { offsetMs: number }).offsetMs).toBeGreaterThanOrEqual(3_600_000);
    await shoot('console-clock.png');
  });

  it("shows a sandbox's own state; the sandbox menu goes back to the server's and makes a new one", async () => {
    const sandbox = (await (await fetch(`${mock.origin}/sandboxes`, { method: 'POST' })).json()) as { id: string; devUrl: string };
    // One this page never opened, as a test of another worker makes one.
    const other = (await (await fetch(`${mock.origin}/sandboxes`, { method: 'POST' })).json()) as { id: string };
    await page.goto(sandbox.devUrl);
    await page.getByLabel('Counts').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Parley dev console · sandbox ${sandbox.id}`);
    const menu = page.getByLabel('Sandbox', { exact: true });
    await expect.poll(() => menu.inputValue(), { timeout: 5000 }).toBe(sandbox.id);
    await menu.selectOption('');
    await page.waitForURL(`${mock.origin}/dev`);
    await page.getByLabel('Counts').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Parley dev console');
    // The menu offers every sandbox the server has (GET /sandboxes), and makes a new one.
    const offered = await page.getByLabel('Sandbox', { exact: true }).locator('option').allTextContents();
    expect(offered[0]).toBe("the server's own state");
    expect(offered).toEqual(expect.arrayContaining([sandbox.id, other.id]));
    await page.getByRole('button', { name: 'New sandbox' }).click();
    await page.waitForURL(/\/sandboxes\/[^/]+\/dev$/);
    await page.getByLabel('Counts').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Parley dev console · sandbox /);
    expect(page.url()).not.toContain(sandbox.id);
  });

  it('asked nothing of another origin (but the app its own page), logged no error and no CSP violation; the screenshots are small PNGs', () => {
    expect([...new Set(requested.map((url) => new URL(url).host))].sort()).toEqual([new URL(mock.origin).host, new URL(appOrigin).host].sort());
    expect(requested.filter((url) => url.startsWith(appOrigin))).toEqual([`${appOrigin}/`]);
    expect(problems).toEqual([]);
    for (const name of SCREENSHOTS) expect(statSync(join(images, name)).size).toBeLessThan(400 * 1024);
  });
});
