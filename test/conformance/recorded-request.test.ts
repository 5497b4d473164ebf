import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Target } from '../../src/conformance/target.js';
import { startRawServer, type RunningRawServer } from './support/raw-server.js';

/**
 * The evidence of an exchange is what went over the wire: the body graphql-request handed to
 * fetch (with the operationName it adds), not a copy rebuilt from the query and variables.
 */

interface Received {
  readonly body: Buffer;
  readonly headers: IncomingHttpHeaders;
}

let server: RunningRawServer;
const received: Received[] = [];

beforeAll(async () => {
  server = await startRawServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200, { 'content-type': 'application/graphql-response+json; charset=utf-8' });
      res.end('{"data":{"__typename":"Query"}}');
    });
  });
});
afterAll(() => server.close());

/** Sends one operation and returns its exchange with what the server got for it. */
async function send(query: string, variables: Record<string, unknown> | undefined, credential: { authorization: string; variable?: string } | null) {
  const target = new Target({ baseUrl: server.origin });
  const before = received.length;
  const exchange = await target.graphql(query, variables, credential);
  expect(received.length).toBe(before + 1);
  return { exchange, got: received[before]! };
}

const MESSAGES = 'query Messages($conversationId: ID!, $first: Int) { messages(conversationId: $conversationId, first: $first) { nodes { id } } }';

describe('a recorded request', () => {
  it('has the body the server received, byte for byte, with the operationName graphql-request adds', async () => {
    const { exchange, got } = await send(MESSAGES, { conversationId: 'c-é-🏃', first: 2, note: "it's \"quoted\"\n" }, { authorization: 'Bearer secret-token-a', variable: 'TOKEN_A' });
    expect(exchange.request.body).toBeDefined();
    expect(Buffer.from(exchange.request.body!, 'utf8').equals(got.body)).toBe(true);
    expect(JSON.parse(exchange.request.body!)).toMatchObject({ operationName: 'Messages', variables: { first: 2 } });
  });

  it('has the body the server received when there are no variables and the operation has no name', async () => {
    const { exchange, got } = await send('{ __typename }', undefined, null);
    expect(exchange.request.body).toBe(got.body.toString('utf8'));
    expect(JSON.parse(exchange.request.body!)).toEqual({ query: '{ __typename }' });
    expect(exchange.request.headers).not.toHaveProperty('authorization');
  });

  it('has the headers the server received, except that the actor\'s token shows as $TOKEN_A and nowhere raw', async () => {
    const { exchange, got } = await send(MESSAGES, { conversationId: 'c1' }, { authorization: 'Bearer secret-token-a', variable: 'TOKEN_A' });
    const { authorization, ...others } = exchange.request.headers;
    expect(authorization).toBe('Bearer $TOKEN_A');
    expect(got.headers.authorization).toBe('Bearer secret-token-a');
    expect(Object.keys(others).sort()).toEqual(['accept', 'content-type']);
    for (const [name, value] of Object.entries(others)) expect(got.headers[name], name).toBe(value);
    expect(JSON.stringify(exchange)).not.toContain('secret-token-a');
    expect(exchange.request).toMatchObject({ method: 'POST', url: `${server.origin}/graphql` });
  });
});
