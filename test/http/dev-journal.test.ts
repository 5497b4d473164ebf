import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestJournal } from '../../src/mock-server/runtime/journal/journal.js';
import { summariseVariables } from '../../src/mock-server/runtime/journal/journal-variables.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { expectCode, gql, ok } from '../support/client.js';
import { acknowledged, connectSocket } from '../support/socket.js';
import { buildWorld, send, type World } from '../support/world.js';

interface Entry {
  time: string;
  transport: string;
  operationName: string | null;
  operationType: string | null;
  variables: unknown;
  caller: { id: string; username: string | null } | null;
  status: number | null;
  durationMs: number;
  errorCodes: string[];
}

let mock: RunningMockServer;
let world: World;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

async function journal(query = ''): Promise<Entry[]> {
  const response = await fetch(`${mock.origin}/dev/journal${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: Entry[] }).entries;
}

async function clear(): Promise<number> {
  const response = await fetch(`${mock.origin}/dev/journal`, { method: 'DELETE' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { cleared: number }).cleared;
}

const usernameOf = (id: string) => mock.state.tables.users.get(id)!.username;

describe('GET /dev/journal: the last GraphQL requests, newest first', () => {
  it('records operation name and type, variables, caller, status, duration and error codes', async () => {
    await clear();
    const sent = await send(mock.url, world.a, world.privateChannelId, 'journal me');
    // C is not in the workspace: FORBIDDEN, answered 200 with the error.
    const refused = await gql(mock.url, 'mutation Post($input: SendMessageInput!) { sendMessage(input: $input) { id } }', { input: { conversationId: world.privateChannelId, clientMessageId: crypto.randomUUID(), content: 'x' } }, world.c.token);
    expectCode(refused, 'FORBIDDEN');
    // A document that does not validate: 400 with application/graphql-response+json, the caller still known by the token.
    const invalid = await gql(mock.url, 'query Broken { nope }', {}, world.b.token);
    expect(invalid.status).toBe(400);

    const [broken, post, first] = await journal();
    expect(first).toMatchObject({
      transport: 'http',
      operationName: null,
      operationType: 'mutation',
      variables: { input: { conversationId: world.privateChannelId, content: 'journal me' } },
      caller: { id: world.a.id, username: usernameOf(world.a.id) },
      status: 200,
      errorCodes: [],
    });
    expect(sent.id).toBeTruthy();
    expect(first!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first!.time)).not.toBeNaN();
    expect(post).toMatchObject({ operationName: 'Post', operationType: 'mutation', caller: { id: world.c.id, username: usernameOf(world.c.id) }, status: 200, errorCodes: ['FORBIDDEN'] });
    expect(broken).toMatchObject({ operationName: null, operationType: null, caller: { id: world.b.id }, status: 400, errorCodes: ['GRAPHQL_VALIDATION_FAILED'] });
  });

  it('redacts secrets at any depth (password, tokens, an OAuth code) and keeps the rest; no token means no caller', async () => {
    await clear();
    const login = await gql(mock.url, 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email: world.a.email, password: world.a.password } });
    ok(login);
    await gql(mock.url, 'mutation Refresh($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken } }', { refreshToken: world.a.refreshToken });
    const [refresh, loginEntry] = await journal();
    expect(loginEntry).toMatchObject({ operationName: 'Login', caller: null, errorCodes: [], variables: { input: { email: world.a.email, password: '[redacted]' } } });
    expect(refresh!.variables).toEqual({ refreshToken: '[redacted]' });
    expect(JSON.stringify(await journal())).not.toContain(world.a.password);
    expect(JSON.stringify(await journal())).not.toContain(world.a.refreshToken);
    expect(summariseVariables({ input: { code: 'oac_1', codeVerifier: 'v', codeChallenge: 'c', list: [{ accessToken: 't', n: 1 }] } }).value).toEqual({
      input: { code: '[redacted]', codeVerifier: '[redacted]', codeChallenge: 'c', list: [{ accessToken: '[redacted]', n: 1 }] },
    });
  });

  it('records queries and mutations over WebSocket (transport ws, no status)', async () => {
    await clear();
    const socket = connectSocket(mock.wsUrl, { Authorization: `Bearer ${world.a.token}` });
    try {
      await acknowledged(socket);
      for await (const result of socket.client.iterate({ query: 'query Me { me { id } }' })) {
        expect(result.errors).toBeUndefined();
        break;
      }
    } finally {
      await socket.dispose();
    }
    const [entry] = await journal();
    expect(entry).toMatchObject({ transport: 'ws', operationName: 'Me', operationType: 'query', status: null, caller: { id: world.a.id }, errorCodes: [] });
  });

  it('?limit=N answers the newest N; a bad limit is 400; DELETE clears it', async () => {
    await clear();
    for (const n of [1, 2, 3]) await gql(mock.url, `query Q${n} { health }`);
    expect((await journal('?limit=2')).map((entry) => entry.operationName)).toEqual(['Q3', 'Q2']);
    for (const bad of ['0', '-1', 'ten', '201', '1.5']) {
      const response = await fetch(`${mock.origin}/dev/journal?limit=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { errors: { extensions: unknown }[] }).errors[0]!.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'limit' });
    }
    expect(await clear()).toBe(3);
    expect(await journal()).toEqual([]);
  });

  it('keeps the last `capacity` requests in a ring: the oldest give way', () => {
    const ring = new RequestJournal(3);
    for (const n of [1, 2, 3, 4, 5]) {
      ring.record({ at: n, transport: 'http', schema: null, document: null, operationName: `Q${n}`, variables: null, caller: null, status: 200, durationMs: 1, errorCodes: [] });
    }
    expect(ring.size).toBe(3);
    expect(ring.list().map((entry) => entry.operationName)).toEqual(['Q5', 'Q4', 'Q3']);
    expect(ring.list(1).map((entry) => entry.operationName)).toEqual(['Q5']);
    expect(() => new RequestJournal(0)).toThrow(/above 0/);
  });
});
