import { expect } from 'vitest';
import { gql, ok } from '../../support/client.js';
import type { Actor } from '../../support/world.js';

/** Queries and readers shared by the notification tests. */

export interface NotificationNode {
  readonly id: string;
  readonly type: string;
  readonly category: string;
  readonly actor: { id: string } | null;
  readonly conversation: { id: string } | null;
  readonly workspace: { id: string } | null;
  readonly messageId: string | null;
  readonly snippet: string | null;
  readonly createdAt: string;
  readonly readAt: string | null;
}

export interface NotificationPage {
  readonly nodes: NotificationNode[];
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

export interface Summary {
  readonly total: number;
  readonly unread: number;
  readonly unreadMeetings: number;
  readonly unreadMentions: number;
  readonly unreadSystem: number;
}

export const PAGE = 'query($a: String, $f: Int!) { notifications(after: $a, first: $f) { nodes { id type category actor { id } conversation { id } workspace { id } messageId snippet createdAt readAt } endCursor hasNextPage } }';
export const SUMMARY = '{ notificationSummary { total unread unreadMeetings unreadMentions unreadSystem } }';
export const ACTIVITY = '{ notificationActivity { date mentions replied } }';

export async function pageOf(url: string, actor: Actor, first = 30, after: string | null = null): Promise<NotificationPage> {
  return ok(await gql<{ notifications: NotificationPage }>(url, PAGE, { a: after, f: first }, actor.token)).notifications;
}

/** Every notification of `actor`, newest first, walked page by page. */
export async function allOf(url: string, actor: Actor): Promise<NotificationNode[]> {
  const nodes: NotificationNode[] = [];
  let after: string | null = null;
  for (;;) {
    const page: NotificationPage = await pageOf(url, actor, 100, after);
    nodes.push(...page.nodes);
    if (!page.hasNextPage) return nodes;
    expect(page.endCursor).not.toBeNull();
    after = page.endCursor;
  }
}

export async function summaryOf(url: string, actor: Actor): Promise<Summary> {
  return ok(await gql<{ notificationSummary: Summary }>(url, SUMMARY, {}, actor.token)).notificationSummary;
}

export async function usernameOf(url: string, actor: Actor): Promise<string> {
  return ok(await gql<{ me: { username: string } }>(url, '{ me { username } }', {}, actor.token)).me.username;
}

export async function mute(url: string, actor: Actor, conversationId: string, muted = true): Promise<void> {
  ok(await gql(url, 'mutation($c: ID!, $m: Boolean!) { setConversationMuted(conversationId: $c, muted: $m) { muted } }', { c: conversationId, m: muted }, actor.token));
}
