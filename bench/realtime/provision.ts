import { randomBytes } from 'node:crypto';
import type { GraphQLPoster } from './http.js';

/** Who sends and who listens, and where. */
export interface Audience {
  readonly conversationId: string;
  /** `Bearer <token>` of the sender (Parley: the workspace owner, also one of the listeners). */
  readonly sender: string | undefined;
  /** `Bearer <token>` per listening user; socket i authenticates as user i mod users. */
  readonly listeners: readonly (string | undefined)[];
}

/** The anchors have no accounts and no membership: one conversation id, no tokens. */
export const ANCHOR_AUDIENCE: Audience = { conversationId: 'bench', sender: undefined, listeners: [undefined] };

const PASSWORD = 'realtime-bench-password';

const post = (poster: GraphQLPoster, query: string, variables: Record<string, unknown>, authorization?: string) =>
  poster.post<Record<string, unknown>>(JSON.stringify({ query, variables }), authorization);

/** Registers and logs in one account; returns `Bearer <accessToken>`. */
async function account(poster: GraphQLPoster, tag: string, i: number): Promise<string> {
  const email = `rt-${tag}-${i}@bench.test`;
  await post(poster, 'mutation Register($input: RegisterInput!) { register(input: $input) }', {
    input: { email, password: PASSWORD, username: `rt_${tag}_${i}`, displayName: `Realtime ${i}` },
  });
  const data = await post(poster, 'mutation Login($input: LoginInput!) { login(input: $input) { accessToken } }', { input: { email, password: PASSWORD } });
  return `Bearer ${(data['login'] as { accessToken: string }).accessToken}`;
}

/**
 * Parley, over its public API only: `users` accounts (register and login are two scrypt runs
 * each on the server, so a handful of users share the 1,000 sockets rather than 1,000 accounts),
 * a workspace the first one creates, an invite link the others join with, and its default
 * channel `general`, which every member is in. Names carry a random tag, so each round
 * provisions afresh on the same server and starts from an empty conversation.
 */
export async function provisionParley(poster: GraphQLPoster, users: number): Promise<Audience> {
  const tag = randomBytes(4).toString('hex');
  const listeners = await Promise.all(Array.from({ length: users }, (_, i) => account(poster, tag, i)));
  const owner = listeners[0]!;
  const created = await post(poster, 'mutation Create($input: CreateWorkspaceInput!) { createWorkspace(input: $input) { id } }', {
    input: { name: `Realtime ${tag}`, slug: `rt-${tag}` },
  }, owner);
  const workspaceId = (created['createWorkspace'] as { id: string }).id;
  const link = await post(poster, 'mutation Invite($w: ID!) { createWorkspaceInviteLink(workspaceId: $w, role: MEMBER) { token } }', { w: workspaceId }, owner);
  const token = (link['createWorkspaceInviteLink'] as { token: string }).token;
  await Promise.all(listeners.slice(1).map((member) => post(poster, 'mutation Join($t: String!) { joinWorkspace(token: $t) { id } }', { t: token }, member)));
  const listing = await post(poster, 'query Conversations($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', { w: workspaceId }, owner);
  const general = (listing['conversations'] as { nodes: { id: string; title: string }[] }).nodes.find((c) => c.title === 'general');
  if (!general) throw new Error(`the new workspace ${workspaceId} has no conversation titled general`);
  return { conversationId: general.id, sender: owner, listeners };
}
