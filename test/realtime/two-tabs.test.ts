import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/mock-server/demo/logins.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { Sockets } from '../support/realtime.js';
import type { Results, SocketClient } from '../support/socket.js';
import { login, type Actor } from '../support/world.js';

/**
 * The scenario of the issue, on the demo data `npm start` serves: alice and bob, each in their own
 * "tab" (a graphql-ws client), see each other's messages, edits, reactions, deletions, typing and
 * presence in #general as they happen.
 */

let mock: RunningMockServer;
let alice: Actor;
let bob: Actor;
let general: string;
const sockets = new Sockets(() => mock);

const SUBSCRIPTIONS = {
  messageCreated: 'subscription($c: ID!) { messageCreated(conversationId: $c) { id sequence senderId content } }',
  messageUpdated: 'subscription($c: ID!) { messageUpdated(conversationId: $c) { id content reactions { emoji userIds } } }',
  messageDeleted: 'subscription($c: ID!) { messageDeleted(conversationId: $c) { id content deletedAt } }',
  typingChanged: 'subscription($c: ID!) { typingChanged(conversationId: $c) { userId active } }',
  presenceChanged: 'subscription($c: ID!) { presenceChanged(conversationId: $c) { userId active } }',
} as const;
type Kind = keyof typeof SUBSCRIPTIONS;

interface Tab {
  readonly socket: SocketClient;
  readonly events: Record<Kind, Results<Record<string, Record<string, unknown>>>>;
}

async function openTab(actor: Actor): Promise<Tab> {
  const socket = await sockets.as(actor);
  const events = {} as Tab['events'];
  for (const kind of Object.keys(SUBSCRIPTIONS) as Kind[]) events[kind] = await sockets.listen(socket, kind, SUBSCRIPTIONS[kind], general);
  return { socket, events };
}

async function next(tab: Tab, kind: Kind): Promise<Record<string, unknown>> {
  return (await tab.events[kind].data())[kind]!;
}

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  [alice, bob] = await Promise.all([login(mock.url, 'alice@acme.test', DEMO_PASSWORD), login(mock.url, 'bob@acme.test', DEMO_PASSWORD)]);
  const workspaceId = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, alice.token)).workspaces[0]!.id;
  const conversations = ok(
    await gql<{ conversations: { nodes: { id: string; title: string | null }[] } }>(mock.url, 'query($w: ID!) { conversations(workspaceId: $w, first: 50) { nodes { id title } } }', { w: workspaceId }, alice.token),
  ).conversations.nodes;
  general = conversations.find((conversation) => conversation.title === 'general')!.id;
});
afterAll(async () => {
  await sockets.closeAll();
  await mock.close();
});

it('alice and bob see each other live in #general', async () => {
  const aliceTab = await openTab(alice);
  const bobTab = await openTab(bob);
  // Bob's tab opening made bob present; alice's tab hears it.
  expect(await next(aliceTab, 'presenceChanged')).toEqual({ userId: bob.id, active: true });

  const mutate = (actor: Actor, query: string, variables: Record<string, unknown>) => gql(mock.url, query, variables, actor.token).then(ok);

  await mutate(alice, 'mutation($c: ID!) { setTyping(conversationId: $c, active: true) }', { c: general });
  expect(await next(bobTab, 'typingChanged')).toEqual({ userId: alice.id, active: true });
  const sent = (await mutate(alice, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id sequence } }', {
    i: { conversationId: general, clientMessageId: randomUUID(), content: 'Standup in 5?' },
  })) as { sendMessage: { id: string; sequence: number } };
  expect(await next(bobTab, 'typingChanged')).toEqual({ userId: alice.id, active: false });
  expect(await next(bobTab, 'messageCreated')).toEqual({ id: sent.sendMessage.id, sequence: 251, senderId: alice.id, content: 'Standup in 5?' });
  expect(await next(aliceTab, 'messageCreated')).toMatchObject({ id: sent.sendMessage.id });

  await mutate(bob, 'mutation($m: ID!) { addReaction(messageId: $m, emoji: "👍") { id } }', { m: sent.sendMessage.id });
  const reacted = { id: sent.sendMessage.id, content: 'Standup in 5?', reactions: [{ emoji: '👍', userIds: [bob.id] }] };
  expect(await next(aliceTab, 'messageUpdated')).toEqual(reacted);
  expect(await next(bobTab, 'messageUpdated')).toEqual(reacted);

  await mutate(alice, 'mutation($m: ID!) { editMessage(id: $m, content: "Standup in 10?") { id } }', { m: sent.sendMessage.id });
  expect(await next(bobTab, 'messageUpdated')).toMatchObject({ content: 'Standup in 10?' });

  await mutate(alice, 'mutation($m: ID!) { deleteMessage(id: $m) { id } }', { m: sent.sendMessage.id });
  expect(await next(bobTab, 'messageDeleted')).toMatchObject({ id: sent.sendMessage.id, content: null });

  // Bob closes his tab: alice's tab hears him go.
  await bobTab.socket.dispose();
  expect(await next(aliceTab, 'presenceChanged')).toEqual({ userId: bob.id, active: false });
});
