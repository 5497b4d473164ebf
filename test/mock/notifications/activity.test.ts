import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { gql, ok } from '../../support/client.js';
import { createChannel, createWorkspace, joinWorkspace, login, registerActor, send, type Actor } from '../../support/world.js';
import { ACTIVITY, usernameOf } from './inbox.js';

/** notificationActivity: the last 7 UTC days, today included, oldest first, on an injected clock. */
const HOUR = 3_600_000;
const clock = new ManualClock(Date.parse('2026-03-09T22:30:00Z'));
let mock: RunningMockServer;
let x: Actor;
let y: Actor;
let channel: string;
let xName: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, clock });
  [x, y] = [await registerActor(mock.url, 'x'), await registerActor(mock.url, 'y')];
  const workspaceId = await createWorkspace(mock.url, x);
  await joinWorkspace(mock.url, x, workspaceId, y);
  channel = await createChannel(mock.url, x, workspaceId, 'PRIVATE', [y.id]);
  xName = await usernameOf(mock.url, x);
});
afterAll(() => mock.close());

interface Day {
  readonly date: string;
  readonly mentions: number;
  readonly replied: number;
}

/** Access tokens last 15 minutes: after moving the clock by hours, both sign in again. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  [x, y] = [await login(mock.url, x.email, x.password), await login(mock.url, y.email, y.password)];
}

async function activity(actor: Actor): Promise<Day[]> {
  return ok(await gql<{ notificationActivity: Day[] }>(mock.url, ACTIVITY, {}, actor.token)).notificationActivity;
}

async function mentionAndReply(mentions: number, replies: number): Promise<void> {
  for (let i = 0; i < mentions; i++) await send(mock.url, y, channel, `@${xName} mention ${i}`);
  for (let i = 0; i < replies; i++) {
    const mine = await send(mock.url, x, channel, `question ${i}`);
    await send(mock.url, y, channel, `answer ${i}`, { replyToMessageId: mine.id });
  }
}

describe('notificationActivity', () => {
  it('has seven entries, oldest first, ending today (UTC), all zero before anything happened; joins are not counted', async () => {
    const days = await activity(x);
    expect(days.map((d) => d.date)).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09']);
    expect(days.every((d) => d.mentions === 0 && d.replied === 0)).toBe(true);
  });

  it('counts mentions and replies on the UTC day they arrived, read or cleared; days roll over at midnight UTC; older days drop off', async () => {
    await mentionAndReply(2, 1); // 2026-03-09, 22:30 UTC
    await later(2 * HOUR); // 2026-03-10, 00:30 UTC: a new day
    await mentionAndReply(1, 3);
    let days = await activity(x);
    expect(days.at(-1)).toEqual({ date: '2026-03-10', mentions: 1, replied: 3 });
    expect(days.at(-2)).toEqual({ date: '2026-03-09', mentions: 2, replied: 1 });
    expect(days[0]!.date).toBe('2026-03-04');
    // Reading and clearing empties the inbox, not the history.
    ok(await gql(mock.url, 'mutation { markAllNotificationsRead }', {}, x.token));
    expect(ok(await gql<{ clearReadNotifications: number }>(mock.url, 'mutation { clearReadNotifications }', {}, x.token)).clearReadNotifications).toBe(8);
    expect(await activity(x)).toEqual(days);
    // y was told nothing.
    expect((await activity(y)).every((d) => d.mentions === 0 && d.replied === 0)).toBe(true);

    await later(6 * 24 * HOUR); // 2026-03-16: 03-10 is the oldest day shown, 03-09 is gone
    days = await activity(x);
    expect(days[0]).toEqual({ date: '2026-03-10', mentions: 1, replied: 3 });
    expect(days.map((d) => d.date)).not.toContain('2026-03-09');
    await mentionAndReply(1, 0);
    await later(24 * HOUR);
    days = await activity(x);
    expect(days.map((d) => d.date)).toEqual(['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17']);
    expect(days.map((d) => d.mentions + d.replied)).toEqual([0, 0, 0, 0, 0, 1, 0]);
  });
});
