import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { until } from '../support/socket.js';
import { registerActor, type Actor } from '../support/world.js';

/**
 * Attack class: keep-alive spoofing on the WebSocket door. The door pings every `keepAliveMs` and
 * drops a peer that has not answered by the next ping; it counted any pong, so a client that
 * never reads, sending unsolicited WebSocket pongs (opcode 0xA), stayed connected forever and the
 * server kept everything queued for it. Only a pong echoing the server's own ping counts now.
 * A short `keepAliveMs` (the `socketRules` option) keeps the test fast.
 */

const KEEP_ALIVE_MS = 400;
let mock: RunningMockServer;
let actor: Actor;
/** The server's side of each upgraded socket, by the client's port. */
const serverSides = new Map<number, Socket>();

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, socketRules: { keepAliveMs: KEEP_ALIVE_MS } });
  mock.server.on('upgrade', (_request, socket: Socket) => serverSides.set(socket.remotePort ?? 0, socket));
  actor = await registerActor(mock.url, 'k');
});
afterAll(() => mock.close());

/** An acknowledged graphql-ws socket as `actor`, and the server's side of it. */
async function connect(): Promise<{ socket: WebSocket; tcp: Socket; server: Socket }> {
  const socket = new WebSocket(mock.wsUrl, 'graphql-transport-ws');
  await new Promise((resolve) => socket.once('open', resolve));
  // ws keeps its TCP socket private; pausing it is the one way to make a client that does not read.
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  await until(() => serverSides.has(tcp.localPort ?? -1), "the server's side of the socket");
  const acked = new Promise((resolve) => socket.once('message', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { token: actor.token } }));
  await acked;
  return { socket, tcp, server: serverSides.get(tcp.localPort ?? -1)! };
}

describe('WebSocket keep-alive', () => {
  it('keeps a socket that answers the pings', async () => {
    const { socket, server } = await connect();
    let pings = 0;
    socket.on('ping', () => pings++);
    // ws answers each ping; a second ping means the first answer counted (else: terminated).
    await until(() => pings >= 2, 'two pings', 10 * KEEP_ALIVE_MS);
    expect(server.destroyed).toBe(false);
    expect(mock.state.presence.isPresent(actor.id)).toBe(true);
    socket.close();
    await until(() => !mock.state.presence.isPresent(actor.id), 'the actor to be absent');
  });

  it('drops a socket that sends unsolicited pongs but does not read the server\'s pings', async () => {
    const { socket, tcp, server } = await connect();
    tcp.pause();
    const pongs = setInterval(() => socket.pong(Buffer.from('unsolicited')), KEEP_ALIVE_MS / 10);
    try {
      // Pinged at the first tick, dropped at the second.
      await until(() => server.destroyed, 'the server to drop the socket', 5 * KEEP_ALIVE_MS);
    } finally {
      clearInterval(pongs);
      socket.terminate();
    }
    await until(() => !mock.state.presence.isPresent(actor.id), 'the actor to be absent');
  });

  it('does not count a pong sent ahead with a guessed payload', async () => {
    const { socket, tcp, server } = await connect();
    tcp.pause();
    // An empty payload, as the door used to ping with, and a few that a counter would give.
    const guesses = [Buffer.alloc(0), ...[0, 1, 2, 3].map((n) => Buffer.from(String(n)))];
    const pongs = setInterval(() => guesses.forEach((guess) => socket.pong(guess)), KEEP_ALIVE_MS / 10);
    try {
      await until(() => server.destroyed, 'the server to drop the socket', 5 * KEEP_ALIVE_MS);
    } finally {
      clearInterval(pongs);
      socket.terminate();
    }
  });
});
