// Anchor (b): the GraphQL fan-out ceiling. graphql-ws's own `useServer` with graphql-js over a
// minimal schema: `sendMessage` over HTTP (node:http, parse and validate cached per document)
// publishes to an in-memory pubsub, and each `messageCreated` subscription is a Repeater fed by
// it, the way a small graphql-ws server is usually written. No auth, no membership, no storage:
// what Parley adds on top of this is its own cost.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Repeater } from '@repeaterjs/repeater';
import { buildSchema, execute, parse, validate, type DocumentNode } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { READY } from '../../throughput/page-query.js';
import type { CreatedEvent, SendInput } from '../protocol.js';

const schema = buildSchema(`
  type Message { id: ID! sequence: Int! clientMessageId: String! content: String senderId: ID! createdAt: String! }
  input SendMessageInput { conversationId: ID! clientMessageId: String! content: String! }
  type Query { ok: Boolean }
  type Mutation { sendMessage(input: SendMessageInput!): Message! }
  type Subscription { messageCreated(conversationId: ID!): Message! }
`);

/** Conversation id -> the listeners of its subscriptions. */
const listeners = new Map<string, Set<(event: CreatedEvent) => void>>();
const senderId = randomUUID();
let sequence = 0;

schema.getMutationType()!.getFields()['sendMessage']!.resolve = (_root, args: { input: SendInput }) => {
  const event: CreatedEvent = { id: randomUUID(), sequence: ++sequence, clientMessageId: args.input.clientMessageId, content: args.input.content, senderId, createdAt: new Date().toISOString() };
  for (const listener of listeners.get(args.input.conversationId) ?? []) listener(event);
  return event;
};
const created = schema.getSubscriptionType()!.getFields()['messageCreated']!;
created.subscribe = (_root, args: { conversationId: string }) =>
  new Repeater<CreatedEvent>(async (push, stop) => {
    let set = listeners.get(args.conversationId);
    if (!set) listeners.set(args.conversationId, (set = new Set()));
    const listener = (event: CreatedEvent) => void push(event);
    set.add(listener);
    await stop;
    set.delete(listener);
  });
created.resolve = (event: CreatedEvent) => event;

const documents = new Map<string, DocumentNode>();
function prepared(query: string): DocumentNode {
  let document = documents.get(query);
  if (!document) {
    document = parse(query);
    const errors = validate(schema, document);
    if (errors.length > 0) throw new Error(errors.map((error) => error.message).join('; '));
    documents.set(query, document);
  }
  return document;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { query, variables, operationName } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { query: string; variables?: Record<string, unknown>; operationName?: string };
    void Promise.resolve(execute({ schema, document: prepared(query), variableValues: variables, operationName })).then((result) => {
      const body = JSON.stringify(result);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
});

const wss = new WebSocketServer({ server, path: '/graphql' });
useServer({ schema }, wss);

server.listen(0, '127.0.0.1', () => console.log(`${READY}${JSON.stringify({ port: (server.address() as { port: number }).port })}`));
