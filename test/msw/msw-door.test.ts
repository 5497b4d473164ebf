import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { createParleyHandlers, failOperation, type ParleyHandlers } from '../../src/msw/index.js';
import type { MockState } from '../../src/mock-server/state/mock-state.js';
import { expectCode, gql, ok } from '../support/client.js';

/** No server listens here: MSW answers every request to it. */
const ENDPOINT = 'http://parley.test/graphql';
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken user { id } } }';
const CONVERSATIONS = 'query Conversations($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }';
const SEND = 'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id sequence content } }';
const MESSAGES = 'query Messages($c: ID!) { messages(conversationId: $c, first: 5) { nodes { id content } } }';

let parley: ParleyHandlers;
const server = setupServer();
let http: RunningMockServer;

beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint: ENDPOINT, seed: 1 });
  server.use(...parley.handlers);
  // Only the HTTP door (compared with below) is reached through the network.
  server.listen({ onUnhandledRequest: 'bypass' });
  http = await startMockServer({ port: 0, seed: 1 });
});
// The pattern the README shows: each test starts from the seed, without overrides.
afterEach(async () => {
  server.resetHandlers(...parley.handlers);
  await parley.reset();
});
afterAll(async () => {
  server.close();
  await http.close();
});

async function loginAlice(url = ENDPOINT): Promise<string> {
  const { login } = ok(await gql<{ login: { accessToken: string } }>(url, LOGIN, { input: { email: 'alice@acme.test', password: 'parley-demo' } }));
  return login.accessToken;
}

async function general(token: string, url = ENDPOINT): Promise<string> {
  const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, token));
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(url, CONVERSATIONS, { w: workspaces[0]!.id }, token));
  return conversations.nodes.find((node) => node.title === 'general')!.id;
}

function send(token: string, conversationId: string, content: string) {
  return gql<{ sendMessage: { id: string; content: string } }>(ENDPOINT, SEND, { input: { conversationId, clientMessageId: crypto.randomUUID(), content } }, token);
}

async function newest(token: string, conversationId: string): Promise<string[]> {
  const { messages } = ok(await gql<{ messages: { nodes: { content: string | null }[] } }>(ENDPOINT, MESSAGES, { c: conversationId }, token));
  return messages.nodes.map((node) => node.content ?? '');
}

describe('parley/msw: createParleyHandlers', () => {
  it('alice logs in, sends a message to #general and reads it back, with no server process', async () => {
    const token = await loginAlice();
    const conversationId = await general(token);
    const sent = ok(await send(token, conversationId, 'hello through MSW')).sendMessage;
    expect(sent.content).toBe('hello through MSW');
    expect((await newest(token, conversationId)).at(-1)).toBe('hello through MSW');
    // The state is the test's: it can assert on it directly.
    expect(parley.state.tables.messages.get(sent.id)).toBeDefined();
  });

  it('failOperation makes SendMessage fail with a chosen code while messages still works, and changes nothing', async () => {
    const token = await loginAlice();
    const conversationId = await general(token);
    server.use(failOperation('SendMessage', 'FORBIDDEN'));
    const before = digestTables(parley.state.tables);
    const refused = await send(token, conversationId, 'never stored');
    expect(refused.status).toBe(200);
    expectCode(refused, 'FORBIDDEN');
    expect(digestTables(parley.state.tables)).toBe(before);
    expect(await newest(token, conversationId)).not.toContain('never stored');
  });

  it("MSW's own override (graphql.mutation) replaces one operation's result; the rest keeps its state", async () => {
    const token = await loginAlice();
    const conversationId = await general(token);
    server.use(graphql.mutation('SendMessage', () => HttpResponse.json({ data: { sendMessage: { id: 'stub', sequence: 0, content: 'stubbed' } } })));
    expect(ok(await send(token, conversationId, 'ignored')).sendMessage).toEqual({ id: 'stub', sequence: 0, content: 'stubbed' });
    expect(await newest(token, conversationId)).not.toContain('ignored');
  });

  it('reset() brings back the seed: a sent message is gone, logins work again', async () => {
    const token = await loginAlice();
    const conversationId = await general(token);
    const sent = ok(await send(token, conversationId, 'before reset')).sendMessage;
    const contents = (state: MockState) => [...state.tables.messages.values()].map((message) => `${message.sequence} ${message.content}`);
    const seeded = contents((await createParleyHandlers({ seed: 1 })).state);
    expect(parley.state.tables.messages.size).toBe(seeded.length + 1);
    const started = performance.now();
    await parley.reset();
    console.log(`reset() with demo data: ${(performance.now() - started).toFixed(1)} ms`);
    // The same messages as a freshly seeded state.
    expect(contents(parley.state)).toEqual(seeded);
    expect(parley.state.tables.messages.get(sent.id)).toBeUndefined();
    // The old token belonged to the old state.
    expectCode(await gql(ENDPOINT, MESSAGES, { c: conversationId }, token), 'UNAUTHENTICATED');
    const again = await loginAlice();
    expect(await newest(again, await general(again))).not.toContain('before reset');
  });

  it('with an MSW graphql override in use, a document that does not parse still gets GRAPHQL_PARSE_FAILED (MSW logs its own error)', async () => {
    server.use(failOperation('SendMessage', 'FORBIDDEN'));
    const response = await gql(ENDPOINT, '{ workspaces {');
    expect(response.status).toBe(400);
    expectCode(response, 'GRAPHQL_PARSE_FAILED');
  });

  it('empty: true starts with no data', async () => {
    const empty = await createParleyHandlers({ endpoint: 'http://empty.test/graphql', empty: true });
    server.use(...empty.handlers);
    expectCode(await gql('http://empty.test/graphql', LOGIN, { input: { email: 'alice@acme.test', password: 'parley-demo' } }), 'UNAUTHENTICATED');
  });
});

describe('parley/msw answers as the HTTP door does', () => {
  /** Status, content type and body of one raw request, sent to both doors. */
  async function both(path: string, init: RequestInit): Promise<[unknown, unknown]> {
    const answer = async (url: string) => {
      const response = await fetch(url, init);
      return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
    };
    return [await answer(ENDPOINT + path), await answer(http.url + path)];
  }
  const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };

  it.each([
    ['no token (UNAUTHENTICATED)', '', { method: 'POST', headers: json, body: JSON.stringify({ query: MESSAGES, variables: { c: '00000000-0000-4000-8000-000000000000' } }) }],
    ['a document that does not parse (400)', '', { method: 'POST', headers: json, body: JSON.stringify({ query: '{ workspaces {' }) }],
    ['an unknown field (400)', '', { method: 'POST', headers: json, body: JSON.stringify({ query: '{ nope }' }) }],
    ['a mutation over GET (405)', `?query=${encodeURIComponent('mutation { logout(refreshToken: "x") }')}`, { method: 'GET', headers: { accept: 'application/graphql-response+json' } }],
    ['a wrong content type (415)', '', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }],
    ['a CORS preflight (204)', '', { method: 'OPTIONS' }],
    ['a query over GET', `?query=${encodeURIComponent('{ workspaces { id } }')}`, { method: 'GET', headers: { accept: 'application/json' } }],
  ] satisfies [string, string, RequestInit][])('%s', async (_name, path, init) => {
    const [msw, door] = await both(path, init);
    expect(msw).toEqual(door);
  });

  it('a body over the limit: 413 PAYLOAD_TOO_LARGE', async () => {
    const small = await createParleyHandlers({ endpoint: 'http://small.test/graphql', empty: true, limits: { maxBodyBytes: 100 } });
    server.use(...small.handlers);
    const response = await gql('http://small.test/graphql', `{ workspaces { id } } # ${'x'.repeat(200)}`);
    expect(response.status).toBe(413);
    expectCode(response, 'PAYLOAD_TOO_LARGE');
  });
});
