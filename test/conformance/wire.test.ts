import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Target } from '../../src/conformance/target.js';
import { send } from '../../src/conformance/wire.js';

/**
 * The suite's own HTTP client (src/conformance/wire.ts): one keep-alive pool for a run's thousands
 * of requests, so it must tell a kept-alive connection the server closed while idle (send again,
 * on a new connection) from a server that drops the request it was sent (never sent twice: a
 * retried POST could apply a mutation twice), and keep its time limit and its byte-exact bodies.
 * The servers here are raw TCP, so each test decides what happens to every connection.
 */

const answer = (body: string): string => `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nkeep-alive: timeout=30\r\n\r\n${body}`;

interface RawServer {
  readonly origin: string;
  /** Requests seen, per connection in the order they opened. */
  readonly requests: number[];
  /** Everything received, per connection. */
  readonly received: string[];
}

const opened: { server: Server; sockets: Socket[] }[] = [];
afterEach(async () => {
  // Closing a server's connections too: the pool keeps none for the next test.
  const closing = opened.splice(0).map(({ server, sockets }) => {
    sockets.forEach((socket) => socket.destroy());
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  await Promise.all(closing);
});

/** A raw TCP server that hands each request (its index on its connection) to `onRequest`; requests here are small enough to come in one read. */
async function rawServer(onRequest: (socket: Socket, connection: number, index: number) => void): Promise<RawServer> {
  const requests: number[] = [];
  const received: string[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    const connection = requests.push(0) - 1;
    received.push('');
    sockets.push(socket);
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      received[connection] += chunk.toString('utf8');
      if (!chunk.includes(' HTTP/1.1\r\n')) return;
      const index = requests[connection]!;
      requests[connection] = index + 1;
      onRequest(socket, connection, index);
    });
  });
  opened.push({ server, sockets });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { origin: `http://127.0.0.1:${address.port}`, requests, received };
}

const post = (origin: string, body = '{"query":"{ __typename }"}') => ({ method: 'POST', url: new URL(`${origin}/graphql`), headers: { 'content-type': 'application/json' }, body });

describe('the suite HTTP client', () => {
  it('reuses one kept-alive connection for requests one after another', async () => {
    const server = await rawServer((socket) => socket.write(answer('{"data":{}}')));
    for (let index = 0; index < 3; index += 1) expect((await send(post(server.origin), 5_000)).text).toBe('{"data":{}}');
    expect(server.requests).toEqual([3]);
  });

  it('sends again, on a new connection, when the server closed a kept-alive one as the request went out', async () => {
    // The first connection answers once, then is reset at the next request: what a server that
    // closed it idle looks like to a client that reused it at that moment.
    const server = await rawServer((socket, connection, index) => {
      if (connection === 0 && index === 1) socket.resetAndDestroy();
      else socket.write(answer(`{"data":{"connection":${connection}}}`));
    });
    await send(post(server.origin), 5_000);
    expect((await send(post(server.origin), 5_000)).text).toBe('{"data":{"connection":1}}');
    expect(server.requests).toEqual([2, 1]);
  });

  it('never sends twice a request whose new connection was reset', async () => {
    const server = await rawServer((socket) => socket.resetAndDestroy());
    await expect(send(post(server.origin), 5_000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(server.requests).toEqual([1]);
  });

  it('gives up after its time, named as a timeout, when the body never ends', async () => {
    const server = await rawServer((socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"data":'));
    await expect(send(post(server.origin), 300)).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('records an answer cut short after its status as the server answer, not as silence', async () => {
    const server = await rawServer((socket) => {
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"data":');
      setImmediate(() => socket.destroy());
    });
    const target = new Target({ baseUrl: server.origin, timeoutMs: 5_000 });
    const exchange = await target.graphql('{ __typename }', undefined, null);
    expect(exchange.response.status).toBe(200);
  });

  it('sends bodies byte for byte and reads non-ASCII answers whole', async () => {
    const body = '{"query":"{ é }"}';
    const server = await rawServer((socket) => socket.write(answer('{"data":{"emoji":"👋"}}')));
    const read = await send(post(server.origin, body), 5_000);
    expect(read.text).toBe('{"data":{"emoji":"👋"}}');
    expect(server.received[0]).toContain(`content-length: ${Buffer.byteLength(body)}`);
    expect(server.received[0]!.endsWith(`\r\n\r\n${body}`)).toBe(true);
  });
});
