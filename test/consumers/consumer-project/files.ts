/**
 * The files of the consumer project that test/consumers/consumer-project.test.ts installs Parley's
 * tarball into: what a frontend team has after `npm install -D parley msw vitest`.
 */

/** The heading of the README section whose first `ts` block is the MSW setup a consumer copies. */
export const README_MSW_HEADING = '### In your tests, with MSW';

/**
 * The README's MSW setup lines, exactly as shown: the first ```ts block after
 * {@link README_MSW_HEADING}. The consumer's test file starts with them, so the README cannot
 * drift from what runs.
 */
export function readmeMswSetup(readme: string): string {
  const section = readme.indexOf(`\n${README_MSW_HEADING}\n`);
  if (section < 0) throw new Error(`README.md has no "${README_MSW_HEADING}" section`);
  const open = readme.indexOf('\n```ts\n', section);
  const close = open < 0 ? -1 : readme.indexOf('\n```\n', open + 1);
  if (open < 0 || close < 0) throw new Error(`README.md's "${README_MSW_HEADING}" section has no \`\`\`ts block`);
  return readme.slice(open + '\n```ts\n'.length, close + 1);
}

/** The heading of the README section whose second `ts` block arranges data through `mock.data`. */
export const README_OWN_TESTS_HEADING = '### In your own tests';

/**
 * The README's `mock.data` lines, exactly as shown: the second ```ts block after
 * {@link README_OWN_TESTS_HEADING} (the first starts the server they run on).
 */
export function readmeDataBlock(readme: string): string {
  const section = readme.indexOf(`\n${README_OWN_TESTS_HEADING}\n`);
  if (section < 0) throw new Error(`README.md has no "${README_OWN_TESTS_HEADING}" section`);
  const first = readme.indexOf('\n```ts\n', section);
  const open = first < 0 ? -1 : readme.indexOf('\n```ts\n', first + 1);
  const close = open < 0 ? -1 : readme.indexOf('\n```\n', open + 1);
  if (open < 0 || close < 0 || !readme.slice(open, close).includes('mock.data')) throw new Error(`README.md's "${README_OWN_TESTS_HEADING}" section has no second \`\`\`ts block with mock.data`);
  return readme.slice(open + '\n```ts\n'.length, close + 1);
}

export const consumerPackageJson = JSON.stringify({ name: 'parley-consumer', private: true, type: 'module' }, null, 2);

/**
 * A frontend's usual settings, strict; `skipLibCheck: false` so Parley's own .d.ts files are checked too.
 * docs/installed.md's codegen.ts is left out: GraphQL Code Generator is linked in only for its own
 * test, which runs that file.
 */
export const consumerTsconfig = JSON.stringify(
  {
    compilerOptions: {
      target: 'es2022',
      lib: ['es2023', 'dom'],
      module: 'nodenext',
      moduleResolution: 'nodenext',
      types: ['node'],
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      noEmit: true,
    },
    include: ['*.ts'],
    exclude: ['codegen.ts'],
  },
  null,
  2,
);

/**
 * What follows the README's setup lines in the consumer's test: alice logs in, sends a message to
 * #general and reads it back, all through MSW (no server listens on the endpoint); the next test
 * proves `reset()` took the message away again.
 */
export const chatTestBody = `
const endpoint = 'http://localhost:4000/graphql';

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

async function aliceInGeneral(): Promise<{ token: string; general: string }> {
  const { login } = await request<{ login: { accessToken: string } }>(
    'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }',
    { input: { email: 'alice@acme.test', password: 'parley-demo' } },
  );
  const token = login.accessToken;
  const { workspaces } = await request<{ workspaces: { id: string }[] }>('query Workspaces { workspaces { id } }', {}, token);
  const { conversations } = await request<{ conversations: { nodes: { id: string; title: string | null }[] } }>(
    'query Conversations($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }',
    { w: workspaces[0]?.id },
    token,
  );
  const general = conversations.nodes.find((node) => node.title === 'general');
  if (!general) throw new Error('no #general in the demo workspace');
  return { token, general: general.id };
}

async function newest(token: string, conversationId: string): Promise<(string | null)[]> {
  const { messages } = await request<{ messages: { nodes: { content: string | null }[] } }>(
    'query Messages($c: ID!) { messages(conversationId: $c, first: 5) { nodes { content } } }',
    { c: conversationId },
    token,
  );
  return messages.nodes.map((node) => node.content);
}

it('alice logs in, sends a message to #general and reads it back', async () => {
  const { token, general } = await aliceInGeneral();
  await request(
    'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
    { input: { conversationId: general, clientMessageId: 'consumer-1', content: 'hello from a consumer' } },
    token,
  );
  expect((await newest(token, general)).at(-1)).toBe('hello from a consumer');
});

it('each test starts from the seed again (reset in afterEach)', async () => {
  const { token, general } = await aliceInGeneral();
  expect(await newest(token, general)).not.toContain('hello from a consumer');
});
`;

/**
 * Every entry of Parley's \`exports\` map, as a consumer imports it: type-checked, and run under
 * the consumer's vitest (a server on port 0, the schema file, the conformance catalogue).
 */
/** The test of every entry, with the README's `mock.data` block run verbatim on a real server. */
export const entriesTest = (dataBlock: string): string => `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { startMockServer, ManualClock } from 'parley';
import { catalogue } from 'parley/conformance';
import { ErrorCode, failOperation } from 'parley/msw';
import { hostParley } from 'parley/msw/shared-worker';

const require = createRequire(import.meta.url);

it('every entry of the exports map loads, with its types', async () => {
  const mock = await startMockServer({ port: 0, empty: true, clock: new ManualClock(0) });
  try {
    expect((await fetch(new URL('/ready', mock.url))).status).toBe(200);
${dataBlock}    expect(mock.data.messages(team.generalId).map((message) => message.content)).toEqual(['hi']);
    expect(accessToken).toEqual(expect.any(String));
  } finally {
    await mock.close();
  }
  // Random mode runs on @graphql-tools/mock, with the @graphql-tools versions Parley pins for Node 20.
  const random = await startMockServer({ port: 0, random: true, seed: 1 }); // the same data every run: seed 1 gives workspaces
  try {
    const response = await fetch(random.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ workspaces { id } }"}' });
    expect(((await response.json()) as { data: { workspaces: unknown[] } }).data.workspaces.length).toBeGreaterThan(0);
  } finally {
    await random.close();
  }
  expect(catalogue.length).toBeGreaterThan(0);
  expect(failOperation('SendMessage', ErrorCode.FORBIDDEN)).toBeDefined();
  expect(typeof hostParley).toBe('function');
  expect(readFileSync(require.resolve('parley/schema.graphql'), 'utf8')).toContain('type Query');
  expect((require('parley/package.json') as { name: string }).name).toBe('parley');
});
`;
