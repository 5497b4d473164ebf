import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import { typingRules } from '../../src/mock-server/state/live/typing.js';
import { expectCode, gql, ok } from '../support/client.js';
import { Sockets } from '../support/realtime.js';
import { until, type Results } from '../support/socket.js';
import { buildWorld, createChannel, send, type Actor, type World } from '../support/world.js';

/** typingChanged (with expiry on an injected clock), presenceChanged and notificationReceived. */

interface Ephemeral {
  readonly conversationId: string;
  readonly userId: string;
  readonly active: boolean;
}

const clock = new ManualClock(Date.parse('2026-03-02T10:00:00Z'));
let mock: RunningMockServer;
let world: World;
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  world = await buildWorld(mock.url);
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

const socketOf = (actor: Actor) => sockets.as(actor);
const listen = sockets.listen.bind(sockets);

const TYPING = 'subscription($c: ID!) { typingChanged(conversationId: $c) { conversationId userId active } }';
const PRESENCE = 'subscription($c: ID!) { presenceChanged(conversationId: $c) { conversationId userId active } }';
const SET_TYPING = 'mutation($c: ID!, $active: Boolean!) { setTyping(conversationId: $c, active: $active) }';

function setTyping(actor: Actor, conversationId: string, active: boolean) {
  return gql<{ setTyping: boolean }>(mock.url, SET_TYPING, { c: conversationId, active }, actor.token);
}

describe('typingChanged', () => {
  async function typingSetup(): Promise<{ channel: string; events: Results<{ typingChanged: Ephemeral }> }> {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const events = await listen<{ typingChanged: Ephemeral }>(await socketOf(world.b), 'typingChanged', TYPING, channel, { c: channel });
    return { channel, events };
  }

  it('announces a start, not the refreshes, and the stop', async () => {
    const { channel, events } = await typingSetup();
    expect(ok(await setTyping(world.a, channel, true)).setTyping).toBe(true);
    expect((await events.data()).typingChanged).toEqual({ conversationId: channel, userId: world.a.id, active: true });
    ok(await setTyping(world.a, channel, true));
    ok(await setTyping(world.a, channel, false));
    expect((await events.data()).typingChanged).toEqual({ conversationId: channel, userId: world.a.id, active: false });
    expect(events.pending).toBe(0);
  });

  it(`expires to false after ${typingRules.expiresAfterMs} ms without a refresh, and a refresh pushes the expiry back`, async () => {
    const { channel, events } = await typingSetup();
    ok(await setTyping(world.a, channel, true));
    expect((await events.data()).typingChanged.active).toBe(true);
    clock.advance(typingRules.expiresAfterMs - 1_000);
    ok(await setTyping(world.a, channel, true));
    clock.advance(typingRules.expiresAfterMs - 1_000);
    // 8 s after the start but 4 s after the refresh: still typing.
    expect(mock.state.typing.isTyping(channel, world.a.id)).toBe(true);
    clock.advance(1_000);
    expect((await events.data()).typingChanged).toEqual({ conversationId: channel, userId: world.a.id, active: false });
    expect(mock.state.typing.isTyping(channel, world.a.id)).toBe(false);
  });

  it('ends when the typing member sends a message, before the message is announced', async () => {
    const { channel, events } = await typingSetup();
    const socket = await socketOf(world.b);
    const created = await listen<{ messageCreated: { id: string } }>(socket, 'messageCreated', 'subscription($c: ID!) { messageCreated(conversationId: $c) { id } }', channel, { c: channel });
    ok(await setTyping(world.a, channel, true));
    expect((await events.data()).typingChanged.active).toBe(true);
    const sent = await send(mock.url, world.a, channel, 'done typing');
    expect((await events.data()).typingChanged).toEqual({ conversationId: channel, userId: world.a.id, active: false });
    expect((await created.data()).messageCreated.id).toBe(sent.id);
    // The expiry timer was cancelled with the stop: moving the clock announces nothing more.
    clock.advance(typingRules.expiresAfterMs * 2);
    ok(await setTyping(world.b, channel, true));
    expect((await events.data()).typingChanged).toEqual({ conversationId: channel, userId: world.b.id, active: true });
  });

  it('stopping without having started announces nothing', async () => {
    const { channel, events } = await typingSetup();
    ok(await setTyping(world.a, channel, false));
    ok(await setTyping(world.b, channel, true));
    expect((await events.data()).typingChanged.userId).toBe(world.b.id);
  });

  it('setTyping is for members: FORBIDDEN outside the conversation, UNAUTHENTICATED without a token', async () => {
    expectCode(await setTyping(world.b, world.privateChannelId, true), 'FORBIDDEN');
    expectCode(await gql(mock.url, SET_TYPING, { c: world.privateChannelId, active: true }), 'UNAUTHENTICATED');
  });
});

describe('presenceChanged', () => {
  it("announces a member's first connection and last disconnection, in each conversation they are in", async () => {
    const one = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const two = await createChannel(mock.url, world.a, world.workspaceId, 'PUBLIC', [world.b.id]);
    const watcher = await socketOf(world.a);
    const inOne = await listen<{ presenceChanged: Ephemeral }>(watcher, 'presenceChanged', PRESENCE, one, { c: one });
    const inTwo = await listen<{ presenceChanged: Ephemeral }>(watcher, 'presenceChanged', PRESENCE, two, { c: two });

    const first = await socketOf(world.b);
    expect((await inOne.data()).presenceChanged).toEqual({ conversationId: one, userId: world.b.id, active: true });
    expect((await inTwo.data()).presenceChanged).toEqual({ conversationId: two, userId: world.b.id, active: true });

    const second = await socketOf(world.b);
    await second.dispose();
    await until(() => mock.state.presence.isPresent(world.b.id), 'B still present');
    await first.dispose();
    expect((await inOne.data()).presenceChanged).toEqual({ conversationId: one, userId: world.b.id, active: false });
    expect((await inTwo.data()).presenceChanged).toEqual({ conversationId: two, userId: world.b.id, active: false });
    expect(inOne.pending + inTwo.pending).toBe(0);
    expect(mock.state.presence.isPresent(world.b.id)).toBe(false);
  });

  it('a refused connection never makes anyone present', async () => {
    const refused = sockets.raw({ Authorization: 'Bearer pa_unknown' });
    expect((await refused.closed).code).toBe(4401);
    expect(mock.state.presence.isPresent(world.c.id)).toBe(false);
  });
});

describe('notificationReceived', () => {
  const NOTIFICATIONS = 'subscription { notificationReceived { id type category actor { id displayName } conversation { id type } workspace { id } messageId snippet createdAt readAt } }';

  interface Notification {
    readonly id: string;
    readonly type: string;
    readonly category: string;
    readonly actor: { id: string } | null;
    readonly conversation: { id: string; type: string } | null;
    readonly workspace: { id: string } | null;
    readonly messageId: string | null;
    readonly snippet: string | null;
    readonly readAt: string | null;
  }

  async function usernameOf(actor: Actor): Promise<string> {
    return ok(await gql<{ me: { username: string } }>(mock.url, '{ me { username } }', {}, actor.token)).me.username;
  }

  it('tells a member they were mentioned, once per message, and never the author', async () => {
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    const forB = await listen<{ notificationReceived: Notification }>(await socketOf(world.b), 'notificationReceived', NOTIFICATIONS, world.b.id, {});
    const forA = await listen<{ notificationReceived: Notification }>(await socketOf(world.a), 'notificationReceived', NOTIFICATIONS, world.a.id, {});
    const [nameA, nameB] = [await usernameOf(world.a), await usernameOf(world.b)];
    const sent = await send(mock.url, world.a, channel, `@${nameB} look, @${nameB.toUpperCase()} again, and me @${nameA}`);
    const notification = (await forB.data()).notificationReceived;
    expect(notification).toMatchObject({
      type: 'MENTION',
      category: 'MENTIONS',
      actor: { id: world.a.id },
      conversation: { id: channel, type: 'CHANNEL' },
      workspace: { id: world.workspaceId },
      messageId: sent.id,
      readAt: null,
    });
    expect(notification.snippet).toContain('look');
    // B mentions A: A's first notification is that one, so A's self-mention made none.
    await send(mock.url, world.b, channel, `thanks @${nameA}.`);
    expect((await forA.data()).notificationReceived.actor?.id).toBe(world.b.id);
    expect(forB.pending + forA.pending).toBe(0);
  });

  it('does not notify someone mentioned in a conversation they are not in, or an e-mail address', async () => {
    const forB = await listen<{ notificationReceived: Notification }>(await socketOf(world.b), 'notificationReceived', NOTIFICATIONS, world.b.id, {});
    const nameB = await usernameOf(world.b);
    await send(mock.url, world.a, world.privateChannelId, `@${nameB} cannot read this`);
    const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
    await send(mock.url, world.a, channel, `mail ${nameB}@example.test`);
    const sent = await send(mock.url, world.a, channel, `(@${nameB})`);
    expect((await forB.data()).notificationReceived.messageId).toBe(sent.id);
  });

  it("tells a workspace's owner when someone joins it (WORKSPACE_JOINED, SYSTEM)", async () => {
    const forA = await listen<{ notificationReceived: Notification }>(await socketOf(world.a), 'notificationReceived', NOTIFICATIONS, world.a.id, {});
    const link = ok(
      await gql<{ createWorkspaceInviteLink: { token: string } }>(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: world.workspaceId }, world.a.token),
    ).createWorkspaceInviteLink.token;
    ok(await gql(mock.url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: link }, world.c.token));
    expect((await forA.data()).notificationReceived).toMatchObject({
      type: 'WORKSPACE_JOINED',
      category: 'SYSTEM',
      actor: { id: world.c.id },
      workspace: { id: world.workspaceId },
      conversation: null,
      messageId: null,
    });
  });
});
