import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';

/**
 * Attack class: values that load but cannot be served. A fixtures file (`POST /dev/fixtures`,
 * `--fixtures`) or a snapshot (`PUT /dev/snapshot`, `--persist`) could carry a time outside the
 * years a `DateTime` shows (0000 to 9999: `"-99999999d"`, `createdAt: 1e20`), a sequence or size
 * beyond a GraphQL `Int`, or a reaction keyed `__proto__` that the loader dropped without a
 * word; it loaded, and then every answer showing it was a 500. Each is refused at the door with
 * its path and `BAD_USER_INPUT`, nothing changes, and the state keeps serving.
 */

const ALICE = { email: 'alice@example.test', password: 'parley-demo' };
const GOOD = {
  users: [{ username: 'alice' }, { username: 'bob' }],
  workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob'] }],
  messages: [
    { channel: 'general', from: 'alice', text: 'hello', at: '-1d' },
    { channel: 'general', from: 'bob', text: 'hi', reactions: { '👍': ['alice'] } },
  ],
};
const READ = `query($w: ID!) {
  workspaces { id createdAt }
  conversations(workspaceId: $w) { nodes { id createdAt } }
}`;
const MESSAGES = 'query($c: ID!) { messages(conversationId: $c) { nodes { sequence createdAt attachments { size } } } }';

let mock: RunningMockServer;
/** Alice's access token: refused loads change nothing, so it keeps working (snapshots carry sessions). */
let token: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  expect((await postFixtures(JSON.stringify(GOOD))).status).toBe(200);
  token = ok(await gql<{ login: { accessToken: string } }>(mock.url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: ALICE })).login.accessToken;
});
afterAll(() => mock.close());

function postFixtures(body: string): Promise<Response> {
  return fetch(`${mock.origin}/dev/fixtures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/** What the state serves now, read as alice: every workspace, conversation and message answers without an error. */
async function expectServing(): Promise<void> {
  const first = await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id createdAt } }', {}, token);
  expect(first.status).toBe(200);
  const read = await gql<{ conversations: { nodes: { id: string }[] } }>(mock.url, READ, { w: ok(first).workspaces[0]!.id }, token);
  expect(read.status).toBe(200);
  for (const conversation of ok(read).conversations.nodes) {
    const messages = await gql(mock.url, MESSAGES, { c: conversation.id }, token);
    expect(messages.status).toBe(200);
    ok(messages);
  }
}

/** GOOD with the first message changed by `change`. */
function withFirstMessage(change: Record<string, unknown>): string {
  return JSON.stringify({ ...GOOD, messages: [{ ...GOOD.messages[0], ...change }, GOOD.messages[1]] });
}

describe('a fixtures file with a value that could not be served is refused with its path', () => {
  const refused = async (body: string, path: string): Promise<void> => {
    const response = await postFixtures(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: { extensions: { code: string; problems: { path: string; message: string }[] } }[] };
    expect(answer.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0]!.extensions.problems.map((problem) => problem.path)).toContain(path);
    await expectServing();
  };

  for (const at of ['-99999999d', '-99999999999999999999d', '0000-01-01T00:30+01:00', '9999-12-31T23:59:59.999-00:01']) {
    it(`a message at ${at} (outside the years 0000 to 9999)`, async () => {
      await refused(withFirstMessage({ at }), 'messages[0].at');
    });
  }

  for (const key of ['__proto__', 'constructor', 'prototype']) {
    it(`a reaction keyed ${key}`, async () => {
      // Built as text: in an object literal `__proto__` would set the prototype, not a key.
      const body = withFirstMessage({ reactions: { KEY: ['bob'] } }).replace('"KEY"', JSON.stringify(key));
      await refused(body, `messages[0].reactions.${key}`);
    });
  }

  it('a field named __proto__ or constructor in an item or in the file (unknown fields, as any other)', async () => {
    const body = JSON.stringify({ ...GOOD, users: [{ username: 'alice', KEY1: { x: 1 } }, GOOD.users[1]], KEY2: [] }).replace('"KEY1"', '"__proto__"').replace('"KEY2"', '"constructor"');
    const response = await postFixtures(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: { extensions: { problems: { path: string; message: string }[] } }[] };
    expect(answer.errors[0]!.extensions.problems.map((problem) => problem.path)).toEqual(expect.arrayContaining(['users[0].__proto__', 'constructor']));
    await expectServing();
  });
});

describe('a snapshot with a value that could not be served is refused, naming where it is', () => {
  let saved: string;
  beforeAll(async () => {
    saved = await (await fetch(`${mock.origin}/dev/snapshot`)).text();
  });

  const put = (body: string) => fetch(`${mock.origin}/dev/snapshot`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
  const refused = async (body: string, place: RegExp): Promise<void> => {
    const response = await put(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(answer.errors[0]!.extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0]!.message).toMatch(place);
    await expectServing();
  };
  /** The saved snapshot with the record of the first entry of `table` changed by `change`. */
  const changed = (table: string, change: (record: Record<string, unknown>) => void): string => {
    const document = JSON.parse(saved) as { tables: Record<string, [string, Record<string, unknown>][]> };
    change(document.tables[table]![0]![1]);
    return JSON.stringify(document);
  };

  it('a message createdAt of 1e20, and of year 10000', async () => {
    await refused(changed('messages', (message) => void (message.createdAt = 1e20)), /table "messages", entry 0, field createdAt is not valid: must be a time/);
    await refused(changed('workspaces', (workspace) => void (workspace.createdAt = 253_402_300_800_000)), /table "workspaces", entry 0, field createdAt is not valid/);
  });

  it('a time of 1e400 (Infinity once parsed)', async () => {
    const body = changed('messages', (message) => void (message.updatedAt = 123_456_789)).replace('"updatedAt":123456789', '"updatedAt":1e400');
    await refused(body, /field updatedAt is not valid/);
  });

  it('a sequence, a read marker or a size beyond a GraphQL Int, or not whole', async () => {
    await refused(changed('messages', (message) => void (message.sequence = 2 ** 31)), /field sequence is not valid: must be a count the API shows as an Int/);
    await refused(changed('messages', (message) => void (message.sequence = 1.5)), /field sequence is not valid/);
    const attachment = { id: 'a', uploadKey: 'k', storedFileId: null, fileName: 'f.txt', contentType: 'text/plain', size: 2 ** 31 };
    await refused(changed('messages', (message) => void (message.attachments = [attachment])), /field attachments\.0\.size is not valid/);
    const marker = changed('conversations', (conversation) => void ((conversation.members as [string, Record<string, unknown>][])[0]![1].lastReadSequence = 2 ** 40));
    await refused(marker, /field members\.0\.1\.lastReadSequence is not valid/);
  });

  it('a session counter that is no whole number', async () => {
    const document = JSON.parse(saved) as { sessions: { nextSessionId: number } };
    document.sessions.nextSessionId = 424_242;
    await refused(JSON.stringify(document).replace('"nextSessionId":424242', '"nextSessionId":1e400'), /field sessions\.nextSessionId is not valid/);
  });

  it('a record with a __proto__ or constructor key', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const body = changed('users', (user) => void (user.KEY = 1)).replace('"KEY"', JSON.stringify(key));
      await refused(body, new RegExp(`table "users", entry 0, field ${key} is not valid`));
    }
  });

  it('the saved snapshot itself is restored', async () => {
    expect((await put(saved)).status).toBe(200);
    await expectServing();
  });
});
