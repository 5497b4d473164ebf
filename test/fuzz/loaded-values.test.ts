import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { changedSnapshot, hostileFixtures, snapshotChange } from './loaded-values.js';

/**
 * Fuzzing the doors that load a whole state: `POST /dev/fixtures` and `PUT /dev/snapshot` with
 * out-of-range times, huge numbers and inherited keys. Each load is either refused (400,
 * BAD_USER_INPUT, fixtures problems each with a path) or accepted, and then every read answers
 * without a 5xx or an internal error. `npm test` tries 25 of each; `npm run fuzz` (FUZZ_RUNS=10000) 250.
 */
const RUNS = Math.max(10, Math.round(Number(process.env['FUZZ_RUNS'] ?? 1000) / 40));
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261128);

const BASE = JSON.stringify({
  users: [{ username: 'alice' }, { username: 'bob' }],
  workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob'] }],
  dms: [{ between: ['alice', 'bob'] }],
  messages: [
    { channel: 'general', from: 'alice', text: 'hello @bob', at: '-1d', ref: 'hello' },
    { channel: 'general', from: 'bob', text: 'hi', replyTo: 'hello', reactions: { '👍': ['alice'] } },
    { dm: ['alice', 'bob'], from: 'bob', text: 'psst' },
  ],
});
const LOGIN = 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }';
const READ = `query($w: ID!) {
  me { id }
  workspaces { id createdAt updatedAt membersCount pendingInvitations }
  conversations(workspaceId: $w) { nodes { id createdAt updatedAt pinnedAt lastMessageSequence members { lastReadSequence } } }
  notifications { nodes { id createdAt readAt } }
}`;
const MESSAGES = 'query($c: ID!) { messages(conversationId: $c) { nodes { id sequence createdAt updatedAt deletedAt reactions { emoji } attachments { size } } } }';

let mock: RunningMockServer;
const bugs: Error[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true, logBug: (error) => void bugs.push(error) });
});
afterAll(() => mock.close());

const post = (path: string, method: string, body: string) => fetch(`${mock.origin}${path}`, { method, headers: { 'content-type': 'application/json' }, body });

/** Every read answers (a refusal such as UNAUTHENTICATED is fine), never a 5xx or an internal error. */
async function expectServes(token: string, where: string): Promise<void> {
  const answers = [];
  const first = await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, token);
  answers.push(first);
  for (const workspace of first.data?.workspaces ?? []) {
    const read = await gql<{ conversations: { nodes: { id: string }[] } }>(mock.url, READ, { w: workspace.id }, token);
    answers.push(read);
    for (const conversation of read.data?.conversations.nodes ?? []) answers.push(await gql(mock.url, MESSAGES, { c: conversation.id }, token));
  }
  for (const answer of answers) {
    expect(answer.status, where).toBeLessThan(500);
    for (const error of answer.errors ?? []) expect(error.extensions?.code, `${where}: ${error.message}`).not.toBe('INTERNAL_SERVER_ERROR');
  }
  expect(bugs.map((bug) => bug.stack ?? String(bug)), where).toEqual([]);
}

async function loginAlice(): Promise<string> {
  return ok(await gql<{ login: { accessToken: string } }>(mock.url, LOGIN, { i: { email: 'alice@example.test', password: 'parley-demo' } })).login.accessToken;
}

describe('fuzzing the doors that load a whole state', () => {
  it(`${RUNS} hostile fixtures files (seed ${SEED}): refused with paths, or loaded and served`, async () => {
    await fc.assert(
      fc.asyncProperty(hostileFixtures, async (text) => {
        bugs.length = 0;
        const response = await post('/dev/fixtures', 'POST', text);
        const where = `${text.slice(0, 600)} -> ${response.status}`;
        expect([200, 400], where).toContain(response.status);
        if (response.status === 400) {
          const body = (await response.json()) as { errors: { extensions: { code: string; problems: { path: unknown; message: unknown }[] } }[] };
          expect(body.errors[0]!.extensions.code, where).toBe('BAD_USER_INPUT');
          for (const problem of body.errors[0]!.extensions.problems) expect(typeof problem.path === 'string' && typeof problem.message === 'string', where).toBe(true);
          expect(bugs, where).toEqual([]);
          return;
        }
        await expectServes(await loginAlice(), where);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);

  it(`${RUNS} hostile snapshots (seed ${SEED}): refused, or restored and served`, async () => {
    expect((await post('/dev/fixtures', 'POST', BASE)).status).toBe(200);
    const token = await loginAlice();
    const saved = await (await fetch(`${mock.origin}/dev/snapshot`)).text();
    await fc.assert(
      fc.asyncProperty(snapshotChange, async (change) => {
        bugs.length = 0;
        const text = changedSnapshot(saved, change);
        const response = await post('/dev/snapshot', 'PUT', text);
        const where = `${JSON.stringify(change)} -> ${response.status}`;
        expect([200, 400], where).toContain(response.status);
        if (response.status === 400) {
          const body = (await response.json()) as { errors: { message: unknown; extensions: { code: string } }[] };
          expect(body.errors[0]!.extensions.code, where).toBe('BAD_USER_INPUT');
          expect(typeof body.errors[0]!.message, where).toBe('string');
          expect(bugs, where).toEqual([]);
          return;
        }
        await expectServes(token, where);
        expect((await post('/dev/snapshot', 'PUT', saved)).status, 'the saved snapshot restores').toBe(200);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 600_000);
});
