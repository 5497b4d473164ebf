import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { ChaosSettingsError, createParleyHandlers, type ParleyHandlers } from '../../src/msw/index.js';
import { expectCode, gql, ok } from '../support/client.js';

/** No server listens here: MSW answers every request to it. */
const ENDPOINT = 'http://parley-chaos.test/graphql';
const LOGIN = 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }';
const SEND = 'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }';
const MESSAGES = 'query Messages($c: ID!) { messages(conversationId: $c, first: 5) { nodes { id } } }';
const FORBID_SEND = { operations: { SendMessage: { errorCode: 'FORBIDDEN' as const } } };

let parley: ParleyHandlers;
const server = setupServer();
let http: RunningMockServer;

beforeAll(async () => {
  parley = await createParleyHandlers({ endpoint: ENDPOINT, seed: 1 });
  server.use(...parley.handlers);
  server.listen({ onUnhandledRequest: 'bypass' });
  http = await startMockServer({ port: 0, seed: 1, chaos: FORBID_SEND });
});
afterEach(async () => {
  server.resetHandlers(...parley.handlers);
  await parley.reset();
});
afterAll(async () => {
  server.close();
  await http.close();
});

async function aliceInGeneral(url: string): Promise<{ token: string; general: string }> {
  const token = ok(await gql<{ login: { accessToken: string } }>(url, LOGIN, { input: { email: 'alice@acme.test', password: 'parley-demo' } })).login.accessToken;
  const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, token));
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', { w: workspaces[0]!.id }, token));
  return { token, general: conversations.nodes.find((node) => node.title === 'general')!.id };
}

async function rawSend(url: string, token: string, conversationId: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: SEND, variables: { input: { conversationId, clientMessageId: '00000000-0000-4000-8000-000000000001', content: 'hi' } } }),
  });
  return { status: response.status, body: await response.text() };
}

describe('chaos from the MSW handlers (parley.chaos), the same code as POST /dev/chaos', () => {
  it('a forced code fails SendMessage without touching the state, Messages still works; the answer is the HTTP door\'s, byte for byte', async () => {
    expect(parley.chaos.set(FORBID_SEND)).toEqual({ seed: 1, ...FORBID_SEND });
    const { token, general } = await aliceInGeneral(ENDPOINT);
    const before = digestTables(parley.state.tables);
    const refused = await gql(ENDPOINT, SEND, { input: { conversationId: general, clientMessageId: crypto.randomUUID(), content: 'hi' } }, token);
    expectCode(refused, 'FORBIDDEN');
    expect(digestTables(parley.state.tables)).toBe(before);
    ok(await gql(ENDPOINT, MESSAGES, { c: general }, token));

    const overHttp = await aliceInGeneral(http.url);
    expect(await rawSend(ENDPOINT, token, general)).toEqual(await rawSend(http.url, overHttp.token, overHttp.general));

    parley.chaos.clear();
    ok(await gql(ENDPOINT, SEND, { input: { conversationId: general, clientMessageId: crypto.randomUUID(), content: 'hi' } }, token));
  });

  it('the journal records MSW requests (transport msw); reset() empties it and ends the chaos', async () => {
    parley.chaos.set({ operations: { Messages: { failureRate: 1, errorCode: 'NOT_FOUND' } } });
    const { token, general } = await aliceInGeneral(ENDPOINT);
    expectCode(await gql(ENDPOINT, MESSAGES, { c: general }, token), 'NOT_FOUND');
    const [latest] = parley.journal.list(1);
    expect(latest).toMatchObject({ transport: 'msw', operationName: 'Messages', operationType: 'query', status: 200, errorCodes: ['NOT_FOUND'], caller: { username: 'alice' } });
    const chaos = parley.chaos;
    await parley.reset();
    expect(parley.chaos).toBe(chaos);
    expect(parley.chaos.active).toBe(false);
    expect(parley.journal.size).toBe(0);
    const again = await aliceInGeneral(ENDPOINT);
    ok(await gql(ENDPOINT, MESSAGES, { c: again.general }, again.token));
  });

  it('bad settings throw a ChaosSettingsError naming the field, and the chaos in force stays', () => {
    parley.chaos.set(FORBID_SEND);
    expect(() => parley.chaos.set({ operations: { SendMessage: { failureRate: 2 } } })).toThrow(ChaosSettingsError);
    let caught: unknown;
    try {
      parley.chaos.set({ operations: { SendMessage: { errorCode: 'NOPE' } } });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ChaosSettingsError);
    expect((caught as ChaosSettingsError).field).toBe('operations.SendMessage.errorCode');
    expect((caught as ChaosSettingsError).code).toBe('BAD_USER_INPUT');
    expect(parley.chaos.settings).toEqual({ seed: 1, ...FORBID_SEND });
  });
});
