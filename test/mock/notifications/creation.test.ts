import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ok, gql } from '../../support/client.js';
import { Sockets } from '../../support/realtime.js';
import { buildWorld, createChannel, joinWorkspace, registerActor, send, type Actor, type World } from '../../support/world.js';
import { ACTIVITY, allOf, mute, usernameOf, type NotificationNode } from './inbox.js';

/** Which messages notify whom: replies, mentions, muted conversations, one per message and user. */
let mock: RunningMockServer;
let world: World;
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

/** A fresh member of the workspace, so each test counts its own notifications from zero. */
async function member(name: string): Promise<Actor> {
  const actor = await registerActor(mock.url, name);
  await joinWorkspace(mock.url, world.a, world.workspaceId, actor);
  return actor;
}

async function repliedToday(actor: Actor): Promise<number> {
  const days = ok(await gql<{ notificationActivity: { replied: number }[] }>(mock.url, ACTIVITY, {}, actor.token)).notificationActivity;
  return days.at(-1)!.replied;
}

describe('replies', () => {
  it("a reply to someone else's message notifies its author (MENTION, MENTIONS), counted in activity.replied", async () => {
    const [x, y] = [await member('x'), await member('y')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    const original = await send(mock.url, x, channel, 'Can someone review the deploy script?');
    expect(await repliedToday(x)).toBe(0);
    const reply = await send(mock.url, y, channel, 'On it,   looking now', { replyToMessageId: original.id });
    const [notification] = await allOf(mock.url, x);
    expect(notification).toMatchObject({
      type: 'MENTION',
      category: 'MENTIONS',
      actor: { id: y.id },
      conversation: { id: channel },
      workspace: { id: world.workspaceId },
      messageId: reply.id,
      snippet: 'On it, looking now',
      readAt: null,
    });
    expect(await repliedToday(x)).toBe(1);
    expect(await allOf(mock.url, y)).toEqual([]);
  });

  it('a reply that also @mentions the author is one notification; a reply to your own message is none', async () => {
    const [x, y] = [await member('x'), await member('y')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    const original = await send(mock.url, x, channel, 'Plan for Friday?');
    await send(mock.url, y, channel, `@${await usernameOf(mock.url, x)} yes, and @${await usernameOf(mock.url, x)} again`, { replyToMessageId: original.id });
    await send(mock.url, x, channel, 'answering myself', { replyToMessageId: original.id });
    const notifications = await allOf(mock.url, x);
    expect(notifications).toHaveLength(1);
    expect(await repliedToday(x)).toBe(1);
    const days = ok(await gql<{ notificationActivity: { mentions: number }[] }>(mock.url, ACTIVITY, {}, x.token)).notificationActivity;
    expect(days.at(-1)!.mentions).toBe(0);
  });

  it('a reply notifies its author and a mention notifies another member, each once', async () => {
    const [x, y, z] = [await member('x'), await member('y'), await member('z')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id, z.id]);
    const original = await send(mock.url, x, channel, 'Budget draft attached');
    const reply = await send(mock.url, y, channel, `@${await usernameOf(mock.url, z)} please check this too`, { replyToMessageId: original.id });
    expect((await allOf(mock.url, x)).map((n) => n.messageId)).toEqual([reply.id]);
    expect((await allOf(mock.url, z)).map((n) => n.messageId)).toEqual([reply.id]);
  });

  it('is delivered live by notificationReceived', async () => {
    const [x, y] = [await member('x'), await member('y')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    const original = await send(mock.url, x, channel, 'Standup moved to 10:30');
    const live = await sockets.listen<{ notificationReceived: NotificationNode }>(
      await sockets.as(x),
      'notificationReceived',
      'subscription { notificationReceived { id type category messageId actor { id } } }',
      x.id,
      {},
    );
    const reply = await send(mock.url, y, channel, 'Thanks for the heads-up', { replyToMessageId: original.id });
    const event = (await live.data()).notificationReceived;
    expect(event).toMatchObject({ type: 'MENTION', category: 'MENTIONS', messageId: reply.id, actor: { id: y.id } });
    expect((await allOf(mock.url, x))[0]!.id).toBe(event.id);
  });
});

describe('muted conversations', () => {
  it('a member who muted the conversation gets neither mentions nor replies; unmuting brings them back', async () => {
    const [x, y] = [await member('x'), await member('y')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    const original = await send(mock.url, x, channel, 'Release notes are up');
    await mute(mock.url, x, channel);
    const name = await usernameOf(mock.url, x);
    await send(mock.url, y, channel, `@${name} did you see the numbers?`);
    await send(mock.url, y, channel, `@${name} great notes`, { replyToMessageId: original.id });
    expect(await allOf(mock.url, x)).toEqual([]);
    await mute(mock.url, x, channel, false);
    const after = await send(mock.url, y, channel, `@${name} now you hear me`);
    expect((await allOf(mock.url, x)).map((n) => n.messageId)).toEqual([after.id]);
  });

  it('muting one conversation leaves the others notifying', async () => {
    const [x, y] = [await member('x'), await member('y')];
    const quiet = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    const loud = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id]);
    await mute(mock.url, x, quiet);
    const name = await usernameOf(mock.url, x);
    await send(mock.url, y, quiet, `@${name} shh`);
    const heard = await send(mock.url, y, loud, `@${name} hello`);
    expect((await allOf(mock.url, x)).map((n) => n.messageId)).toEqual([heard.id]);
  });
});

describe('who is not notified', () => {
  it('the author of a replied-to message who has left the conversation', async () => {
    const [x, y] = [await member('x'), await member('y')];
    const channel = await createChannel(mock.url, y, world.workspaceId, 'PUBLIC', [x.id]);
    const original = await send(mock.url, x, channel, 'My last words here');
    // x leaves the workspace, and with it every conversation.
    ok(await gql(mock.url, 'mutation($w: ID!, $u: ID!) { removeWorkspaceMember(workspaceId: $w, userId: $u) }', { w: world.workspaceId, u: x.id }, x.token));
    await send(mock.url, y, channel, 'Replying after you left', { replyToMessageId: original.id });
    expect(await allOf(mock.url, x)).toEqual([]);
  });
});

describe('deleted messages', () => {
  it("deleting a message withdraws the notifications it made, read or not, from every recipient's list, not from activity", async () => {
    const [x, y, z] = [await member('x'), await member('y'), await member('z')];
    const channel = await createChannel(mock.url, x, world.workspaceId, 'PRIVATE', [y.id, z.id]);
    const [xName, zName] = [await usernameOf(mock.url, x), await usernameOf(mock.url, z)];
    const kept = await send(mock.url, y, channel, `@${xName} this one stays`);
    const regretted = await send(mock.url, y, channel, `@${xName} @${zName} secret plans`);
    const later = await send(mock.url, y, channel, `@${xName} and this one too`);
    const [newestOfZ] = await allOf(mock.url, z);
    ok(await gql(mock.url, 'mutation($id: ID!) { markNotificationRead(id: $id) }', { id: newestOfZ!.id }, z.token));
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: regretted.id }, y.token));
    expect((await allOf(mock.url, x)).map((n) => n.messageId)).toEqual([later.id, kept.id]);
    expect(await allOf(mock.url, z)).toEqual([]);
    const days = ok(await gql<{ notificationActivity: { mentions: number }[] }>(mock.url, ACTIVITY, {}, x.token)).notificationActivity;
    expect(days.at(-1)!.mentions).toBe(3);
    // Clearing and deleting in either order leaves both consistent.
    ok(await gql(mock.url, 'mutation { markAllNotificationsRead }', {}, x.token));
    expect(ok(await gql<{ clearReadNotifications: number }>(mock.url, 'mutation { clearReadNotifications }', {}, x.token)).clearReadNotifications).toBe(2);
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: kept.id }, y.token));
    expect(mock.state.tables.notificationsByMessage.has(kept.id)).toBe(false);
    expect(await allOf(mock.url, x)).toEqual([]);
  });
});
