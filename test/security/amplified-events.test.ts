import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { Sockets } from '../support/realtime.js';
import { createChannel, createWorkspace, registerActor, send, type Actor } from '../support/world.js';

/**
 * Amplified answers over subscriptions (docs/mock-behaviour.md, "Limits before work"): an event
 * whose payload selects one large message many times (aliases) is held to `--max-response-bytes`
 * like any answer: that event arrives as a `next` with RESPONSE_TOO_LARGE and `data` null, and
 * the subscription goes on. At the default (8 MiB) no single event can reach the limit (30
 * aliases of a 40,000-character message are at most 4.8 MB), so this server runs with 256 KiB.
 */

const MAX = 256 * 1024;

let mock: RunningMockServer;
let owner: Actor;
let channel: string;
const sockets = new Sockets(() => mock);

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, limits: { maxResponseBytes: MAX } });
  owner = await registerActor(mock.url, 'a');
  channel = await createChannel(mock.url, owner, await createWorkspace(mock.url, owner), 'PRIVATE');
});
afterEach(() => sockets.closeAll());
afterAll(() => mock.close());

describe('subscription events', () => {
  it('an event over the limit is a next with RESPONSE_TOO_LARGE and no data; the next event arrives in full', async () => {
    const aliases = Array.from({ length: 10 }, (_, i) => `c${i}: content`).join(' ');
    const events = await sockets.listen<{ messageCreated: Record<string, string> }>(
      await sockets.as(owner),
      'messageCreated',
      `subscription($c: ID!) { messageCreated(conversationId: $c) { id ${aliases} } }`,
      channel,
    );
    // 10 x 40,000 characters: 400 KB.
    await send(mock.url, owner, channel, 'x'.repeat(40_000));
    const refused = await events.next();
    expect(refused.data).toBeNull();
    expect(refused.errors?.map((error) => error.extensions?.['code'])).toEqual(['RESPONSE_TOO_LARGE']);
    expect(refused.errors?.[0]?.message).toContain(`${MAX} bytes`);
    // 10 x 20,000 characters: 200 KB.
    await send(mock.url, owner, channel, 'y'.repeat(20_000));
    const delivered = (await events.data()).messageCreated;
    expect(delivered['c9']).toHaveLength(20_000);
  });
});
