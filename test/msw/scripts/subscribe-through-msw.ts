/**
 * A frontend's test in miniature, run as its own Node process by msw-node20.test.ts: MSW's
 * setupServer with Parley's handlers, graphql-ws's createClient on the global WebSocket (no
 * webSocketImpl), alice subscribed to #general while bob sends over HTTP. Prints one JSON line:
 * `{ sent, received }` (message ids), or `{ error }`.
 */
import { createClient } from 'graphql-ws';
import { setupServer } from 'msw/node';
import { createParleyHandlers } from '../../../src/msw/index.js';

const ENDPOINT = 'http://localhost:4000/graphql';

async function gql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T };
  return body.data;
}

const login = async (username: string) =>
  (await gql<{ login: { accessToken: string } }>('mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: `${username}@acme.test`, password: 'parley-demo' } })).login
    .accessToken;

async function main(): Promise<Record<string, unknown>> {
  const parley = await createParleyHandlers({ endpoint: ENDPOINT });
  const server = setupServer(...parley.handlers);
  server.listen();
  try {
    const [alice, bob] = [await login('alice'), await login('bob')];
    const general = [...parley.state.tables.conversations.values()].find((conversation) => conversation.isDefault)!.id;
    // After server.listen(): graphql-ws reads the global WebSocket when the client is created.
    const client = createClient({ url: parley.webSocketUrl, connectionParams: { Authorization: `Bearer ${alice}` }, retryAttempts: 0 });
    const received = new Promise<string>((resolve, reject) =>
      client.subscribe<{ messageCreated: { id: string } }>(
        { query: 'subscription($c: ID!) { messageCreated(conversationId: $c) { id } }', variables: { c: general } },
        { next: (result) => resolve(result.data!.messageCreated.id), error: reject, complete: () => reject(new Error('completed')) },
      ),
    );
    while (parley.state.events.listenerCount('messageCreated', general) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const input = { conversationId: general, clientMessageId: crypto.randomUUID(), content: 'hi' };
    const sent = (await gql<{ sendMessage: { id: string } }>('mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', { i: input }, bob)).sendMessage.id;
    const result = { sent, received: await received };
    await client.dispose();
    return result;
  } finally {
    server.close();
  }
}

main().then(
  (result) => console.log(JSON.stringify(result)),
  (error: unknown) => console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) })),
);
