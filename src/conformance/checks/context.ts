import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../check.js';
import type { Exchange } from '../types.js';
import type { Actor } from '../world.js';
import { CREATE_CHANNEL, MESSAGES, READ_MARKERS, SEND, SINCE } from './operations.js';
import { dataOf, pageOf, type Page } from './assert.js';

/** Small conveniences shared by the checks; every request still goes through `ctx.graphql`. */

export async function messagesPage(ctx: CheckContext, variables: Record<string, unknown>, expected: string, as: Actor = ctx.world.a): Promise<Page> {
  return pageOf(await ctx.graphql(MESSAGES, variables, as), 'messages', expected);
}

export async function sincePage(ctx: CheckContext, variables: Record<string, unknown>, expected: string, as: Actor = ctx.world.a): Promise<Page> {
  return pageOf(await ctx.graphql(SINCE, variables, as), 'messagesSince', expected);
}

/** A private channel of the check's own (isolated from the provisioned ones), with `count` messages from A. */
export async function freshChannel(ctx: CheckContext, count: number, memberIds: string[] = []): Promise<{ id: string; sequences: number[] }> {
  const expected = 'createChannel and sendMessage work (they are provisioning operations)';
  const created = dataOf<{ id: string }>(
    await ctx.graphql(CREATE_CHANNEL, { input: { workspaceId: ctx.world.workspaceId, title: `check-${ctx.world.runId}-${randomUUID().slice(0, 8)}`, visibility: 'PRIVATE', memberIds } }, ctx.world.a),
    'createChannel',
    expected,
  );
  const sequences: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = dataOf<{ sequence: number }>(await ctx.graphql(SEND, { input: { conversationId: created.id, clientMessageId: `parley-${randomUUID()}`, content: `m${i}` } }, ctx.world.a), 'sendMessage', expected);
    sequences.push(sent.sequence);
  }
  return { id: created.id, sequences };
}

/** A read marker as one `conversation` query showed it, with that query's exchange for a verdict to name. */
export interface ReadMarker {
  readonly sequence: number;
  readonly exchange: Exchange;
}

/** The `lastReadSequence` of `member` in a conversation, read with the `conversation` query. */
export async function readMarker(ctx: CheckContext, conversationId: string, member: Actor): Promise<ReadMarker> {
  const exchange = await ctx.graphql(READ_MARKERS, { id: conversationId }, member);
  const view = dataOf<{ members: { userId: string; lastReadSequence: number }[] }>(exchange, 'conversation', 'the conversation query shows members with their lastReadSequence');
  const sequence = view.members.find((m) => m.userId === member.id)?.lastReadSequence;
  if (typeof sequence !== 'number') throw new Error(`the conversation does not list ${member.name} among its members`);
  return { sequence, exchange };
}
