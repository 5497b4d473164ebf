import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createParleyHandlers } from '../../src/msw/index.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { acknowledged, connectSocket, type SocketClient } from '../support/socket.js';
import { buildWorld, type World } from '../support/world.js';

/**
 * Limits before work (docs/mock-behaviour.md, "Security"): a document or variables nested deeper
 * than the parser and the validators can follow are refused with 400 and QUERY_TOO_COMPLEX before
 * any of that work, through every door, instead of overflowing the stack into a 500.
 */

let mock: RunningMockServer;
let world: World;
const sockets: SocketClient[] = [];
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterEach(async () => {
  await Promise.all(sockets.splice(0).map((socket) => socket.dispose()));
});
afterAll(() => mock.close());

interface Answer {
  readonly status: number;
  readonly errors: readonly { message: string; extensions?: { code?: string } }[] | undefined;
  readonly data: unknown;
}

/** POSTs a raw body, without a token, as an attacker would. */
async function post(body: unknown): Promise<Answer> {
  const response = await fetch(mock.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify(body),
  });
  const parsed = (await response.json()) as { errors?: Answer['errors']; data?: unknown };
  return { status: response.status, errors: parsed.errors, data: parsed.data };
}

function expectRefused(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.errors)).toBe(400);
  expect(answer.data).toBeUndefined();
  expect(answer.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  expect(answer.errors?.[0]?.message).toContain('--max-nesting');
}

const deepList = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{a:'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('nesting in the document is refused before parsing', () => {
  it('a 4 KB list literal nested 2,000 deep, without a token, is 400 QUERY_TOO_COMPLEX', async () => {
    const query = `{ health(x: ${deepList(2000)}) }`;
    expect(query.length).toBeLessThan(4200);
    expectRefused(await post({ query }));
  });

  it('an object literal nested 2,000 deep is 400 QUERY_TOO_COMPLEX', async () => {
    expectRefused(await post({ query: `{ health(x: ${deepObject(2000)}) }` }));
  });

  it('selections nested 2,500 deep are 400 QUERY_TOO_COMPLEX, even under a raised token limit', async () => {
    const query = `${'{ a '.repeat(2500)}${'}'.repeat(2500)}`;
    expectRefused(await post({ query }));
  });

  it('brackets inside strings and comments do not count', async () => {
    const answer = await post({ query: `query Q { health } # ${'['.repeat(500)}\nquery R { __type(name: "${'{'.repeat(500)}") { name } }`, operationName: 'R' });
    expect(answer.status, JSON.stringify(answer.errors)).toBe(200);
  });
});

describe('nesting in the variables is refused before any walk over them', () => {
  it('a variable nested 100,000 deep (declared or not) is 400 QUERY_TOO_COMPLEX', async () => {
    // Built as text: JSON.stringify would itself overflow on a value this deep.
    const variables = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await fetch(mock.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: `{"query":"query($x: Boolean!) { health @include(if: $x) }","variables":{"x":true,"extra":${variables}}}`,
    });
    const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
    expect(response.status, JSON.stringify(body.errors)).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors?.[0]?.message).toContain('--max-nesting');
    // The journal keeps the refused request; reading it must not walk the variables into a 500.
    const journal = await fetch(`${mock.origin}/dev/journal?limit=1`);
    expect(journal.status).toBe(200);
  });

  it('variables nested within the limit are served', async () => {
    // An undeclared variable is ignored by graphql-js, but still walked (and so limited) by the door.
    const answer = await post({ query: 'query($x: Boolean!) { health @include(if: $x) }', variables: { x: true, extra: [[[{ a: ['b'] }]]] } });
    expect(answer.status, JSON.stringify(answer.errors)).toBe(200);
  });
});

describe('the WebSocket door has the same limit', () => {
  it('a deep list literal in a subscription is an error with QUERY_TOO_COMPLEX, and the socket stays open', async () => {
    const socket = connectSocket(mock.url.replace(/^http/, 'ws'), { Authorization: `Bearer ${world.a.token}` });
    sockets.push(socket);
    await acknowledged(socket);
    const refused = await new Promise<string>((resolve, reject) => {
      socket.client.subscribe(
        { query: `subscription { messageCreated(conversationId: ${deepList(2000)}) { id } }` },
        { next: () => reject(new Error('a result for a refused operation')), error: (error) => resolve(JSON.stringify(error)), complete: () => reject(new Error('completed')) },
      );
    });
    expect(refused).toContain('QUERY_TOO_COMPLEX');
    expect(refused).toContain('--max-nesting');
    const health = await new Promise<unknown>((resolve, reject) => {
      socket.client.subscribe({ query: '{ health }' }, { next: (value) => resolve(value), error: reject, complete: () => {} });
    });
    expect(health).toMatchObject({ data: { health: expect.anything() } });
  });
});

describe('the MSW door has the same limit', () => {
  /** No server listens here: MSW answers every request to it. */
  const ENDPOINT = 'http://parley-nesting.test/graphql';
  const msw = setupServer();
  beforeAll(async () => {
    const parley = await createParleyHandlers({ endpoint: ENDPOINT, seed: 1 });
    msw.use(...parley.handlers);
    msw.listen({ onUnhandledRequest: 'bypass' });
  });
  afterAll(() => msw.close());

  it('a deep list literal is 400 QUERY_TOO_COMPLEX', async () => {
    const response = await fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body: JSON.stringify({ query: `{ health(x: ${deepList(2000)}) }` }),
    });
    const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] };
    expect(response.status, JSON.stringify(body.errors)).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors?.[0]?.message).toContain('--max-nesting');
  });
});

