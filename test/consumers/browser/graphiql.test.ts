import type { Browser, Page } from 'playwright-core';
import { browserTestsRun, launchChromium } from '../chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok } from '../../support/client.js';

/**
 * GraphiQL in a real browser: Debian's chromium driven by playwright-core (never a browser
 * download). In CI the browser must be there (.ci/run installs it); elsewhere the file is skipped
 * without it.
 */

let mock: RunningMockServer;
let browser: Browser;
let page: Page;
/** Every URL the page asked for, WebSockets included. */
const requested: string[] = [];
const problems: string[] = [];

/** The editors below the query editor, in GraphiQL's order (both mounted, one shown at a time). */
const VARIABLES = 0;
const HEADERS = 1;

/** The text of the `index`th CodeMirror editor inside the elements matching `selector`. */
function editorText(selector: string, index = 0): Promise<string> {
  return page.evaluate(
    ([inside, at]) => {
      type WithCodeMirror = Element & { CodeMirror?: { getValue(): string } };
      const editor = document.querySelectorAll(`${inside} .CodeMirror`)[at] as WithCodeMirror | undefined;
      return editor?.CodeMirror?.getValue() ?? '';
    },
    [selector, index] as const,
  );
}

/** Clicks ▶ and picks the operation by name from the menu GraphiQL shows for a many-operation document. */
async function run(operationName: string): Promise<void> {
  await page.click('.graphiql-execute-button');
  await page.getByRole('menuitem', { name: operationName, exact: true }).click();
}

async function waitForResponse(predicate: (text: string) => boolean): Promise<string> {
  let text = '';
  await expect.poll(async () => predicate((text = await editorText('.result-window'))), { timeout: 10_000 }).toBe(true);
  return text;
}

describe.skipIf(!browserTestsRun)('GraphiQL in headless Chromium', () => {
  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('request', (request) => requested.push(request.url()));
    page.on('websocket', (socket) => requested.push(socket.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(mock.url);
    await page.waitForSelector('.graphiql-execute-button');
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('opens with the example, logs in as alice and carries the token into the headers', async () => {
    expect(await editorText('.graphiql-query-editor')).toContain('login(input: { email: "alice@acme.test", password: "parley-demo" })');
    await run('Login');
    const response = await waitForResponse((text) => text.includes('accessToken'));
    const token = (JSON.parse(response) as { data: { login: { accessToken: string } } }).data.login.accessToken;
    expect(JSON.parse(await editorText('.graphiql-editor-tool', HEADERS))).toEqual({ Authorization: `Bearer ${token}` });
  });

  it('a query then runs as alice', async () => {
    await run('Me');
    const response = await waitForResponse((text) => text.includes('"me"'));
    expect(JSON.parse(response)).toMatchObject({ data: { me: { username: 'alice', email: 'alice@acme.test' } } });
  });

  it('a subscription runs over graphql-ws with the same token and shows a message sent meanwhile', async () => {
    const { login } = ok(await gql<{ login: { accessToken: string } }>(mock.url, 'mutation { login(input: { email: "bob@acme.test", password: "parley-demo" }) { accessToken } }'));
    const bob = login.accessToken;
    const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, bob));
    const { conversations } = ok(
      await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', { w: workspaces[0]!.id }, bob),
    );
    const general = conversations.nodes.find((conversation) => conversation.title === 'general')!;
    await page.evaluate(
      ([variables, at]) => {
        type WithCodeMirror = Element & { CodeMirror: { setValue(text: string): void } };
        (document.querySelectorAll('.graphiql-editor-tool .CodeMirror')[at] as WithCodeMirror).CodeMirror.setValue(variables);
      },
      [JSON.stringify({ conversationId: general.id }), VARIABLES] as const,
    );
    await run('MessageCreated');
    // The socket is open and subscribed once the server counts a subscriber; then a message is sent.
    await expect.poll(() => requested.filter((url) => url.startsWith('ws:')).length, { timeout: 10_000 }).toBe(1);
    const send = 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }';
    const content = 'Hello from the browser test';
    await expect
      .poll(
        async () => {
          ok(await gql(mock.url, send, { i: { conversationId: general.id, clientMessageId: `t-${Date.now()}`, content } }, bob));
          return (await editorText('.result-window')).includes(content);
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(true);
    expect(await editorText('.result-window')).toContain('"senderId"');
  });

  it('no request left for another origin, and the page logged no error', () => {
    const origins = new Set(requested.map((url) => new URL(url).host));
    expect([...origins]).toEqual([new URL(mock.url).host]);
    expect(requested.some((url) => url.startsWith('ws://'))).toBe(true);
    expect(problems).toEqual([]);
  });
});
