import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { MiB, type Attack } from '../attack.js';

/**
 * WebSocket pings: a graphql-ws client (raw `ws`, subprotocol `graphql-transport-ws`) sends
 * `connection_init`, stops reading, and sends 128 `ping` messages of 1 MiB each (just under the
 * 1 MiB frame limit); another socket sends 128 before any `connection_init`.
 */

const PINGS = 128;
/** docs/mock-behaviour.md, "The WebSocket door holds a bounded amount per socket": 16 MiB unsent per socket. */
const MAX_BUFFERED = 16 * MiB;
const PING = JSON.stringify({ type: 'ping', payload: { blob: 'x'.repeat(MiB - 64) } });

interface Peer {
  readonly socket: WebSocket;
  readonly closed: Promise<number>;
}

async function open(wsUrl: string): Promise<Peer> {
  const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, closed };
}

/** Sends the pings, each once the last has left this process (`ws` buffers the rest otherwise); stops if the socket closes. */
async function pings(peer: Peer): Promise<number> {
  let sent = 0;
  for (; sent < PINGS && peer.socket.readyState === WebSocket.OPEN; sent++) {
    await new Promise<void>((resolve) => peer.socket.send(PING, () => resolve()));
  }
  return sent;
}

export const websocketPings: Attack = {
  name: 'WebSocket pings: 128 x 1 MiB, never read; 128 before connection_init',
  args: () => ['--empty'],
  why: 'keeps nothing once the sockets close; in flight: the unsent bound (16 MiB) and a 1 MiB frame per socket',
  keeps: () => 0,
  inFlight: 2 * (MAX_BUFFERED + MiB),
  async prepare({ client, mock }) {
    const token = await client.register('soak-pings');
    const wsUrl = mock.url.replace(/^http/, 'ws');
    return async () => {
      const reader = await open(wsUrl);
      const acked = new Promise<void>((resolve) => reader.socket.once('message', () => resolve()));
      reader.socket.send(JSON.stringify({ type: 'connection_init', payload: { token } }));
      await acked;
      // ws keeps its TCP socket private; pausing it is the one way to make a client that does not read.
      (reader.socket as unknown as { _socket: Socket })._socket.pause();
      const early = await open(wsUrl);
      const [sentReader, sentEarly] = await Promise.all([pings(reader), pings(early)]);
      const earlyCode = await Promise.race([early.closed, new Promise<string>((resolve) => setTimeout(() => resolve('open'), 1_000))]);
      reader.socket.terminate();
      early.socket.terminate();
      return { summary: `${sentReader} pings sent after connection_init; ${sentEarly} before it, closed ${earlyCode}`, serverErrors: null };
    };
  },
};
