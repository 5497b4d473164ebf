import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { ManualClock } from '../../../src/mock-server/state/clock.js';
import { startCli } from '../../support/cli-process.js';
import { gql, ok } from '../../support/client.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const example = JSON.parse(readFileSync(`${root}fixtures/example.json`, 'utf8')) as Record<string, unknown>;
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const HOUR = 3_600_000;

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { accessToken user { id username displayName } } }';
const CONVERSATIONS = 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id type title visibility isDefault members { username role } } } }';
const MESSAGES = `query($c: ID!) { messages(conversationId: $c, first: 50) { nodes {
  sequence content senderId createdAt replyTo { id content } reactions { emoji userIds } } } }`;

interface Conversation {
  id: string;
  type: string;
  title: string | null;
  visibility: string;
  isDefault: boolean;
  members: { username: string; role: string }[];
}
interface Message {
  sequence: number;
  content: string;
  senderId: string;
  createdAt: string;
  replyTo: { id: string; content: string } | null;
  reactions: { emoji: string; userIds: string[] }[];
}

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, fixtures: example, clock: new ManualClock(NOW) });
});
afterAll(() => mock.close());

async function login(email: string, password = 'parley-demo') {
  return ok(await gql<{ login: { accessToken: string; user: { id: string; username: string; displayName: string } } }>(mock.url, LOGIN, { input: { email, password } })).login;
}

async function conversationsOf(token: string): Promise<Conversation[]> {
  const { workspaces } = ok(await gql<{ workspaces: { id: string; name: string; slug: string }[] }>(mock.url, '{ workspaces { id name slug } }', {}, token));
  expect(workspaces.map((w) => [w.name, w.slug])).toEqual([['Acme', 'acme']]);
  return ok(await gql<{ conversations: { nodes: Conversation[] } }>(mock.url, CONVERSATIONS, { w: workspaces[0]!.id }, token)).conversations.nodes;
}

async function messagesOf(token: string, conversationId: string): Promise<Message[]> {
  return ok(await gql<{ messages: { nodes: Message[] } }>(mock.url, MESSAGES, { c: conversationId }, token)).messages.nodes;
}

describe('fixtures/example.json through startMockServer({ fixtures })', () => {
  it('alice logs in with the demo password and sees her channels and her DM, and not what she is not in', async () => {
    const alice = await login('alice@example.test');
    expect(alice.user).toMatchObject({ username: 'alice', displayName: 'Alice Martin' });
    const conversations = await conversationsOf(alice.accessToken);
    const byTitle = new Map(conversations.map((c) => [c.title ?? 'DM', c]));
    expect([...byTitle.keys()].sort()).toEqual(['DM', 'design', 'general', 'random']);
    expect(byTitle.get('general')).toMatchObject({ visibility: 'PUBLIC', isDefault: true });
    expect(byTitle.get('random')).toMatchObject({ visibility: 'PUBLIC', isDefault: true });
    expect(byTitle.get('design')).toMatchObject({ visibility: 'PRIVATE', isDefault: false });
    expect(byTitle.get('design')!.members.map((m) => m.username).sort()).toEqual(['alice', 'carol']);
    expect(byTitle.get('DM')!.members.map((m) => m.username).sort()).toEqual(['alice', 'bob']);
    // dave is a guest: general lists him, random (a default channel) does not take guests.
    expect(byTitle.get('general')!.members.map((m) => m.username).sort()).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    expect(byTitle.get('random')!.members.map((m) => m.username).sort()).toEqual(['alice', 'bob', 'carol', 'erin']);
  });

  it('messages come in file order, with their times, the reply and the reactions', async () => {
    const alice = await login('alice@example.test');
    const general = (await conversationsOf(alice.accessToken)).find((c) => c.title === 'general')!;
    const messages = await messagesOf(alice.accessToken, general.id);
    expect(messages.map((m) => m.content)).toEqual([
      'Welcome to Acme, everyone! 👋',
      'Thanks Alice! Glad to be here.',
      'The new onboarding checklist is in the wiki.',
      "Hi all, I'm helping with the launch for a few weeks.",
      'Release 1.4 goes out tomorrow at 10:00.',
      'QA sign-off is done ✅',
      'Reminder: retro on Thursday.',
      '@alice the status page is updated too.',
      'Thanks @carol 🙏',
    ]);
    expect(messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // "-2d", "-5h", "-10m" and "-2m" count back from the clock; the rest lie between.
    expect(times[0]).toBe(NOW - 48 * HOUR);
    expect(times[4]).toBe(NOW - 5 * HOUR);
    expect(times[7]).toBe(NOW - 10 * 60_000);
    expect(times[8]).toBe(NOW - 2 * 60_000);
    expect(messages[1]!.replyTo?.content).toBe('Welcome to Acme, everyone! 👋');
    expect(messages[5]!.replyTo?.content).toBe('Release 1.4 goes out tomorrow at 10:00.');
    const members = new Map(general.members.map((m) => [m.username, m]));
    const ids = await userIds();
    expect(messages[0]!.reactions).toEqual([
      { emoji: '🎉', userIds: [ids.get('bob'), ids.get('carol')] },
      { emoji: '👋', userIds: [ids.get('dave')] },
    ]);
    expect(messages[0]!.senderId).toBe(ids.get('alice'));
    expect(members.get('alice')!.role).toBe('OWNER');
  });

  it('a user with their own password logs in with it, not with the demo password', async () => {
    expect((await login('erin@acme.test', 'erin-secret-1')).user.username).toBe('erin');
    const refused = await gql(mock.url, LOGIN, { input: { email: 'erin@acme.test', password: 'parley-demo' } });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('the private channel stays private: bob is refused its messages', async () => {
    const bob = await login('bob@example.test');
    const design = [...mock.state.tables.conversations.values()].find((c) => c.title === 'design')!;
    const refused = await gql(mock.url, MESSAGES, { c: design.id }, bob.accessToken);
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('the same file gives the same ids on every load; records made later get the state\'s own', async () => {
    const again = await startMockServer({ port: 0, fixtures: example, clock: new ManualClock(NOW) });
    try {
      expect([...again.state.tables.users.keys()]).toEqual([...mock.state.tables.users.keys()]);
      expect([...again.state.tables.conversations.keys()]).toEqual([...mock.state.tables.conversations.keys()]);
      expect([...again.state.tables.messages.keys()]).toEqual([...mock.state.tables.messages.keys()]);
    } finally {
      await again.close();
    }
  });

  async function userIds(): Promise<Map<string, string>> {
    return new Map([...mock.state.tables.users.values()].map((user) => [user.username, user.id]));
  }
});

describe('parley mock serve --fixtures', () => {
  /** Starts `mock serve --port 0 ...args`; resolves once the start-up notes are out, or when it exits (`code`). */
  async function run(args: string[]): Promise<{ code: number | null; out: string; err: string; child: ChildProcess }> {
    const { status, stdout, stderr, child } = await startCli(['mock', 'serve', '--port', '0', ...args], (out) => /fixtures .*: logins/.test(out));
    return { code: status, out: stdout, err: stderr, child };
  }

  it('serves the file: alice logs in and reads #general; the start-up notes list the logins', async () => {
    const started = await run(['--fixtures', 'fixtures/example.json']);
    try {
      expect(started.code, started.err).toBeNull();
      const url = /^parley mock listening on (\S+)$/m.exec(started.out)![1]!;
      expect(started.out).toContain('fixtures fixtures/example.json: logins alice@example.test, bob@example.test');
      expect(started.out).not.toContain('acme.test (owner)');
      const { login } = ok(await gql<{ login: { accessToken: string } }>(url, LOGIN, { input: { email: 'alice@example.test', password: 'parley-demo' } }));
      const { workspaces } = ok(await gql<{ workspaces: { id: string }[] }>(url, '{ workspaces { id } }', {}, login.accessToken));
      const { conversations } = ok(await gql<{ conversations: { nodes: Conversation[] } }>(url, CONVERSATIONS, { w: workspaces[0]!.id }, login.accessToken));
      const general = conversations.nodes.find((c) => c.title === 'general')!;
      const { messages } = ok(await gql<{ messages: { nodes: Message[] } }>(url, MESSAGES, { c: general.id }, login.accessToken));
      expect(messages.nodes[0]!.content).toBe('Welcome to Acme, everyone! 👋');
    } finally {
      started.child.kill('SIGTERM');
    }
  });

  it('a file with problems: every problem on stderr with its path, exit 2, nothing served', async () => {
    const bad = JSON.stringify({ users: [{ username: 'alice' }], workspaces: [{ name: 'Acme', owner: 'alice', members: ['bob'] }], messages: [{ channel: 'general', from: 'carol', text: 'hi' }] });
    const file = join(mkdtempSync(join(tmpdir(), 'parley-fixtures-')), 'bad.json');
    writeFileSync(file, bad);
    const result = await run(['--fixtures', file]);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    expect(result.err).toBe(
      `parley: ${file}: the fixtures have 2 problems:\n` + '  workspaces[0].members[0]: no user "bob" in users\n' + '  messages[0].from: no user "carol" in users\n',
    );
  });

  it('a missing file, a file that is not JSON, and --fixtures with --empty: one sentence each, exit 2', async () => {
    const missing = await run(['--fixtures', 'fixtures/no-such-file.json']);
    expect([missing.code, missing.err]).toEqual([2, 'parley: cannot read the fixtures file fixtures/no-such-file.json: there is no such file.\n']);
    const notJson = await run(['--fixtures', 'README.md']);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toMatch(/^parley: README\.md: the fixtures have 1 problem:\n {2}\(the file\): not JSON: /);
    const both = await run(['--fixtures', 'fixtures/example.json', '--empty']);
    expect(both.code).toBe(2);
    expect(both.err).toContain("option '--fixtures <file>' cannot be used with option '--empty'");
  });
});
