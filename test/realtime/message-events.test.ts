import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { Sockets } from '../support/realtime.js';
import { Results, until } from '../support/socket.js';
import { buildWorld, createChannel, send, sendMany, type Actor, type World } from '../support/world.js';

/** messageCreated, messageUpdated and messageDeleted: who gets them, when, and with what. */

const FIELDS = 'id clientMessageId conversationId senderId sequence type content createdAt updatedAt deletedAt attachments { id } reactions { emoji userIds }';
const created = `subscription($c: ID!) { messageCreated(conversationId: $c) { ${FIELDS} } }`;
const updated = `subscription($c: ID!) { messageUpdated(conversationId: $c) { ${FIELDS} } }`;
const deleted = `subscription($c: ID!) { messageDeleted(conversationId: $c) { ${FIELDS} } }`;

interface Event {
  readonly id: string;
  readonly clientMessageId: string;
  readonly conversationId: string;
  readonly senderId: string;
  readonly sequence: number;
  readonly content: string | null;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly attachments: readonly { id: string }[];
  readonly reactions: readonly { emoji: string; userIds: string[] }[];
}

let mock: RunningMockServer;
let world: World;
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

const socketOf = (actor: Actor) => sockets.as(actor);
const listen = <T>(socket: Parameters<Sockets['listen']>[0], kind: Parameters<Sockets['listen']>[1], query: string, conversationId: string) =>
  sockets.listen<T>(socket, kind, query, conversationId);

/** A fresh channel with A as owner and B as member. */
async function sharedChannel(): Promise<string> {
  return createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
}

describe('messageCreated', () => {
  it("delivers another member's message with the id, sequence and clientMessageId the mutation returned", async () => {
    const channel = await sharedChannel();
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.b), 'messageCreated', created, channel);
    const clientMessageId = randomUUID();
    const sent = await send(mock.url, world.a, channel, 'hello B', { clientMessageId });
    const event = (await events.data()).messageCreated;
    expect(event).toMatchObject({ id: sent.id, sequence: sent.sequence, clientMessageId, conversationId: channel, senderId: world.a.id, content: 'hello B', deletedAt: null });
  });

  it("delivers the sender's own message to the sender's subscription too", async () => {
    const channel = await sharedChannel();
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.a), 'messageCreated', created, channel);
    const sent = await send(mock.url, world.a, channel, 'echo');
    expect((await events.data()).messageCreated.id).toBe(sent.id);
  });

  it('replays nothing: a subscriber to a conversation with history receives only what is sent after', async () => {
    const channel = await sharedChannel();
    await sendMany(mock.url, world.a, channel, 30, 'history');
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.b), 'messageCreated', created, channel);
    const sent = await send(mock.url, world.a, channel, 'after subscribing');
    expect((await events.data()).messageCreated).toMatchObject({ id: sent.id, sequence: 31 });
    expect(events.pending).toBe(0);
  });

  it('delivers concurrent sends in strictly increasing sequence, none lost', async () => {
    const channel = await sharedChannel();
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.b), 'messageCreated', created, channel);
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(mock.url, i % 2 === 0 ? world.a : world.b, channel, `burst ${i}`)),
    );
    const received: Event[] = [];
    for (let i = 0; i < sent.length; i++) received.push((await events.data()).messageCreated);
    const sequences = received.map((event) => event.sequence);
    expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    expect(new Set(sequences).size).toBe(40);
    expect(new Set(received.map((event) => event.id))).toEqual(new Set(sent.map((message) => message.id)));
  });

  it('does not announce a retried send (same clientMessageId) twice', async () => {
    const channel = await sharedChannel();
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.b), 'messageCreated', created, channel);
    const clientMessageId = randomUUID();
    const first = await send(mock.url, world.a, channel, 'once', { clientMessageId });
    const retry = await send(mock.url, world.a, channel, 'once', { clientMessageId });
    expect(retry.id).toBe(first.id);
    const next = await send(mock.url, world.a, channel, 'next');
    expect((await events.data()).messageCreated.id).toBe(first.id);
    expect((await events.data()).messageCreated.id).toBe(next.id);
  });

  it('keeps conversations apart: a subscriber hears only the conversation it named', async () => {
    const [one, two] = [await sharedChannel(), await sharedChannel()];
    const events = await listen<{ messageCreated: Event }>(await socketOf(world.b), 'messageCreated', created, one);
    await send(mock.url, world.a, two, 'elsewhere');
    const here = await send(mock.url, world.a, one, 'here');
    expect((await events.data()).messageCreated.id).toBe(here.id);
  });
});

describe('messageUpdated', () => {
  const EDIT = 'mutation($id: ID!, $content: String!) { editMessage(id: $id, content: $content) { id } }';
  const REACT = 'mutation($id: ID!, $emoji: String!) { addReaction(messageId: $id, emoji: $emoji) { id } }';
  const UNREACT = 'mutation($id: ID!, $emoji: String!) { removeReaction(messageId: $id, emoji: $emoji) { id } }';

  it('carries the new content of an edit, with the same id and sequence and a later updatedAt', async () => {
    const channel = await sharedChannel();
    const sent = await send(mock.url, world.a, channel, 'draft');
    const events = await listen<{ messageUpdated: Event }>(await socketOf(world.b), 'messageUpdated', updated, channel);
    ok(await gql(mock.url, EDIT, { id: sent.id, content: 'final' }, world.a.token));
    const event = (await events.data()).messageUpdated;
    expect(event).toMatchObject({ id: sent.id, sequence: sent.sequence, content: 'final', deletedAt: null });
  });

  it('carries reactions added and removed', async () => {
    const channel = await sharedChannel();
    const sent = await send(mock.url, world.a, channel, 'react to me');
    const events = await listen<{ messageUpdated: Event }>(await socketOf(world.a), 'messageUpdated', updated, channel);
    ok(await gql(mock.url, REACT, { id: sent.id, emoji: '🎉' }, world.b.token));
    expect((await events.data()).messageUpdated.reactions).toEqual([{ emoji: '🎉', userIds: [world.b.id] }]);
    ok(await gql(mock.url, UNREACT, { id: sent.id, emoji: '🎉' }, world.b.token));
    expect((await events.data()).messageUpdated.reactions).toEqual([]);
  });

  it('announces nothing for calls that change nothing (same text, a repeated or absent reaction)', async () => {
    const channel = await sharedChannel();
    const sent = await send(mock.url, world.a, channel, 'steady');
    ok(await gql(mock.url, REACT, { id: sent.id, emoji: '👍' }, world.b.token));
    const events = await listen<{ messageUpdated: Event }>(await socketOf(world.b), 'messageUpdated', updated, channel);
    ok(await gql(mock.url, EDIT, { id: sent.id, content: 'steady' }, world.a.token));
    ok(await gql(mock.url, REACT, { id: sent.id, emoji: '👍' }, world.b.token));
    ok(await gql(mock.url, UNREACT, { id: sent.id, emoji: '👀' }, world.b.token));
    ok(await gql(mock.url, EDIT, { id: sent.id, content: 'changed' }, world.a.token));
    // The first event is the real change: none of the three no-ops was announced.
    expect((await events.data()).messageUpdated.content).toBe('changed');
    expect(events.pending).toBe(0);
  });

  it('shows each event as it happened: an edit followed at once by a delete still shows the edit', async () => {
    const channel = await sharedChannel();
    const sent = await send(mock.url, world.a, channel, 'v1');
    const socket = await socketOf(world.b);
    const updates = await listen<{ messageUpdated: Event }>(socket, 'messageUpdated', updated, channel);
    const deletions = await listen<{ messageDeleted: Event }>(socket, 'messageDeleted', deleted, channel);
    await Promise.all([
      gql(mock.url, EDIT, { id: sent.id, content: 'v2' }, world.a.token),
      gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent.id }, world.a.token),
    ]);
    expect((await updates.data()).messageUpdated.content).toBe('v2');
    expect((await deletions.data()).messageDeleted.content).toBeNull();
  });
});

describe('messageDeleted', () => {
  const DELETE = 'mutation($id: ID!) { deleteMessage(id: $id) { id } }';

  it('carries the deleted state: content null, no attachments, deletedAt set, sequence kept', async () => {
    const channel = await sharedChannel();
    const sent = await send(mock.url, world.a, channel, 'regret');
    const events = await listen<{ messageDeleted: Event }>(await socketOf(world.b), 'messageDeleted', deleted, channel);
    ok(await gql(mock.url, DELETE, { id: sent.id }, world.a.token));
    const event = (await events.data()).messageDeleted;
    expect(event).toMatchObject({ id: sent.id, sequence: sent.sequence, content: null, attachments: [] });
    expect(Date.parse(event.deletedAt!)).not.toBeNaN();
  });

  it('is announced once: deleting again announces nothing', async () => {
    const channel = await sharedChannel();
    const [first, second] = await sendMany(mock.url, world.a, channel, 2);
    const events = await listen<{ messageDeleted: Event }>(await socketOf(world.b), 'messageDeleted', deleted, channel);
    ok(await gql(mock.url, DELETE, { id: first!.id }, world.a.token));
    ok(await gql(mock.url, DELETE, { id: first!.id }, world.a.token));
    ok(await gql(mock.url, DELETE, { id: second!.id }, world.a.token));
    expect((await events.data()).messageDeleted.id).toBe(first!.id);
    expect((await events.data()).messageDeleted.id).toBe(second!.id);
  });
});

describe('who may subscribe', () => {
  const cases: [string, () => Promise<[Actor, string]>, string][] = [
    ['a workspace member outside the private channel', async () => [world.b, world.privateChannelId], 'FORBIDDEN'],
    ['a user outside the workspace', async () => [world.c, world.privateChannelId], 'FORBIDDEN'],
    ['anyone, for a conversation that does not exist', async () => [world.a, randomUUID()], 'NOT_FOUND'],
    ['anyone, for an id that is not an id', async () => [world.a, 'not an id'], 'BAD_USER_INPUT'],
  ];
  for (const [who, setup, code] of cases) {
    for (const field of ['messageCreated', 'messageUpdated', 'messageDeleted', 'typingChanged', 'presenceChanged']) {
      it(`refuses ${field} to ${who} with ${code}`, async () => {
        const [actor, conversationId] = await setup();
        const selection = field.endsWith('Changed') ? '{ userId active }' : '{ id }';
        const results = new Results(await socketOf(actor), `subscription($c: ID!) { ${field}(conversationId: $c) ${selection} }`, { c: conversationId });
        const result = await results.next();
        expect(result.data ?? null).toBeNull();
        expect(result.errors?.map((error) => error.extensions?.['code'])).toEqual([code]);
        await results.ended();
        expect(results.completed).toBe(true);
      });
    }
  }

  it('ends the subscriptions of a member removed from the workspace with FORBIDDEN, and sends them nothing after', async () => {
    const joiner = world.c;
    const link = ok(
      await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: world.workspaceId }, world.a.token),
    ).createWorkspaceInviteLink.token;
    ok(await gql(mock.url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: link }, joiner.token));
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [joiner.id]);
    const socket = await socketOf(joiner);
    const events = await listen<{ messageCreated: Event }>(socket, 'messageCreated', created, channel);
    const before = await send(mock.url, world.a, channel, 'while a member');
    expect((await events.data()).messageCreated.id).toBe(before.id);

    const removed = ok(
      await gql<{ removeWorkspaceMember: string }>(mock.url, 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w: world.workspaceId, u: joiner.id }, world.a.token),
    );
    expect(removed.removeWorkspaceMember).toBe(joiner.id);
    const last = await events.next();
    expect(last.errors?.map((error) => error.extensions?.['code'])).toEqual(['FORBIDDEN']);
    await events.ended();
    expect(mock.state.events.listenerCount('messageCreated', channel)).toBe(0);
    await send(mock.url, world.a, channel, 'after removal');
    expect(events.pending).toBe(0);
  });
});

describe('resources', () => {
  it('lets go of an idle subscription when the client completes it, and of all of them when the socket closes', async () => {
    const channel = await sharedChannel();
    const socket = await socketOf(world.b);
    const before = mock.state.events.listenerCount('messageCreated', channel);
    const stop = socket.client.subscribe({ query: created, variables: { c: channel } }, { next: () => {}, error: () => {}, complete: () => {} });
    await until(() => mock.state.events.listenerCount('messageCreated', channel) === before + 1, 'the listener');
    stop();
    await until(() => mock.state.events.listenerCount('messageCreated', channel) === before, 'the listener to go');

    const other = await socketOf(world.b);
    for (let i = 0; i < 3; i++) new Results(other, created, { c: channel });
    await until(() => mock.state.events.listenerCount('messageCreated', channel) === before + 3, 'three listeners');
    await other.dispose();
    await until(() => mock.state.events.listenerCount('messageCreated', channel) === before && mock.state.events.listenerCount('membershipEnded', channel) === 0, 'every listener to go');
  });

  it('gives every subscriber of one shape the same payload, and each shape its own', async () => {
    const channel = await sharedChannel();
    const [one, two] = [await socketOf(world.a), await socketOf(world.b)];
    const full = [await listen<{ messageCreated: Event }>(one, 'messageCreated', created, channel), await listen<{ messageCreated: Event }>(two, 'messageCreated', created, channel)];
    const slim = await listen<{ messageCreated: { id: string } }>(two, 'messageCreated', 'subscription($c: ID!) { messageCreated(conversationId: $c) { id } }', channel);
    const sent = await send(mock.url, world.a, channel, 'for everyone');
    const [first, second] = [await full[0]!.data(), await full[1]!.data()];
    expect(second).toEqual(first);
    expect(first.messageCreated.id).toBe(sent.id);
    expect(await slim.data()).toEqual({ messageCreated: { id: sent.id } });
  });
});
