import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { schemaSdl } from '../../src/schema/load.js';
import { isUuid } from '../../src/schema/ids.js';
import { gql, ok } from '../support/client.js';
import { fieldCall, SAMPLE_ID, shapeProblems } from './shapes.js';

const schema = buildSchema(schemaSdl());

/** The raw bytes of a response: what "the same response" means. */
async function bytes(url: string, query: string, variables: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return response.text();
}

const PAGES = `query Pages($c: ID!) {
  messages(conversationId: $c, first: 5) { nodes { id sequence conversationId content createdAt sender: senderId attachments { id fileName } reactions { emoji userIds } } endCursor hasNextPage }
  me { id username displayName email avatarUrl }
  workspaces { id name slug purposes createdAt }
  memberDirectory(workspaceId: $c, input: { pageSize: 4 }) { items { displayName email role department { name } } page pageSize totalCount }
}`;

describe('random mode (mock serve --random)', () => {
  let seven: RunningMockServer;
  let sevenAgain: RunningMockServer;
  let eight: RunningMockServer;
  beforeAll(async () => {
    [seven, sevenAgain, eight] = await Promise.all([
      startMockServer({ port: 0, random: true, seed: 7 }),
      startMockServer({ port: 0, random: true, seed: 7, execution: 'interpreted' }),
      startMockServer({ port: 0, random: true, seed: 8 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([seven, sevenAgain, eight].map((server) => server?.close()));
  });

  for (const rootName of ['Query', 'Mutation'] as const) {
    it(`every ${rootName} field answers data of the schema's shape, with no error and UUID ids`, async () => {
      const root = rootName === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
      const problems: string[] = [];
      for (const field of Object.values(root.getFields())) {
        const document = `${rootName === 'Query' ? 'query' : 'mutation'} { ${fieldCall(field)} }`;
        const response = await gql(seven.url, document);
        if (response.errors) problems.push(`${field.name}: ${JSON.stringify(response.errors)}`);
        else shapeProblems(field.type, (response.data as Record<string, unknown>)[field.name], field.name, problems);
      }
      expect(problems).toEqual([]);
    });
  }

  it('the same seed and request give the same bytes: twice on one server (graphql-js, then graphql-jit), and on another server', async () => {
    const variables = { c: SAMPLE_ID };
    const first = await bytes(seven.url, PAGES, variables);
    expect(JSON.parse(first)).not.toHaveProperty('errors');
    expect(await bytes(seven.url, PAGES, variables)).toBe(first);
    expect(await bytes(seven.url, PAGES, variables)).toBe(first);
    expect(await bytes(sevenAgain.url, PAGES, variables)).toBe(first);
  });

  it('another seed, other variables or another document give other data', async () => {
    const variables = { c: SAMPLE_ID };
    const first = await bytes(seven.url, PAGES, variables);
    expect(await bytes(eight.url, PAGES, variables)).not.toBe(first);
    expect(await bytes(seven.url, PAGES, { c: '1a2b3c4d-0000-4000-8000-000000000000' })).not.toBe(first);
    expect(await bytes(seven.url, `${PAGES}\n# another document`, variables)).not.toBe(first);
  });

  it('first: 3 gives 3 nodes in every paged query; messages are in the conversation asked for, in ascending sequence', async () => {
    const data = ok(
      await gql<Record<string, { nodes: { id: string; sequence?: number; conversationId?: string }[]; endCursor: string | null }>>(
        seven.url,
        `query($c: ID!) {
          messages(conversationId: $c, first: 3) { nodes { id sequence conversationId } endCursor }
          messagesSince(conversationId: $c, afterSequence: 41, first: 3) { nodes { id sequence conversationId } endCursor }
          conversations(workspaceId: $c, first: 3) { nodes { id } endCursor }
          browseChannels(workspaceId: $c, first: 3) { nodes { id } endCursor }
          notifications(first: 3) { nodes { id } endCursor }
        }`,
        { c: SAMPLE_ID },
      ),
    );
    for (const page of Object.values(data)) {
      expect(page.nodes).toHaveLength(3);
      expect(page.endCursor).toEqual(expect.any(String));
      for (const node of page.nodes) expect(isUuid(node.id)).toBe(true);
    }
    for (const page of [data['messages']!, data['messagesSince']!]) {
      expect(page.nodes.map((node) => node.conversationId)).toEqual([SAMPLE_ID, SAMPLE_ID, SAMPLE_ID]);
      const [a, b, c] = page.nodes.map((node) => node.sequence!);
      expect([b! - a!, c! - b!]).toEqual([1, 1]);
    }
    expect(data['messagesSince']!.nodes[0]!.sequence).toBe(42);
  });

  it('pageSize: 7 gives 7 items, and the page echoes page and pageSize; first: 0 an empty page with a null cursor; sizes stop at 100', async () => {
    type Page = { items: unknown[]; page: number; pageSize: number; totalCount: number };
    const data = ok(
      await gql<{ fileLibrary: Page; memberDirectory: Page; none: { nodes: unknown[]; endCursor: string | null }; many: { nodes: unknown[] } }>(
        seven.url,
        `query($w: ID!) {
          fileLibrary(workspaceId: $w, input: { pageSize: 7, page: 2 }) { items { id fileName } page pageSize totalCount }
          memberDirectory(workspaceId: $w, input: { pageSize: 7 }) { items { userId displayName } page pageSize totalCount }
          none: conversations(workspaceId: $w, first: 0) { nodes { id } endCursor }
          many: notifications(first: 250) { nodes { id } }
        }`,
        { w: SAMPLE_ID },
      ),
    );
    for (const page of [data.fileLibrary, data.memberDirectory]) {
      expect(page.items).toHaveLength(7);
      expect(page.pageSize).toBe(7);
      expect(page.totalCount).toBeGreaterThanOrEqual((page.page - 1) * 7 + 7);
    }
    expect(data.fileLibrary.page).toBe(2);
    expect(data.none).toEqual({ nodes: [], endCursor: null });
    expect(data.many.nodes).toHaveLength(100);
  });

  it('objects echo what the call named: conversation(id), createChannel input, sendMessage conversation', async () => {
    const data = ok(
      await gql<{ conversation: { id: string }; createChannel: Record<string, unknown>; sendMessage: Record<string, unknown> }>(
        seven.url,
        `mutation($c: ID!) {
          createChannel(input: { workspaceId: $c, title: "design-review", visibility: PRIVATE }) { workspaceId title visibility }
          sendMessage(input: { conversationId: $c, clientMessageId: "tmp-1", content: "hello" }) { conversationId clientMessageId content }
        }`,
        { c: SAMPLE_ID },
      ),
    );
    expect(data.createChannel).toEqual({ workspaceId: SAMPLE_ID, title: 'design-review', visibility: 'PRIVATE' });
    expect(data.sendMessage).toEqual({ conversationId: SAMPLE_ID, clientMessageId: 'tmp-1', content: 'hello' });
    expect(ok(await gql<{ conversation: { id: string } }>(seven.url, `{ conversation(id: "${SAMPLE_ID}") { id } }`)).conversation.id).toBe(SAMPLE_ID);
  });

  it('workspaceSearch lists hold at most limit each, none for kinds left out; Boolean mutations answer true, ID ones the id sent', async () => {
    for (let round = 0; round < 5; round++) {
      const data = ok(
        await gql<{ workspaceSearch: Record<string, unknown[]> }>(
          seven.url,
          `{ workspaceSearch(workspaceId: "${SAMPLE_ID}", input: { query: "q${round}", limit: 2, kinds: [PEOPLE, FILES] }) { channels { id } files { id } messages { id } people { userId } } }`,
        ),
      );
      expect(data.workspaceSearch['channels']).toEqual([]);
      expect(data.workspaceSearch['messages']).toEqual([]);
      expect(data.workspaceSearch['people']!.length).toBeLessThanOrEqual(2);
      expect(data.workspaceSearch['files']!.length).toBeLessThanOrEqual(2);
    }
    const data = ok(
      await gql(seven.url, `mutation { logout(refreshToken: "r") register(input: { displayName: "a", email: "a@b.c", password: "p", username: "a" }) deleteDepartment(workspaceId: "${SAMPLE_ID}", id: "d-1") }`),
    );
    expect(data).toEqual({ logout: true, register: true, deleteDepartment: 'd-1' });
  });

  it('times fall in 2025; a list of enum values has no repeats', async () => {
    const data = ok(await gql<{ workspaces: { createdAt: string; purposes: string[] }[] }>(seven.url, '{ workspaces { createdAt purposes } }'));
    for (const workspace of data.workspaces) {
      expect(workspace.createdAt.startsWith('2025-')).toBe(true);
      expect(new Set(workspace.purposes).size).toBe(workspace.purposes.length);
    }
  });

  it('values look real: emails, names, URLs and RFC 3339 times', async () => {
    const data = ok(await gql<{ me: Record<string, string | null> }>(seven.url, '{ me { email displayName avatarUrl } }'));
    expect(data.me['email']).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(data.me['displayName']).toMatch(/^\S+ \S+/);
    if (data.me['avatarUrl'] !== null) expect(data.me['avatarUrl']).toMatch(/^https:\/\//);
  });

  it('keeps the engine: limits and error shaping are the stateful mock\'s', async () => {
    const invalid = await gql(seven.url, '{ me { nope } }');
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const aliases = Array.from({ length: 31 }, (_, index) => `a${index}: health`).join(' ');
    expect((await gql(seven.url, `{ ${aliases} }`)).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });
});
