import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import type { DomainEventKind } from '../../src/mock-server/state/events.js';
import { gql, ok } from '../support/client.js';
import { Sockets } from '../support/realtime.js';
import { buildWorld, createChannel, send, type World } from '../support/world.js';

/**
 * Every Subscription field the running server declares (read by introspection) is subscribed to
 * once with valid arguments, and delivers the event of the change it is named after.
 */

let mock: RunningMockServer;
let world: World;
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

interface Recipe {
  /** The document B subscribes with (`$c` is a conversation of A's that B is in). */
  readonly query: string;
  /** Whose events: a conversation, or B's own notifications. */
  readonly scope: 'conversation' | 'user';
  /** What makes the event happen, done through HTTP (or a socket, for presence). */
  readonly trigger: (conversationId: string) => Promise<unknown>;
  /** What the event must carry. */
  readonly expected: (conversationId: string) => Record<string, unknown>;
}

const MESSAGE = '{ conversationId content deletedAt }';
const EPHEMERAL = '{ conversationId userId active }';

const recipes: Record<string, Recipe> = {
  messageCreated: {
    query: `subscription($c: ID!) { messageCreated(conversationId: $c) ${MESSAGE} }`,
    scope: 'conversation',
    trigger: (c) => send(mock.url, world.a, c, 'created'),
    expected: (c) => ({ conversationId: c, content: 'created', deletedAt: null }),
  },
  messageUpdated: {
    query: `subscription($c: ID!) { messageUpdated(conversationId: $c) ${MESSAGE} }`,
    scope: 'conversation',
    trigger: async (c) => {
      const { id } = await send(mock.url, world.a, c, 'before');
      return ok(await gql(mock.url, 'mutation($id: ID!) { editMessage(id: $id, content: "after") { id } }', { id }, world.a.token));
    },
    expected: (c) => ({ conversationId: c, content: 'after', deletedAt: null }),
  },
  messageDeleted: {
    query: `subscription($c: ID!) { messageDeleted(conversationId: $c) ${MESSAGE} }`,
    scope: 'conversation',
    trigger: async (c) => {
      const { id } = await send(mock.url, world.a, c, 'soon gone');
      return ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id }, world.a.token));
    },
    expected: (c) => ({ conversationId: c, content: null, deletedAt: expect.any(String) }),
  },
  typingChanged: {
    query: `subscription($c: ID!) { typingChanged(conversationId: $c) ${EPHEMERAL} }`,
    scope: 'conversation',
    trigger: async (c) => ok(await gql(mock.url, 'mutation($c: ID!) { setTyping(conversationId: $c, active: true) }', { c }, world.a.token)),
    expected: (c) => ({ conversationId: c, userId: world.a.id, active: true }),
  },
  presenceChanged: {
    query: `subscription($c: ID!) { presenceChanged(conversationId: $c) ${EPHEMERAL} }`,
    scope: 'conversation',
    trigger: () => sockets.as(world.a),
    expected: (c) => ({ conversationId: c, userId: world.a.id, active: true }),
  },
  notificationReceived: {
    query: 'subscription { notificationReceived { type actor { id } conversation { id } } }',
    scope: 'user',
    trigger: async (c) => {
      const { me } = ok(await gql<{ me: { username: string } }>(mock.url, '{ me { username } }', {}, world.b.token));
      return send(mock.url, world.a, c, `@${me.username} have a look`);
    },
    expected: (c) => ({ type: 'MENTION', actor: { id: world.a.id }, conversation: { id: c } }),
  },
};

async function subscriptionFields(): Promise<string[]> {
  const { __schema } = ok(await gql<{ __schema: { subscriptionType: { fields: { name: string }[] } } }>(mock.url, '{ __schema { subscriptionType { fields { name } } } }'));
  return __schema.subscriptionType.fields.map((field) => field.name).sort();
}

describe('every subscription of the running server', () => {
  it('has a recipe here', async () => {
    expect(Object.keys(recipes).sort()).toEqual(await subscriptionFields());
  });

  it.each(Object.keys(recipes))('%s delivers the change it is named after', async (name) => {
    const recipe = recipes[name]!;
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const scope = recipe.scope === 'user' ? world.b.id : channel;
    const variables = recipe.scope === 'user' ? {} : { c: channel };
    const events = await sockets.listen<Record<string, Record<string, unknown>>>(await sockets.as(world.b), name as DomainEventKind, recipe.query, scope, variables);
    await recipe.trigger(channel);
    expect((await events.data())[name]).toEqual(recipe.expected(channel));
  });
});
