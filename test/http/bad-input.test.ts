import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { expectCode, gql } from '../support/client.js';
import { buildWorld, SEND, type World } from '../support/world.js';

let mock: RunningMockServer;
let world: World;
let digest: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());
beforeEach(() => {
  digest = digestTables(mock.state.tables);
});

/** Every request in this file is refused; none may change the state. */
function expectStateUnchanged(): void {
  expect(digestTables(mock.state.tables)).toBe(digest);
}

async function post(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(mock.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${world.a.token}`, ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text };
}

const sendInput = (input: Record<string, unknown>) => gql(mock.url, SEND, { input: { conversationId: world.privateChannelId, clientMessageId: 'c1', content: 'hi', ...input } }, world.a.token);

describe('bad input gets a clear error with a code and changes nothing', () => {
  it('a body that is not JSON is 400 with code BAD_REQUEST', async () => {
    const response = await post('{"query": "{ health }"');
    expect(response.status).toBe(400);
    const body = JSON.parse(response.text) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0]!.message).toMatch(/JSON/i);
    expectStateUnchanged();
  });

  it('a JSON body without a query string is 400 with code BAD_REQUEST', async () => {
    for (const body of ['{}', '[]', '{"query": 42}', 'null']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(response.text).toContain('BAD_REQUEST');
    }
    expectStateUnchanged();
  });

  it('an unsupported content type is 415', async () => {
    const response = await post('query=%7Bhealth%7D', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.status).toBe(415);
    expectStateUnchanged();
  });

  it('a syntax error is GRAPHQL_PARSE_FAILED', async () => {
    const response = await gql(mock.url, 'mutation { sendMessage(', {}, world.a.token);
    expect(response.errors![0]!.extensions!.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(response.data).toBeUndefined();
    expectStateUnchanged();
  });

  it('an unknown field or operation is GRAPHQL_VALIDATION_FAILED', async () => {
    for (const query of ['{ nope }', 'mutation { dropEverything }', '{ messages(conversationId: "x", last: 3) { nodes { id } } }']) {
      const response = await gql(mock.url, query, {}, world.a.token);
      expect(response.errors![0]!.extensions!.code, query).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    expectStateUnchanged();
  });

  it('an operationName the document does not hold is refused with BAD_REQUEST (200 for application/json, 400 for graphql-response+json)', async () => {
    const body = JSON.stringify({ query: 'query A { health } mutation B { logout(refreshToken: "x") }', operationName: 'C' });
    const legacy = await post(body);
    expect(legacy.status).toBe(200);
    expect(JSON.parse(legacy.text)).toEqual({ errors: [{ message: 'the document has no operation named "C"', extensions: { code: 'BAD_REQUEST' } }] });
    const modern = await post(body, { accept: 'application/graphql-response+json' });
    expect(modern.status).toBe(400);
    expect(modern.contentType).toContain('application/graphql-response+json');
    const unnamed = await post(JSON.stringify({ query: 'query A { health } query B { health }' }));
    expect(unnamed.text).toContain('name the one to run with operationName');
    expectStateUnchanged();
  });

  it('variables of the wrong type are BAD_USER_INPUT', async () => {
    const cases: Record<string, unknown>[] = [
      { input: { conversationId: world.privateChannelId, clientMessageId: 1, content: 'x' } },
      { input: { conversationId: world.privateChannelId, clientMessageId: 'c', content: ['x'] } },
      { input: { conversationId: world.privateChannelId, content: 'x' } },
      { input: 'not an object' },
      { input: { conversationId: world.privateChannelId, clientMessageId: 'c', content: 'x', extra: true } },
      {},
    ];
    for (const variables of cases) {
      const response = await gql(mock.url, SEND, variables, world.a.token);
      expect(response.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    expectStateUnchanged();
  });

  it('malformed ids are BAD_USER_INPUT', async () => {
    expectCode(await sendInput({ conversationId: 'general' }), 'BAD_USER_INPUT');
    expectCode(await sendInput({ replyToMessageId: '../../etc/passwd' }), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, 'mutation { deleteMessage(id: "1 OR 1=1") { id } }', {}, world.a.token), 'BAD_USER_INPUT');
    expectCode(await gql(mock.url, 'mutation { editMessage(id: "", content: "x") { id } }', {}, world.a.token), 'BAD_USER_INPUT');
    expectStateUnchanged();
  });

  it('a mutation over GET is refused with 405', async () => {
    const response = await fetch(`${mock.url}?query=${encodeURIComponent('mutation { logout(refreshToken: "x") }')}`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(405);
    expectStateUnchanged();
  });

  it('a query over GET works', async () => {
    const response = await fetch(`${mock.url}?query=${encodeURIComponent('{ health }')}`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { health: 'ok' } });
  });

  it('a body over the size limit is 413', async () => {
    const response = await post(JSON.stringify({ query: '{ health }', variables: { pad: 'x'.repeat(2 * 1024 * 1024) } }));
    expect(response.status).toBe(413);
    expectStateUnchanged();
  });

  it('unknown paths are 404 with a hint; /ready is 200 with a JSON body', async () => {
    const missing = await fetch(`${mock.origin}/graphq`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('/graphql');
    const ready = await fetch(`${mock.origin}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

});

describe('a bug never leaks', () => {
  it('becomes INTERNAL_SERVER_ERROR without a stack trace, and is logged on the server with its stack', async () => {
    const logged: Error[] = [];
    const buggy = await startMockServer({ port: 0, empty: true, logBug: (error) => logged.push(error) });
    try {
      const actor = (await buildWorld(buggy.url)).a;
      buggy.state.messagePages.backward = () => {
        throw new TypeError("Cannot read properties of undefined (reading 'sequence')");
      };
      const response = await gql(buggy.url, '{ messages(conversationId: "5b0e4f9a-1111-4222-8333-944455566677") { endCursor } }', {}, actor.token);
      expectCode(response, 'INTERNAL_SERVER_ERROR');
      expect(response.errors![0]!.message).toBe('Internal server error');
      expect(JSON.stringify(response)).not.toContain('sequence');
      expect(logged).toHaveLength(1);
      expect(logged[0]!.stack).toContain('TypeError');
    } finally {
      await buggy.close();
    }
  });
});
