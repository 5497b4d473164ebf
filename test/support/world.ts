import { randomUUID } from 'node:crypto';
import { gql, ok } from './client.js';

/**
 * Builds the conformance world through the public API only: A owns a workspace and a private
 * channel; B is in the workspace but not in that channel; C is in no workspace of A's.
 */

export interface Actor {
  readonly id: string;
  readonly email: string;
  readonly password: string;
  readonly token: string;
  readonly refreshToken: string;
}

export interface SentMessage {
  readonly id: string;
  readonly sequence: number;
  readonly clientMessageId: string;
}

const PASSWORD = 'correct horse battery';

export async function registerActor(url: string, name: string): Promise<Actor> {
  const suffix = randomUUID().slice(0, 8);
  const email = `${name}-${suffix}@example.test`;
  ok(
    await gql(url, 'mutation($input: RegisterInput!) { register(input: $input) }', {
      input: { displayName: name, email, password: PASSWORD, username: `${name}_${suffix}` },
    }),
  );
  return login(url, email, PASSWORD);
}

export async function login(url: string, email: string, password: string): Promise<Actor> {
  const data = ok(
    await gql<{ login: { accessToken: string; refreshToken: string; user: { id: string } } }>(
      url,
      'mutation($input: LoginInput!) { login(input: $input) { accessToken refreshToken user { id } } }',
      { input: { email, password } },
    ),
  );
  return { id: data.login.user.id, email, password, token: data.login.accessToken, refreshToken: data.login.refreshToken };
}

export async function createWorkspace(url: string, owner: Actor): Promise<string> {
  const slug = `w-${randomUUID().slice(0, 12)}`;
  const data = ok(
    await gql<{ createWorkspace: { id: string } }>(url, 'mutation($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }', { input: { name: 'Test', slug } }, owner.token),
  );
  return data.createWorkspace.id;
}

/** `joiner` joins the workspace with `role` through an invite link that `owner` (an owner or admin) creates. */
export async function joinWorkspace(url: string, owner: Actor, workspaceId: string, joiner: Actor, role: 'ADMIN' | 'MEMBER' | 'GUEST' = 'MEMBER'): Promise<void> {
  const link = ok(
    await gql<{ createWorkspaceInviteLink: { token: string } }>(url, 'mutation($w: ID!, $r: WorkspaceRole!) { createWorkspaceInviteLink(workspaceId: $w, role: $r) { token } }', { w: workspaceId, r: role }, owner.token),
  );
  ok(await gql(url, 'mutation($t: String!) { joinWorkspace(token: $t) { id } }', { t: link.createWorkspaceInviteLink.token }, joiner.token));
}

export async function createChannel(url: string, owner: Actor, workspaceId: string, visibility: 'PUBLIC' | 'PRIVATE', memberIds: string[] = []): Promise<string> {
  const data = ok(
    await gql<{ createChannel: { id: string } }>(
      url,
      'mutation($input: CreateChannelInput!) { createChannel(input: $input) { id } }',
      { input: { workspaceId, title: `c-${randomUUID().slice(0, 8)}`, visibility, memberIds } },
      owner.token,
    ),
  );
  return data.createChannel.id;
}

export const SEND = `mutation($input: SendMessageInput!) {
  sendMessage(input: $input) { id sequence clientMessageId }
}`;

export async function send(url: string, sender: Actor, conversationId: string, content: string, extra: Record<string, unknown> = {}): Promise<SentMessage> {
  const data = ok(
    await gql<{ sendMessage: SentMessage }>(url, SEND, { input: { conversationId, clientMessageId: randomUUID(), content, ...extra } }, sender.token),
  );
  return data.sendMessage;
}

/** Sends `count` messages one after another and returns them in the order sent. */
export async function sendMany(url: string, sender: Actor, conversationId: string, count: number, prefix = 'm'): Promise<SentMessage[]> {
  const sent: SentMessage[] = [];
  for (let i = 1; i <= count; i++) sent.push(await send(url, sender, conversationId, `${prefix} ${i}`));
  return sent;
}

export interface World {
  readonly url: string;
  readonly a: Actor;
  readonly b: Actor;
  readonly c: Actor;
  readonly workspaceId: string;
  /** A's private channel: A only. */
  readonly privateChannelId: string;
}

export async function buildWorld(url: string): Promise<World> {
  const [a, b, c] = await Promise.all([registerActor(url, 'a'), registerActor(url, 'b'), registerActor(url, 'c')]);
  const workspaceId = await createWorkspace(url, a);
  await joinWorkspace(url, a, workspaceId, b);
  const privateChannelId = await createChannel(url, a, workspaceId, 'PRIVATE');
  return { url, a, b, c, workspaceId, privateChannelId };
}
