import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { until } from '../support/socket.js';
import { registerActor, type Actor } from '../support/world.js';

/**
 * Attack class: memory amplification through the WebSocket door. A client that never reads could
 * make the server hold as much as it liked: each graphql-ws `ping` was answered by a `pong`
 * echoing its payload (docs/mock-behaviour.md has the figures), pings were answered
 * before `connection_init`, and the slow-reader rule applied to subscription events only. A small
 * `maxBufferedBytes` (the `socketRules` option) proves the same as the default. The keep-alive
 * side (unsolicited pongs) is `websocket-keep-alive.test.ts`.
 */

const MAX_BUFFERED = 64 * 1024;
const bugs: Error[] = [];
let mock: RunningMockServer;
let actor: Actor;
/** The server's side of each upgraded socket, by the client's port. */
const serverSides = new Map<number, Socket>();
const opened: WebSocket[] = [];

beforeAll(async () => {
  mock = await startMockServer({
    port: 0,
    empty: true,
    logBug: (error) => bugs.push(error),
    socketRules: { maxBufferedBytes: MAX_BUFFERED },
  });
  mock.server.on('upgrade', (_request, socket: Socket) => serverSides.set(socket.remotePort ?? 0, socket));
  actor = await registerActor(mock.url, 'w');
});
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});
afterAll(() => mock.close());

interface Peer {
  readonly socket: WebSocket;
  /** The TCP socket under `socket`, which the test pauses so that the client stops reading. */
  readonly tcp: Socket;
  /** The server's end of the same connection. */
  readonly server: Socket;
  /** Every graphql-ws message received, parsed, with its size in bytes. */
  readonly messages: { readonly message: { type: string; payload?: unknown }; readonly bytes: number }[];
  readonly closed: Promise<{ code: number; reason: string }>;
}

/** Opens a raw graphql-ws socket, and sends `connection_init` (as `actor`) unless `init` is false. */
async function connect(init = true): Promise<Peer> {
  const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws');
  opened.push(socket);
  const messages: Peer['messages'][number][] = [];
  socket.on('message', (data: Buffer) => messages.push({ message: JSON.parse(String(data)) as Peer['messages'][number]['message'], bytes: data.length }));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  await new Promise((resolve) => socket.once('open', resolve));
  // ws keeps its TCP socket private; pausing it is the one way to make a client that does not read.
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  await until(() => serverSides.has(tcp.localPort ?? -1), "the server's side of the socket");
  const server = serverSides.get(tcp.localPort ?? -1)!;
  if (init) {
    socket.send(JSON.stringify({ type: 'connection_init', payload: { token: actor.token } }));
    await until(() => messages.some(({ message }) => message.type === 'connection_ack'), 'connection_ack');
  }
  return { socket, tcp, server, messages, closed };
}

const ping = (payload?: unknown): string => JSON.stringify(payload === undefined ? { type: 'ping' } : { type: 'ping', payload });
const pongs = (peer: Peer) => peer.messages.filter(({ message }) => message.type === 'pong');

describe('WebSocket memory amplification', () => {
  it('answers a big ping payload with a pong without it, and echoes a small one', async () => {
    const peer = await connect();
    peer.socket.send(ping({ blob: 'x'.repeat(100_000) }));
    peer.socket.send(ping({ at: 1_700_000_000_000, note: 'é'.repeat(100) }));
    peer.socket.send(ping());
    await until(() => pongs(peer).length === 3, 'three pongs');
    const [big, small, none] = pongs(peer);
    expect(big!.message).toEqual({ type: 'pong' });
    expect(big!.bytes).toBeLessThan(64);
    expect(small!.message).toEqual({ type: 'pong', payload: { at: 1_700_000_000_000, note: 'é'.repeat(100) } });
    expect(none!.message).toEqual({ type: 'pong' });
    expect(bugs).toEqual([]);
  });

  it.each([
    ['a ping', ping({ blob: 'x'.repeat(10_000) })],
    ['a pong', JSON.stringify({ type: 'pong' })],
    ['a complete', JSON.stringify({ type: 'complete', id: '1' })],
  ])('answers %s before connection_init with nothing but a 4401 close', async (_name, frame) => {
    const peer = await connect(false);
    peer.socket.send(frame);
    peer.socket.send(ping());
    const closed = await Promise.race([peer.closed, new Promise<undefined>((resolve) => setTimeout(resolve, 1_000))]);
    expect(peer.messages).toEqual([]);
    expect(closed).toEqual({ code: 4401, reason: 'Unauthorized: send connection_init first' });
  });

  it('closes a socket that does not read, whatever pongs it sends, once it holds more than maxBufferedBytes', async () => {
    const peer = await connect();
    peer.tcp.pause();
    // 1 KiB pings, whose pongs echo the payload, with an unsolicited WebSocket pong now and then.
    let count = 0;
    const flood = async (pings: number): Promise<void> => {
      for (let i = 0; i < pings; i++, count++) {
        if (count % 64 === 0) peer.socket.pong(Buffer.from('unsolicited'));
        peer.socket.send(ping({ blob: 'x'.repeat(1_000) }));
      }
      // Every byte sent has reached the server, and its answers are written out or held (writes
      // the kernel took complete within a turn of the event loop).
      await until(() => peer.server.bytesRead === peer.tcp.bytesWritten, 'the server to read every ping', 10_000);
      for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    };
    // First until the kernel's buffers are full and the server starts holding bytes, then twice
    // the bound more: without the rule, the server would hold all of those.
    while (peer.server.writableLength === 0 && count < 64 * 1024) await flood(512);
    await flood((2 * MAX_BUFFERED) / 1024);
    peer.socket.send(ping({ last: true }));
    // What the server holds for the client: at most the bound, one pong past it and the close frame.
    expect(peer.server.writableLength).toBeGreaterThan(0);
    expect(peer.server.writableLength).toBeLessThan(MAX_BUFFERED + 2 * 1024);

    let closed: { code: number; reason: string } | undefined;
    void peer.closed.then((event) => (closed = event));
    const answeredLast = () => pongs(peer).some(({ message }) => typeof message.payload === 'object' && message.payload !== null && 'last' in message.payload);
    peer.tcp.resume();
    // Without the rule, the last ping is answered and the socket stays open.
    await until(() => closed !== undefined || answeredLast(), 'a close or the last pong', 10_000);
    expect(answeredLast()).toBe(false);
    expect(closed).toEqual({ code: 1013, reason: 'the client reads too slowly; reconnect and catch up with messagesSince' });
    expect(pongs(peer).length).toBeLessThan(count);
    expect(bugs).toEqual([]);
  });
});
