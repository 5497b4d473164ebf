// Anchor (a): the fan-out ceiling. A bare `ws` server that speaks just enough of graphql-ws
// (`graphql-transport-ws`: connection_init/ack, ping/pong, subscribe, complete) for the same
// graphql-ws clients to work against it, and an HTTP POST that stands in for sendMessage: it
// serialises one event, sends it to every subscription, then answers. No GraphQL, no auth, no
// state beyond a counter: what is left is the cost of the sockets themselves.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { READY } from '../../throughput/page-query.js';
import type { CreatedEvent, SendInput } from '../protocol.js';

/** Operation ids per socket: graphql-ws clients choose their own, one per subscription. */
const subscriptions = new Map<WebSocket, Set<string>>();
const senderId = randomUUID();
let sequence = 0;

/**
 * The event, shaped as Parley's (same keys, same order, UUIDs and an ISO time), is serialised
 * once; each subscription then costs one string concatenation for its own operation id (the
 * protocol requires it) and one `send`.
 */
function broadcast(input: SendInput): CreatedEvent {
  const event: CreatedEvent = { id: randomUUID(), sequence: ++sequence, clientMessageId: input.clientMessageId, content: input.content, senderId, createdAt: new Date().toISOString() };
  const payload = JSON.stringify({ data: { messageCreated: event } });
  for (const [socket, ids] of subscriptions) {
    for (const id of ids) socket.send(`{"id":${JSON.stringify(id)},"type":"next","payload":${payload}}`);
  }
  return event;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { variables } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { variables: { input: SendInput } };
    const event = broadcast(variables.input);
    const body = JSON.stringify({ data: { sendMessage: { id: event.id, sequence: event.sequence } } });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});

interface ClientMessage {
  readonly type: string;
  readonly id?: string;
}

const wss = new WebSocketServer({ server, path: '/graphql' });
wss.on('connection', (socket) => {
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as ClientMessage;
    switch (message.type) {
      case 'connection_init':
        socket.send('{"type":"connection_ack"}');
        break;
      case 'ping':
        socket.send('{"type":"pong"}');
        break;
      case 'subscribe': {
        let ids = subscriptions.get(socket);
        if (!ids) subscriptions.set(socket, (ids = new Set()));
        ids.add(message.id!);
        break;
      }
      case 'complete':
        subscriptions.get(socket)?.delete(message.id!);
        break;
    }
  });
  socket.on('close', () => subscriptions.delete(socket));
});

server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
