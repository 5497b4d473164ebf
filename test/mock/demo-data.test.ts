import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';
import { MESSAGES, type MessageNode, type Page } from '../support/queries.js';
import { login, type Actor } from '../support/world.js';

const PASSWORD = 'parley-demo';
const servers: RunningMockServer[] = [];

async function start(seed: number): Promise<RunningMockServer> {
  const server = await startMockServer({ port: 0, seed });
  servers.push(server);
  return server;
}
afterAll(() => Promise.all(servers.map((server) => server.close())));

interface Conversation {
  id: string;
  title: string | null;
  type: string;
  visibility: string;
  isDefault: boolean;
  lastMessageSequence: number | null;
  members: { userId: string; username: string }[];
}

async function conversationsOf(url: string, actor: Actor): Promise<Conversation[]> {
  const [workspace] = ok(await gql<{ workspaces: { id: string; name: string; slug: string }[] }>(url, '{ workspaces { id name slug } }', {}, actor.token)).workspaces;
  expect(workspace).toMatchObject({ name: 'Acme', slug: 'acme' });
  return ok(
    await gql<{ conversations: { nodes: Conversation[] } }>(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title type visibility isDefault lastMessageSequence members { userId username } } } }', { w: workspace!.id }, actor.token),
  ).conversations.nodes;
}

async function allMessages(url: string, actor: Actor, conversationId: string): Promise<MessageNode[]> {
  const nodes: MessageNode[] = [];
  let before: string | null = null;
  for (;;) {
    const page: Page = ok(await gql<{ messages: Page }>(url, MESSAGES, { conversationId, first: 100, before }, actor.token)).messages;
    nodes.unshift(...page.nodes);
    if (!page.hasNextPage) return nodes;
    before = page.endCursor;
  }
}

describe('demo data', () => {
  let mock: RunningMockServer;
  let alice: Actor;
  beforeAll(async () => {
    mock = await start(1);
    alice = await login(mock.url, 'alice@acme.test', PASSWORD);
  });

  it('alice, bob, carol and dave log in with parley-demo and hold their workspace roles', async () => {
    const roles: Record<string, string> = {};
    for (const name of ['alice', 'bob', 'carol', 'dave']) {
      const actor = await login(mock.url, `${name}@acme.test`, PASSWORD);
      const token = ok(await gql<{ createWorkspaceInviteLink: { role: string } }>(mock.url, 'query { workspaces { id } }', {}, actor.token));
      expect(token).toBeTruthy();
      roles[name] = actor.id;
    }
    const general = (await conversationsOf(mock.url, alice)).find((c) => c.title === 'general');
    expect(general!.members.length).toBeGreaterThanOrEqual(24);
    expect(general!.members.map((m) => m.username)).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'dave']));
    // Roles show through what each may do: only owners and admins create invite links.
    for (const [name, allowed] of [['alice', true], ['bob', true], ['carol', false], ['dave', false]] as const) {
      const actor = await login(mock.url, `${name}@acme.test`, PASSWORD);
      const workspaceId = ok(await gql<{ workspaces: { id: string; isOwner: boolean }[] }>(mock.url, '{ workspaces { id isOwner } }', {}, actor.token)).workspaces[0]!;
      expect(workspaceId.isOwner).toBe(name === 'alice');
      const link = await gql(mock.url, 'mutation($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: workspaceId.id }, actor.token);
      expect(link.errors === undefined, name).toBe(allowed);
    }
  });

  it('has #general (default, everyone, ~250 messages), #random, private #design (alice, carol) and a DM alice-bob', async () => {
    const conversations = await conversationsOf(mock.url, alice);
    const byTitle = new Map(conversations.map((c) => [c.title, c]));
    expect(byTitle.get('general')).toMatchObject({ type: 'CHANNEL', visibility: 'PUBLIC', isDefault: true, lastMessageSequence: 250 });
    expect(byTitle.get('random')).toMatchObject({ type: 'CHANNEL', visibility: 'PUBLIC', isDefault: false });
    expect(byTitle.get('design')).toMatchObject({ type: 'CHANNEL', visibility: 'PRIVATE' });
    expect(byTitle.get('design')!.members.map((m) => m.username).sort()).toEqual(['alice', 'carol']);
    const dm = conversations.find((c) => c.type === 'DIRECT')!;
    expect(dm.members.map((m) => m.username).sort()).toEqual(['alice', 'bob']);
  });

  it('#general has replies, reactions, a few deleted messages (one of them replied to) and a few attachments', async () => {
    const general = (await conversationsOf(mock.url, alice)).find((c) => c.title === 'general')!;
    const messages = await allMessages(mock.url, alice, general.id);
    expect(messages).toHaveLength(250);
    expect(messages.filter((m) => m.replyToMessageId !== null).length).toBeGreaterThan(10);
    expect(messages.filter((m) => m.reactions.length > 0).length).toBeGreaterThan(10);
    const deleted = messages.filter((m) => m.deletedAt !== null);
    expect(deleted.length).toBeGreaterThanOrEqual(3);
    expect(deleted.every((m) => m.content === null && m.attachments.length === 0)).toBe(true);
    expect(messages.some((m) => m.replyTo?.deletedAt != null && m.replyTo.content === null)).toBe(true);
    expect(messages.filter((m) => m.attachments.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('reads like a team\'s chat: English sentences about work in #general, banter in #random, no lorem ipsum', async () => {
    const conversations = await conversationsOf(mock.url, alice);
    const texts = async (title: string) => {
      const conversation = conversations.find((c) => c.title === title)!;
      return (await allMessages(mock.url, alice, conversation.id)).flatMap((m) => (m.content === null ? [] : [m.content]));
    };
    const general = await texts('general');
    const random = await texts('random');
    for (const text of [...general, ...random]) {
      expect(text.replace(/^(@\w+ )+/, "")).toMatch(/^[A-Za-z].*[.!?]$/);
      expect(text).not.toMatch(/\b(lorem|ipsum|dolor|amet|consectetur)\b/i);
    }
    expect(general.filter((text) => /\b(release|deploy|standup|retro|invoice|onboarding)\b/i.test(text)).length).toBeGreaterThan(20);
    expect(random.some((text) => /\b(lunch|coffee|quiz|hike)\b/i.test(text))).toBe(true);
    expect(new Set(general).size).toBeGreaterThan(150);
  });

  it('the README\'s search for "design" finds a channel, a file, messages and people', async () => {
    const [workspace] = ok(await gql<{ workspaces: { id: string }[] }>(mock.url, '{ workspaces { id } }', {}, alice.token)).workspaces;
    const { workspaceSearch } = ok(
      await gql<{ workspaceSearch: Record<'channels' | 'files' | 'messages' | 'people', unknown[]> }>(
        mock.url,
        'query($w: ID!) { workspaceSearch(workspaceId: $w, input: {query: "design"}) { channels { title } files { fileName } messages { snippet } people { jobTitle } } }',
        { w: workspace!.id },
        alice.token,
      ),
    );
    expect(workspaceSearch.channels).toContainEqual({ title: 'design' });
    expect(workspaceSearch.files).toContainEqual({ fileName: 'design-review-notes.pdf' });
    expect(workspaceSearch.messages.length).toBeGreaterThan(0);
    expect(workspaceSearch.people).toContainEqual({ jobTitle: expect.stringMatching(/design/i) });
  });

  it('the same seed gives the same data; another seed gives other data', async () => {
    const twin = await start(1);
    const other = await start(2);
    const snapshot = async (server: RunningMockServer) => {
      const actor = await login(server.url, 'alice@acme.test', PASSWORD);
      const general = (await conversationsOf(server.url, actor)).find((c) => c.title === 'general')!;
      return { general, messages: await allMessages(server.url, actor, general.id) };
    };
    const [one, two, three] = await Promise.all([snapshot(mock), snapshot(twin), snapshot(other)]);
    expect(two).toEqual(one);
    expect(three.messages.map((m) => m.content)).not.toEqual(one.messages.map((m) => m.content));
  });
});

describe('the demo password hash', () => {
  it('is the scrypt hash of the demo password (a constant, so start-up does not hash)', async () => {
    const { DEMO_PASSWORD, DEMO_PASSWORD_HASH } = await import('../../src/mock-server/demo/logins.js');
    const { webPasswordHasher } = await import('../../src/mock-server/state/accounts/passwords.js');
    const { nodePasswordHasher } = await import('../../src/mock-server/platform/node-passwords.js');
    // Both hashers, the browser's (pure JS) and Node's, read the one format.
    for (const hasher of [nodePasswordHasher, webPasswordHasher]) {
      expect(await hasher.verify(DEMO_PASSWORD, DEMO_PASSWORD_HASH)).toBe(true);
      expect(await hasher.verify(`${DEMO_PASSWORD}!`, DEMO_PASSWORD_HASH)).toBe(false);
    }
  });
});
