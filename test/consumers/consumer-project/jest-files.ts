/**
 * The Jest projects test/consumers/consumer-jest.test.ts installs Parley's tarball into (issue 28):
 * what a frontend team on Jest has, Jest 29 or 30 with jsdom, TypeScript through babel-jest as
 * Jest's own "Getting Started" sets it up. Their configuration holds only what Jest and MSW ask
 * for, nothing for Parley: `require('parley/msw')` takes Parley's CommonJS build by itself.
 */

/** The versions each project installs (`npm install -D`), pinned so that npm's cache serves them. */
export const JEST_VERSIONS = {
  29: { jest: '29.7.0', 'jest-environment-jsdom': '29.7.0', 'babel-jest': '29.7.0' },
  30: { jest: '30.5.2', 'jest-environment-jsdom': '30.5.2', 'babel-jest': '30.5.2' },
} as const;

/** What both projects install besides Jest (msw and graphql-ws come at the versions this repository installed). */
export const JEST_COMMON_PACKAGES = ['jest-fixed-jsdom@0.0.11', '@babel/core@7.29.13', '@babel/preset-env@7.29.14', '@babel/preset-typescript@7.29.7'];

export const jestPackageJson = (major: keyof typeof JEST_VERSIONS) =>
  JSON.stringify({ name: `parley-jest${major}-consumer`, private: true, scripts: { test: 'jest' } }, null, 2);

/** Jest's documented Babel setup for TypeScript ("Using Babel", "Using TypeScript"). */
export const babelConfig = `module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
};
`;

/**
 * MSW's requirements under Jest, and nothing else:
 * - jest-fixed-jsdom, MSW's answer to jsdom's missing Fetch API globals (`Request is not defined`);
 * - MSW 2.13+ depends on ES-module-only packages (rettime, until-async, @open-draft/deferred-promise)
 *   that Jest on Node 20 cannot require: babel-jest compiles them (and `.mjs` files), as MSW's
 *   issue #2698 says to.
 */
export const jestConfig = `/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'jest-fixed-jsdom',
  transform: { '\\\\.[cm]?[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
};
`;

/**
 * A component test's network, Jest style: no top-level await in CommonJS, so the handlers are made
 * in `beforeAll`. Jest runs `afterEach` hooks in the order they are declared (Vitest in reverse),
 * so Parley is reset in `beforeEach`: a client the previous test's `afterEach` disposed has closed
 * its socket by then, whichever hook was declared first (docs/msw.md, "Jest").
 */
export const jestChatTest = `import { setupServer } from 'msw/node';
import { createClient, type Client } from 'graphql-ws';
import { createParleyHandlers, type ParleyHandlers } from 'parley/msw';

const endpoint = 'http://localhost:4000/graphql';
let parley: ParleyHandlers;
let server: ReturnType<typeof setupServer>;
const clients: Client[] = [];

beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint });
  server = setupServer(...parley.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => parley.reset());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

async function request<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: \`Bearer \${token}\` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const { data, errors } = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (errors || !data) throw new Error(errors?.map((error) => error.message).join('; ') ?? 'no data');
  return data;
}

async function login(email: string): Promise<string> {
  const { login } = await request<{ login: { accessToken: string } }>(
    'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }',
    { input: { email, password: 'parley-demo' } },
  );
  return login.accessToken;
}

async function general(token: string): Promise<string> {
  const { workspaces } = await request<{ workspaces: { id: string }[] }>('query Workspaces { workspaces { id } }', {}, token);
  const { conversations } = await request<{ conversations: { nodes: { id: string; title: string | null }[] } }>(
    'query Conversations($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }',
    { w: workspaces[0]?.id },
    token,
  );
  const found = conversations.nodes.find((node) => node.title === 'general');
  if (!found) throw new Error('no #general in the demo workspace');
  return found.id;
}

async function send(token: string, conversationId: string, content: string): Promise<void> {
  await request(
    'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
    { input: { conversationId, clientMessageId: \`jest-\${Math.random()}\`, content } },
    token,
  );
}

async function newest(token: string, conversationId: string): Promise<(string | null)[]> {
  const { messages } = await request<{ messages: { nodes: { content: string | null }[] } }>(
    'query Messages($c: ID!) { messages(conversationId: $c, first: 5) { nodes { content } } }',
    { c: conversationId },
    token,
  );
  return messages.nodes.map((node) => node.content);
}

it('alice logs in, reads #general, sends a message and reads it back', async () => {
  const token = await login('alice@acme.test');
  const channel = await general(token);
  expect((await newest(token, channel)).length).toBeGreaterThan(0);
  await send(token, channel, 'hello from Jest');
  expect((await newest(token, channel)).at(-1)).toBe('hello from Jest');
});

it('each test starts from the seed again (reset in beforeEach)', async () => {
  const token = await login('alice@acme.test');
  expect(await newest(token, await general(token))).not.toContain('hello from Jest');
});

it("alice's messageCreated subscription sees bob's message, over MSW's WebSocket interception", async () => {
  const alice = await login('alice@acme.test');
  const bob = await login('bob@acme.test');
  const channel = await general(alice);
  const client = createClient({ url: parley.webSocketUrl, connectionParams: { Authorization: \`Bearer \${alice}\` } });
  clients.push(client);
  const events = client.iterate<{ messageCreated: { content: string } }>({
    query: 'subscription Created($c: ID!) { messageCreated(conversationId: $c) { content } }',
    variables: { c: channel },
  });
  const next = events.next();
  // graphql-ws does not acknowledge a subscribe: wait until the state holds the listener.
  while (parley.state.events.listenerCount('messageCreated', channel) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await send(bob, channel, 'live, from bob');
  expect((await next).value?.data?.messageCreated.content).toBe('live, from bob');
});

it('the next test after a subscription starts clean too: its client was disposed before the reset', async () => {
  const token = await login('alice@acme.test');
  expect(await newest(token, await general(token))).not.toContain('live, from bob');
});

it("signs an upload URL (jose's HS256, on a Web Crypto with subtle, which jsdom's crypto lacks)", async () => {
  const token = await login('alice@acme.test');
  const { createUploadUrl } = await request<{ createUploadUrl: { uploadUrl: string } }>(
    'mutation Upload($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { uploadUrl } }',
    { input: { contentType: 'image/png', scope: 'PRIVATE', fileName: 'avatar.png' } },
    token,
  );
  expect(createUploadUrl.uploadUrl).toMatch(/^http:\\/\\/localhost:4000\\/uploads\\/[^?]+\\?signature=[\\w-]+\\.[\\w-]+\\.[\\w-]+$/);
});
`;

/** `parley` (the package root) under Jest too: the same classes as `parley/msw`. */
export const jestEntriesTest = `import { ManualClock, MockState } from 'parley';
import { createParleyHandlers, MockState as MswMockState } from 'parley/msw';

it('parley and parley/msw load under Jest, sharing their classes', async () => {
  expect(MswMockState).toBe(MockState);
  const parley = await createParleyHandlers({ empty: true, clock: new ManualClock(Date.UTC(2026, 0, 1)) });
  expect(parley.state).toBeInstanceOf(MockState);
  expect(parley.state.clock.now()).toBe(Date.UTC(2026, 0, 1));
});
`;

/** A real server is a Node thing: this file runs in Jest's node environment (jsdom has no setImmediate, for one). */
export const jestServerTest = `/**
 * @jest-environment node
 */
import { startMockServer } from 'parley';

it('startMockServer serves on port 0 from a Jest test', async () => {
  const mock = await startMockServer({ port: 0, empty: true });
  try {
    expect((await fetch(new URL('/ready', mock.url))).status).toBe(200);
  } finally {
    await mock.close();
  }
});
`;
