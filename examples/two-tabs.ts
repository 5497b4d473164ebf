/**
 * Two "browser tabs", alice and bob, chatting in #general of the demo data while each watches the
 * other live over WebSocket: messages, a reaction, an edit, a deletion, typing and presence.
 *
 *   npm start                         # in one terminal
 *   npx tsx examples/two-tabs.ts      # in another (PARLEY_URL=http://host:port to point elsewhere)
 */
import { randomUUID } from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

const origin = process.env['PARLEY_URL'] ?? 'http://127.0.0.1:4000';

async function graphql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors) throw new Error(body.errors.map((error) => `${error.extensions?.code}: ${error.message}`).join('; '));
  return body.data!;
}

async function login(email: string): Promise<{ token: string; id: string; name: string }> {
  const { login } = await graphql<{ login: { accessToken: string; user: { id: string; displayName: string } } }>(
    'mutation($input: LoginInput!) { login(input: $input) { accessToken user { id displayName } } }',
    { input: { email, password: 'parley-demo' } },
  );
  return { token: login.accessToken, id: login.user.id, name: login.user.displayName };
}

const SUBSCRIPTIONS = [
  'messageCreated(conversationId: $c) { sequence senderId content }',
  'messageUpdated(conversationId: $c) { sequence content reactions { emoji userIds } }',
  'messageDeleted(conversationId: $c) { sequence deletedAt }',
  'typingChanged(conversationId: $c) { userId active }',
  'presenceChanged(conversationId: $c) { userId active }',
];

/** A tab: a socket as `user`, printing every event of #general it receives. */
function openTab(user: { token: string; name: string }, conversationId: string, names: Map<string, string>): Client {
  const client = createClient({ url: `${origin.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { Authorization: `Bearer ${user.token}` } });
  for (const selection of SUBSCRIPTIONS) {
    client.subscribe(
      { query: `subscription($c: ID!) { ${selection} }`, variables: { c: conversationId } },
      {
        next: ({ data }) => {
          const [[event, payload]] = Object.entries(data ?? {}) as [[string, Record<string, unknown>]];
          const who = typeof payload['userId'] === 'string' ? names.get(payload['userId']) : undefined;
          console.log(`[${user.name}'s tab] ${event}${who ? ` (${who})` : ''} ${JSON.stringify(payload)}`);
        },
        error: (error) => console.error(`[${user.name}'s tab] error`, error),
        complete: () => {},
      },
    );
  }
  return client;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alice = await login('alice@acme.test');
const bob = await login('bob@acme.test');
const names = new Map([[alice.id, alice.name], [bob.id, bob.name]]);
const [workspace] = (await graphql<{ workspaces: { id: string }[] }>('{ workspaces { id } }', {}, alice.token)).workspaces;
const { conversations } = await graphql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(
  'query($w: ID!) { conversations(workspaceId: $w, first: 50) { nodes { id title } } }',
  { w: workspace!.id },
  alice.token,
);
const general = conversations.nodes.find((conversation) => conversation.title === 'general')!.id;

const aliceTab = openTab(alice, general, names);
await pause(300);
const bobTab = openTab(bob, general, names);
await pause(300);

await graphql('mutation($c: ID!) { setTyping(conversationId: $c, active: true) }', { c: general }, alice.token);
await pause(300);
const { sendMessage } = await graphql<{ sendMessage: { id: string } }>(
  'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }',
  { i: { conversationId: general, clientMessageId: randomUUID(), content: 'Standup in 5?' } },
  alice.token,
);
await pause(300);
await graphql('mutation($m: ID!) { addReaction(messageId: $m, emoji: "👍") { id } }', { m: sendMessage.id }, bob.token);
await pause(300);
await graphql('mutation($m: ID!) { editMessage(id: $m, content: "Standup in 10?") { id } }', { m: sendMessage.id }, alice.token);
await pause(300);
await graphql('mutation($m: ID!) { deleteMessage(id: $m) { id } }', { m: sendMessage.id }, alice.token);
await pause(300);
await bobTab.dispose();
await pause(300);
await aliceTab.dispose();
