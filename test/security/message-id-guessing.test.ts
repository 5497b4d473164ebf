import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql } from '../support/client.js';
import { buildWorld, createChannel, sendMany, type SentMessage, type World } from '../support/world.js';

/**
 * Message ids are computed from the sequence (`state/messages/message-ids.ts`), so they must not
 * be guessable from one another: someone who holds some ids of a conversation they are not in
 * (a former member, a leaked link) would otherwise learn, from FORBIDDEN against NOT_FOUND, how
 * many messages were sent there since. Every guess built from the ids they hold finds nothing.
 */

let mock: RunningMockServer;
let world: World;
let known: SentMessage[];
let later: SentMessage[];

const REACT = 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "eyes") { id } }';

async function codeFor(id: string): Promise<string | undefined> {
  const response = await gql(mock.url, REACT, { id }, world.c.token);
  return response.errors?.[0]?.extensions?.['code'] as string | undefined;
}

/** 12 hex digits of `value` taken modulo 2^48 (a guess below 0 wraps around, as a counter would). */
const hex12 = (value: number) => (((value % 2 ** 48) + 2 ** 48) % 2 ** 48).toString(16).padStart(12, '0');

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  world = await buildWorld(mock.url);
  const channel = await createChannel(mock.url, world.a, world.workspaceId, 'PRIVATE', [world.b.id]);
  known = await sendMany(mock.url, world.a, channel, 5, 'known');
  later = await sendMany(mock.url, world.b, channel, 5, 'later');
});
afterAll(() => mock.close());

describe('message ids cannot be guessed from others of the same conversation', () => {
  it('the real ids of later messages exist (FORBIDDEN to an outsider), and every guess from the known ones does not (NOT_FOUND)', async () => {
    for (const message of later) expect(await codeFor(message.id)).toBe('FORBIDDEN');
    const prefix = known[0]!.id.slice(0, 24);
    expect(known.every((message) => message.id.startsWith(prefix))).toBe(true);
    const newest = known.at(-1)!;
    const newestSuffix = parseInt(newest.id.slice(24), 16);
    const guesses = new Set<string>();
    for (let step = 1; step <= later.length; step += 1) {
      const sequence = newest.sequence + step;
      guesses.add(prefix + hex12(sequence)); // the sequence itself
      guesses.add(prefix + hex12(newestSuffix + step)); // counting on from the newest id
      guesses.add(prefix + hex12(newestSuffix - step));
      // The step between two known ids, carried on.
      const stride = parseInt(newest.id.slice(24), 16) - parseInt(known.at(-2)!.id.slice(24), 16);
      guesses.add(prefix + hex12(newestSuffix + stride * step));
      guesses.add(prefix + hex12((newestSuffix ^ sequence ^ newest.sequence) >>> 0));
    }
    const real = new Set(later.map((message) => message.id));
    for (const guess of guesses) {
      expect(real.has(guess), guess).toBe(false);
      expect(await codeFor(guess), guess).toBe('NOT_FOUND');
    }
  });
});
