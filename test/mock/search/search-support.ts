import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { gql, ok, type GraphQLResponse } from '../../support/client.js';
import type { Actor } from '../../support/world.js';

export const SEARCH = `query($w: ID!, $i: WorkspaceSearchInput!) { workspaceSearch(workspaceId: $w, input: $i) {
  channels { id title description visibility memberCount isMember }
  files { id kind fileName contentType size createdAt deletedAt uploaderId uploaderName conversationId conversationTitle canManage visibility }
  messages { id conversationId conversationLabel conversationType senderName snippet createdAt }
  people { userId username displayName email avatarUrl jobTitle role isOnline }
} }`;

export interface Results {
  readonly channels: { id: string; title: string; description: string | null; visibility: string; memberCount: number; isMember: boolean }[];
  readonly files: { id: string; kind: string; fileName: string; deletedAt: string | null; conversationId: string | null; createdAt: string }[];
  readonly messages: { id: string; conversationId: string; conversationLabel: string; conversationType: string; senderName: string; snippet: string; createdAt: string }[];
  readonly people: { userId: string; username: string; displayName: string; email: string; role: string; isOnline: boolean; jobTitle: string | null }[];
}

/** A word nobody else uses: letters then hex digits, one search word. */
export const uniqueWord = (stem = 'zq') => `${stem}${randomUUID().replace(/-/g, '').slice(0, 10)}`;

export function searchRaw(mock: RunningMockServer, actor: Actor | null, workspaceId: string, input: Record<string, unknown>): Promise<GraphQLResponse<{ workspaceSearch: Results }>> {
  return gql<{ workspaceSearch: Results }>(mock.url, SEARCH, { w: workspaceId, i: input }, actor?.token);
}

export async function search(mock: RunningMockServer, actor: Actor, workspaceId: string, input: Record<string, unknown>): Promise<Results> {
  return ok(await searchRaw(mock, actor, workspaceId, input)).workspaceSearch;
}

/** Sends a message with a file attached (createUploadUrl, PUT, sendMessage) and returns the message id. */
export async function sendWithFile(mock: RunningMockServer, sender: Actor, conversationId: string, fileName: string): Promise<string> {
  const { createUploadUrl } = ok(
    await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(mock.url, 'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }', { i: { contentType: 'text/plain', scope: 'PRIVATE', fileName } }, sender.token),
  );
  expect((await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body: new TextEncoder().encode('hello') })).status).toBe(200);
  const { sendMessage } = ok(
    await gql<{ sendMessage: { id: string } }>(mock.url, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { id } }', {
      i: { conversationId, clientMessageId: randomUUID(), content: 'see attached', attachments: [{ key: createUploadUrl.key, fileName, contentType: 'text/plain', size: 5 }] },
    }, sender.token),
  );
  return sendMessage.id;
}

export async function namedChannel(mock: RunningMockServer, owner: Actor, workspaceId: string, title: string, visibility: 'PUBLIC' | 'PRIVATE', extra: Record<string, unknown> = {}): Promise<string> {
  const { createChannel } = ok(
    await gql<{ createChannel: { id: string } }>(mock.url, 'mutation($i: CreateChannelInput!) { createChannel(input: $i) { id } }', { i: { workspaceId, title, visibility, ...extra } }, owner.token),
  );
  return createChannel.id;
}

export async function directConversation(mock: RunningMockServer, actor: Actor, workspaceId: string, participantId: string): Promise<string> {
  const { createDirectConversation } = ok(
    await gql<{ createDirectConversation: { id: string } }>(mock.url, 'mutation($w: ID!, $p: ID!) { createDirectConversation(workspaceId: $w, participantId: $p) { id } }', { w: workspaceId, p: participantId }, actor.token),
  );
  return createDirectConversation.id;
}
