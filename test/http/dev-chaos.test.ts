import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { expectCode, gql, ok } from '../support/client.js';
import { until } from '../support/socket.js';
import { buildWorld, type World } from '../support/world.js';

const SEND = 'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }';
const MESSAGES = 'query Messages($c: ID!) { messages(conversationId: $c) { nodes { id } } }';

let mock: RunningMockServer;
let world: World;
const clock = new ManualClock(Date.parse('2030-01-01T00:00:00Z'));
let timed: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  timed = await startMockServer({ port: 0, empty: true, clock });
});
afterEach(async () => {
  await fetch(`${mock.origin}/dev/chaos`, { method: 'DELETE' });
  await fetch(`${timed.origin}/dev/chaos`, { method: 'DELETE' });
});
afterAll(() => Promise.all([mock.close(), timed.close()]));

async function setChaos(body: unknown, server = mock): Promise<Response> {
  return fetch(`${server.origin}/dev/chaos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function chaosOk(body: unknown, server = mock): Promise<unknown> {
  const response = await setChaos(body, server);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const sendAsA = (content = 'hello') => gql(mock.url, SEND, { input: { conversationId: world.privateChannelId, clientMessageId: crypto.randomUUID(), content } }, world.a.token);

describe('/dev/chaos: failures for named operations', () => {
  it('a forced code fails SendMessage (status 200, data null, the code, a path) and never touches the state, while Messages works', async () => {
    const settings = await chaosOk({ operations: { SendMessage: { errorCode: 'FORBIDDEN' } } });
    expect(settings).toEqual({ seed: 1, operations: { SendMessage: { errorCode: 'FORBIDDEN' } } });
    expect(await (await fetch(`${mock.origin}/dev/chaos`)).json()).toEqual(settings);
    const before = digestTables(mock.state.tables);
    const refused = await sendAsA();
    expect(refused.status).toBe(200);
    expectCode(refused, 'FORBIDDEN');
    expect(refused.data).toBeNull();
    expect(refused.errors![0]!.path).toEqual(['sendMessage']);
    expect(refused.errors![0]!.message).toBe('SendMessage failed with FORBIDDEN: injected by chaos (see /dev/chaos)');
    expect(digestTables(mock.state.tables)).toBe(before);
    ok(await gql(mock.url, MESSAGES, { c: world.privateChannelId }, world.a.token));
    // The name is the document's: the same mutation under another name runs.
    ok(await gql(mock.url, SEND.replace('SendMessage(', 'Post('), { input: { conversationId: world.privateChannelId, clientMessageId: crypto.randomUUID(), content: 'other name' } }, world.a.token));
    await fetch(`${mock.origin}/dev/chaos`, { method: 'DELETE' });
    ok(await sendAsA('after DELETE'));
  });

  it('failureRate 1 always fails (INTERNAL_SERVER_ERROR without a code), 0 never does', async () => {
    await chaosOk({ operations: { SendMessage: { failureRate: 1 } } });
    for (let i = 0; i < 3; i++) expectCode(await sendAsA(), 'INTERNAL_SERVER_ERROR');
    await chaosOk({ operations: { SendMessage: { failureRate: 0, errorCode: 'CONFLICT' } } });
    for (let i = 0; i < 3; i++) ok(await sendAsA());
  });

  it('a rate between 0 and 1 draws from the seed: the same seed fails the same requests', async () => {
    const outcomes = async (seed: number): Promise<string> => {
      await chaosOk({ seed, operations: { Messages: { failureRate: 0.5, errorCode: 'NOT_FOUND' } } });
      let pattern = '';
      for (let i = 0; i < 16; i++) pattern += (await gql(mock.url, MESSAGES, { c: world.privateChannelId }, world.a.token)).errors ? 'x' : '.';
      return pattern;
    };
    const first = await outcomes(7);
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
    expect(await outcomes(7)).toBe(first);
    expect(await outcomes(8)).not.toBe(first);
  });

  it('request codes answer as request errors (400 for graphql-response+json, 200 for json), PAYLOAD_TOO_LARGE as 413', async () => {
    await chaosOk({ operations: { Messages: { errorCode: 'BAD_REQUEST' }, SendMessage: { errorCode: 'PAYLOAD_TOO_LARGE' } } });
    const strict = await gql(mock.url, MESSAGES, { c: world.privateChannelId }, world.a.token, { accept: 'application/graphql-response+json' });
    expect(strict.status).toBe(400);
    expect(strict.data).toBeUndefined();
    expectCode(strict, 'BAD_REQUEST');
    const json = await gql(mock.url, MESSAGES, { c: world.privateChannelId }, world.a.token, { accept: 'application/json' });
    expect(json.status).toBe(200);
    expectCode(json, 'BAD_REQUEST');
    const large = await sendAsA();
    expect(large.status).toBe(413);
    expectCode(large, 'PAYLOAD_TOO_LARGE');
  });
});

describe('/dev/chaos: latency waits on the state clock', () => {
  it('an all-operations range delays the answer until the clock passes it; a named range replaces it', async () => {
    await chaosOk({ latency: { minMs: 500, maxMs: 500 }, operations: { Quick: { latency: { minMs: 0, maxMs: 0 } } } }, timed);
    let settled = false;
    const slow = gql(timed.url, 'query Slow { health }').then((response) => {
      settled = true;
      return response;
    });
    await until(() => clock.pendingTimers === 1, 'the chaos timer');
    // The named operation does not wait.
    expect(ok(await gql<{ health: string }>(timed.url, 'query Quick { health }')).health).toBe('ok');
    clock.advance(499);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    clock.advance(1);
    expect(ok(await slow)).toEqual({ health: 'ok' });
    expect(clock.pendingTimers).toBe(0);
  });

  it('a range draws each wait from minMs to maxMs', async () => {
    await chaosOk({ seed: 3, latency: { minMs: 100, maxMs: 200 } }, timed);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = clock.now();
      const answer = gql(timed.url, '{ health }');
      await until(() => clock.pendingTimers === 1, 'the chaos timer');
      // The timer fires synchronously in advance(), at its own time: step until it has.
      while (clock.pendingTimers > 0) clock.advance(1);
      ok(await answer);
      waits.push(clock.now() - start);
    }
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(100);
      expect(wait).toBeLessThanOrEqual(200);
    }
    expect(new Set(waits).size).toBeGreaterThan(1);
  });
});

describe('/dev/chaos: bad bodies are 400 with a code, a field and a sentence; nothing changes', () => {
  const cases: [string, unknown, string, string | undefined][] = [
    ['not JSON', '{"latency":', 'BAD_REQUEST', undefined],
    ['an array', [], 'BAD_USER_INPUT', undefined],
    ['an unknown setting', { latancy: {} }, 'BAD_USER_INPUT', 'latancy'],
    ['a rate above 1', { operations: { SendMessage: { failureRate: 1.5 } } }, 'BAD_USER_INPUT', 'operations.SendMessage.failureRate'],
    ['a rate that is not a number', { operations: { SendMessage: { failureRate: '0.5' } } }, 'BAD_USER_INPUT', 'operations.SendMessage.failureRate'],
    ['a code that is not the schema\'s', { operations: { SendMessage: { errorCode: 'TEAPOT' } } }, 'BAD_USER_INPUT', 'operations.SendMessage.errorCode'],
    ['an operation that sets nothing', { operations: { SendMessage: {} } }, 'BAD_USER_INPUT', 'operations.SendMessage'],
    ['maxMs below minMs', { latency: { minMs: 500, maxMs: 100 } }, 'BAD_USER_INPUT', 'latency.maxMs'],
    ['a negative latency', { latency: { minMs: -1, maxMs: 100 } }, 'BAD_USER_INPUT', 'latency.minMs'],
    ['a latency over two minutes', { latency: { minMs: 0, maxMs: 120_001 } }, 'BAD_USER_INPUT', 'latency.maxMs'],
    ['a fractional seed', { seed: 1.5 }, 'BAD_USER_INPUT', 'seed'],
  ];
  it.each(cases)('%s', async (_name, body, code, field) => {
    const kept = await chaosOk({ latency: { minMs: 0, maxMs: 0 } });
    const response = await setChaos(body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { errors: { message: string; extensions: { code: string; field?: string } }[] }).errors[0]!;
    expect(error.extensions.code).toBe(code);
    expect(error.extensions.field).toBe(field);
    expect(error.message.length).toBeGreaterThan(15);
    expect(await (await fetch(`${mock.origin}/dev/chaos`)).json()).toEqual(kept);
  });

  it('any operation name is legal (they are the client\'s), and DELETE turns chaos off', async () => {
    expect(await chaosOk({ operations: { 'whatever-the client_calls it': { failureRate: 0.1 } } })).toMatchObject({ operations: { 'whatever-the client_calls it': { failureRate: 0.1 } } });
    const cleared = await fetch(`${mock.origin}/dev/chaos`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ seed: 1 });
    expect(mock.runtime.chaos.active).toBe(false);
  });
});
