import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import type { MockConversation, MockUser, MockWorkspace } from '../../src/mock-server/facade/mock-data.js';
import { gql, ok } from '../support/client.js';
import { acknowledged, connectSocket } from '../support/socket.js';

// The console's read-only dev routes (/dev/state, /dev/messages, /dev/members, /dev/files,
// /dev/notifications, /dev/search) and acting as anyone (/dev/sessions), through the real server.

let mock: RunningMockServer;
let ada: MockUser;
let bob: MockUser;
let workspace: MockWorkspace;
let channel: MockConversation;
const sent: string[] = [];

beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
  ada = await mock.data.createUser({ username: 'Ada', displayName: 'Ada L' });
  bob = await mock.data.createUser({ username: 'bob' });
  workspace = await mock.data.createWorkspace({ name: 'Acme', owner: 'ada', slug: 'acme' });
  await mock.data.addToWorkspace({ workspace: 'acme', user: 'bob' });
  channel = await mock.data.createChannel({ workspace: 'acme', name: 'ops', by: 'ada', members: ['bob'] });
  for (let i = 1; i <= 5; i++) sent.push((await mock.data.sendMessage({ conversation: channel.id, by: i % 2 ? 'ada' : 'bob', content: `note ${i} about Kettles` })).id);
});
afterAll(() => mock.close());

async function get<T>(path: string, status = 200): Promise<T> {
  const response = await fetch(`${mock.origin}${path}`);
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

interface ErrorBody {
  errors: { message: string; extensions: { code: string; field?: string } }[];
}

async function refused(path: string, status: number, code: string, field: string, init?: RequestInit): Promise<void> {
  const response = await fetch(`${mock.origin}${path}`, init);
  const body = (await response.json()) as ErrorBody;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.errors[0]!.extensions).toEqual({ code, field });
}

describe('GET /dev/state', () => {
  it('lists users, workspaces with members and conversations, and counts', async () => {
    const state = await get<{
      users: { id: string; username: string; displayName: string; email: string; online: boolean }[];
      workspaces: { id: string; slug: string; members: unknown[]; conversations: { id: string; title: string | null; memberIds: string[]; lastSequence: number | null; messageCount: number }[] }[];
      counts: Record<string, number>;
      truncated?: boolean;
    }>('/dev/state');
    expect(state.users).toEqual([
      { id: ada.id, username: 'Ada', displayName: 'Ada L', email: 'ada@example.test', online: false },
      { id: bob.id, username: 'bob', displayName: 'bob', email: 'bob@example.test', online: false },
    ]);
    expect(state.workspaces).toHaveLength(1);
    expect(state.workspaces[0]).toMatchObject({ id: workspace.id, slug: 'acme', members: [{ userId: ada.id, role: 'OWNER' }, { userId: bob.id, role: 'MEMBER' }] });
    const ops = state.workspaces[0]!.conversations.find((each) => each.id === channel.id);
    expect(ops).toEqual({ id: channel.id, type: 'CHANNEL', visibility: 'PUBLIC', title: 'ops', memberIds: [ada.id, bob.id], lastSequence: 5, messageCount: 5 });
    expect(state.counts).toMatchObject({ users: 2, workspaces: 1, messages: 5, files: 0 });
    expect(state.counts['conversations']).toBe(state.workspaces[0]!.conversations.length);
    expect(state.truncated).toBeUndefined();
    // No secret of the state is part of it.
    expect(JSON.stringify(state)).not.toMatch(/password|scrypt|token/i);
  });
});

describe('GET /dev/state: online', () => {
  it('is true while the user holds an authenticated WebSocket, false once it closes', async () => {
    const online = async () => ((await get<{ users: { username: string; online: boolean }[] }>('/dev/state')).users.find((user) => user.username === 'bob')!.online);
    const { accessToken } = await mock.data.signIn('bob');
    const socket = connectSocket(mock.wsUrl, { authorization: `Bearer ${accessToken}` });
    await acknowledged(socket);
    expect(await online()).toBe(true);
    await socket.dispose();
    await expect.poll(online).toBe(false);
  });
});

describe('GET /dev/messages', () => {
  type Page = { conversationId: string; messages: { id: string; sequence: number; authorUsername: string; content: string | null; deleted: boolean; editedAt: string | null; reactions: unknown[] }[]; hasMore: boolean };

  it('pages newest first with before and limit', async () => {
    const first = await get<Page>(`/dev/messages?conversation=${channel.id}&limit=2`);
    expect(first.messages.map((message) => message.sequence)).toEqual([5, 4]);
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]).toMatchObject({ id: sent[4], authorUsername: 'Ada', content: 'note 5 about Kettles', deleted: false, editedAt: null, reactions: [] });
    const back = await get<Page>(`/dev/messages?conversation=${channel.id}&before=4&limit=50`);
    expect(back.messages.map((message) => message.sequence)).toEqual([3, 2, 1]);
    expect(back.hasMore).toBe(false);
  });

  it('lists a deleted message with deleted: true and content null, and shows edits and reactions', async () => {
    const { accessToken } = await mock.data.signIn('bob');
    ok(await gql(mock.url, 'mutation($id: ID!) { deleteMessage(id: $id) { id } }', { id: sent[3] }, accessToken));
    ok(await gql(mock.url, 'mutation($id: ID!) { addReaction(messageId: $id, emoji: "👍") { id } }', { id: sent[2] }, accessToken));
    const page = await get<Page>(`/dev/messages?conversation=${channel.id}&limit=2`);
    expect(page.messages[1]).toMatchObject({ sequence: 4, deleted: true, content: null });
    const third = (await get<Page>(`/dev/messages?conversation=${channel.id}&before=4&limit=1`)).messages[0]!;
    expect(third.reactions).toEqual([{ emoji: '👍', userIds: [bob.id] }]);
  });

  it('refuses a missing or unknown conversation and a bad limit or before, naming the field', async () => {
    await refused('/dev/messages', 400, 'BAD_USER_INPUT', 'conversation');
    await refused('/dev/messages?conversation=nope', 404, 'NOT_FOUND', 'conversation');
    await refused(`/dev/messages?conversation=${channel.id}&limit=101`, 400, 'BAD_USER_INPUT', 'limit');
    await refused(`/dev/messages?conversation=${channel.id}&limit=0`, 400, 'BAD_USER_INPUT', 'limit');
    await refused(`/dev/messages?conversation=${channel.id}&before=-1`, 400, 'BAD_USER_INPUT', 'before');
  });
});

describe('GET /dev/members, /dev/files, /dev/notifications, /dev/search', () => {
  it('lists a workspace\'s members by id or slug', async () => {
    const bySlug = await get<{ workspaceId: string; members: unknown[] }>('/dev/members?workspace=acme');
    expect(bySlug).toEqual({
      workspaceId: workspace.id,
      members: [
        { userId: ada.id, username: 'Ada', displayName: 'Ada L', role: 'OWNER', department: null },
        { userId: bob.id, username: 'bob', displayName: 'bob', role: 'MEMBER', department: null },
      ],
    });
    expect(await get(`/dev/members?workspace=${workspace.id}`)).toEqual(bySlug);
    await refused('/dev/members?workspace=nope', 404, 'NOT_FOUND', 'workspace');
  });

  it('lists a workspace\'s files', async () => {
    expect(await get('/dev/files?workspace=acme')).toEqual({ workspaceId: workspace.id, files: [] });
    await refused('/dev/files', 400, 'BAD_USER_INPUT', 'workspace');
  });

  it('lists a user\'s notifications, by username in any case', async () => {
    const reply = await mock.data.sendMessage({ conversation: channel.id, by: 'bob', content: 'reply to Ada', replyTo: sent[0] });
    const body = await get<{ userId: string; notifications: { kind: string; read: boolean; messageId: string | null }[] }>('/dev/notifications?user=ADA');
    expect(body.userId).toBe(ada.id);
    expect(body.notifications[0]).toMatchObject({ read: false, messageId: reply.id });
    await refused('/dev/notifications?user=nobody', 404, 'NOT_FOUND', 'user');
  });

  it('searches message text in every workspace, any case, newest first', async () => {
    const body = await get<{ query: string; results: { workspaceId: string; conversationId: string; message: { sequence: number } }[] }>('/dev/search?q=kettles&limit=2');
    expect(body.query).toBe('kettles');
    // Message 4 was deleted: it no longer matches.
    expect(body.results.map((result) => result.message.sequence)).toEqual([5, 3]);
    expect(body.results[0]).toMatchObject({ workspaceId: workspace.id, conversationId: channel.id });
    await refused('/dev/search?q=', 400, 'BAD_USER_INPUT', 'q');
    await refused(`/dev/search?q=${'x'.repeat(201)}`, 400, 'BAD_USER_INPUT', 'q');
  });
});

describe('POST /dev/sessions: act as anyone', () => {
  const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('opens a real session for a user by username, and its token acts as them over GraphQL', async () => {
    const response = await fetch(`${mock.origin}/dev/sessions`, post({ user: 'BOB' }));
    expect(response.status).toBe(201);
    const session = (await response.json()) as { userId: string; username: string; accessToken: string; refreshToken: string; graphiqlUrl: string };
    expect(session).toMatchObject({ userId: bob.id, username: 'bob' });
    expect(session.graphiqlUrl).toBe(`/graphql#token=${encodeURIComponent(session.accessToken)}`);
    const me = ok(await gql<{ me: { id: string } }>(mock.url, '{ me { id } }', {}, session.accessToken));
    expect(me.me.id).toBe(bob.id);
    // Every rule holds: bob cannot edit Ada's message.
    const edit = await gql(mock.url, 'mutation($id: ID!) { editMessage(id: $id, content: "x") { id } }', { id: sent[0] }, session.accessToken);
    expect(edit.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses an unknown user (404, field user) and a body without one (400)', async () => {
    await refused('/dev/sessions', 404, 'NOT_FOUND', 'user', post({ user: 'nobody' }));
    await refused('/dev/sessions', 400, 'BAD_USER_INPUT', 'user', post({}));
    await refused('/dev/sessions', 400, 'BAD_USER_INPUT', 'user', post({ user: 42 }));
    const wrongMethod = await fetch(`${mock.origin}/dev/sessions`);
    expect(wrongMethod.status).toBe(405);
  });
});
