import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { digestTables } from '../../src/mock-server/state/digest.js';
import { buildWorld, type World } from '../support/world.js';

/**
 * Frames a client gets wrong: each closes the socket with a graphql-ws code (or is answered with
 * a coded error), never 4500, never a server log line, and changes no state.
 */

let mock: RunningMockServer;
let world: World;
const bugs: Error[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, logBug: (error) => bugs.push(error) });
  world = await buildWorld(mock.url);
});
afterAll(() => mock.close());

interface Outcome {
  readonly close?: { code: number; reason: string };
  readonly messages: unknown[];
}

/** Opens a raw socket, sends `frames` (after an acknowledged init unless `init` is false), and reports what came back. */
async function exchange(frames: readonly (string | Buffer)[], init = true, waitMs = 300): Promise<Outcome> {
  const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws');
  const messages: unknown[] = [];
  let close: Outcome['close'];
  const closed = new Promise<void>((resolve) =>
    socket.on('close', (code, reason) => {
      close = { code, reason: String(reason) };
      resolve();
    }),
  );
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once('open', resolve));
  if (init) {
    socket.send(JSON.stringify({ type: 'connection_init', payload: { token: world.a.token } }));
    await new Promise<void>((resolve) => socket.once('message', () => resolve()));
  }
  for (const frame of frames) socket.send(frame);
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  socket.terminate();
  return { close, messages: init ? messages.slice(1) : messages };
}

interface Answer {
  readonly id: string;
  readonly type: string;
  readonly payload?: readonly { extensions?: { code?: string } }[] | { errors?: readonly { extensions?: { code?: string } }[] };
}

/** Per operation id, its first answer as `type codes` (`error GRAPHQL_PARSE_FAILED`). */
function firstAnswers(messages: readonly unknown[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const message of messages as Answer[]) {
    if (message.id in answers || message.type === 'complete') continue;
    const errors = Array.isArray(message.payload) ? message.payload : ((message.payload as { errors?: Answer['payload'] & unknown[] } | undefined)?.errors ?? []);
    answers[message.id] = `${message.type} ${(errors as { extensions?: { code?: string } }[]).map((error) => error.extensions?.code).join(',')}`;
  }
  return answers;
}

const cases: [string, readonly (string | Buffer)[], boolean, number][] = [
  ['a frame that is not JSON', ['{not json'], true, 4400],
  ['a JSON array', ['[1,2,3]'], true, 4400],
  ['a message of an unknown type', [JSON.stringify({ type: 'start', id: '1', payload: {} })], true, 4400],
  ['a subscribe without an id', [JSON.stringify({ type: 'subscribe', payload: { query: '{ me { id } }' } })], true, 4400],
  ['a subscribe whose query is not a string', [JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 42 } })], true, 4400],
  ['a subscribe before connection_init', [JSON.stringify({ type: 'subscribe', id: '1', payload: { query: '{ me { id } }' } })], false, 4401],
  ['a second connection_init', [JSON.stringify({ type: 'connection_init' })], true, 4429],
  ['two operations with one id', [1, 2].map(() => JSON.stringify({ type: 'subscribe', id: 'same', payload: { query: 'subscription { notificationReceived { id } }' } })), true, 4409],
  ['a binary frame that is not UTF-8', [Buffer.from([0xff, 0xfe, 0xfd])], true, 4400],
];

describe('bad frames', () => {
  for (const [name, frames, init, code] of cases) {
    it(`closes on ${name} with ${code}`, async () => {
      const before = digestTables(mock.state.tables);
      const outcome = await exchange(frames, init);
      expect(outcome.close?.code).toBe(code);
      expect(digestTables(mock.state.tables)).toBe(before);
      expect(bugs).toEqual([]);
    });
  }

  it('answers an operation that does not parse, or does not validate, with a coded error message and keeps the socket', async () => {
    const outcome = await exchange([
      JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription {' } }),
      JSON.stringify({ type: 'subscribe', id: '2', payload: { query: 'subscription { nope }' } }),
      JSON.stringify({ type: 'subscribe', id: '3', payload: { query: 'subscription($c: ID!) { messageCreated(conversationId: $c) { id } }', variables: { c: 42 } } }),
    ]);
    expect(outcome.close).toBeUndefined();
    const codes = firstAnswers(outcome.messages);
    expect(codes).toMatchObject({ '1': 'error GRAPHQL_PARSE_FAILED', '2': 'error GRAPHQL_VALIDATION_FAILED' });
    expect(codes['3']).toMatch(/^(error|next) BAD_USER_INPUT$/);
    expect(bugs).toEqual([]);
  });

  it('applies the query limits over the socket too', async () => {
    const aliases = `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: me { id }`).join(' ')} }`;
    const outcome = await exchange([
      JSON.stringify({ type: 'subscribe', id: 'too-many-aliases', payload: { query: aliases } }),
      JSON.stringify({ type: 'subscribe', id: 'fine', payload: { query: '{ me { id } }' } }),
    ]);
    expect(outcome.close).toBeUndefined();
    expect(firstAnswers(outcome.messages)).toEqual({ 'too-many-aliases': 'error QUERY_TOO_COMPLEX', fine: 'next ' });
    expect(outcome.messages).toContainEqual({ id: 'fine', type: 'next', payload: { data: { me: { id: world.a.id } } } });
  });
});
