import { randomUUID } from 'node:crypto';
import type { FormattedExecutionResult } from 'graphql';
import type { CheckContext } from '../check.js';
import type { SubscriptionResults } from '../realtime/connection.js';
import type { Actor } from '../world.js';
import { dataOf, fail, shown, type Node } from './assert.js';
import { CREATE_CHANNEL, SEND } from './operations.js';

/** Operations and waits shared by the section 6 checks; every request still goes through `ctx`. */

const EVENT_FIELDS = 'id clientMessageId conversationId senderId sequence type content updatedAt deletedAt attachments { id } reactions { emoji userIds }';

export type MessageEventName = 'messageCreated' | 'messageUpdated' | 'messageDeleted';

export function messageSubscription(name: MessageEventName): string {
  return `subscription Parley_${name}($conversationId: ID!) { ${name}(conversationId: $conversationId) { ${EVENT_FIELDS} } }`;
}

/** An event's payload as the checks read it. */
export type EventNode = Pick<Node, 'id' | 'clientMessageId' | 'conversationId' | 'senderId' | 'sequence' | 'type' | 'content' | 'updatedAt' | 'deletedAt' | 'reactions'> & {
  readonly attachments: readonly { readonly id: string }[];
};

/** How many times an action is repeated when no event follows it (a subscribe may register late). */
const ATTEMPTS = 3;

/** A channel of the check's own, A its owner and `members` in it, with nothing sent yet. */
export async function eventChannel(ctx: CheckContext, members: readonly Actor[], visibility: 'PRIVATE' | 'PUBLIC' = 'PRIVATE'): Promise<string> {
  return dataOf<{ id: string }>(
    await ctx.graphql(CREATE_CHANNEL, { input: { workspaceId: ctx.world.workspaceId, title: `events-${ctx.world.runId}-${randomUUID().slice(0, 8)}`, visibility, memberIds: members.map((m) => m.id) } }, ctx.world.a),
    'createChannel',
    'createChannel works (a provisioning operation)',
  ).id;
}

export interface Sent {
  readonly id: string;
  readonly sequence: number;
  readonly clientMessageId: string;
  readonly content: string;
}

export async function sendAs(ctx: CheckContext, actor: Actor, conversationId: string, content: string): Promise<Sent> {
  const clientMessageId = `parley-${randomUUID()}`;
  const sent = dataOf<{ id: string; sequence: number }>(
    await ctx.graphql(SEND, { input: { conversationId, clientMessageId, content } }, actor),
    'sendMessage',
    'sendMessage works (a provisioning operation)',
  );
  return { id: sent.id, sequence: sent.sequence, clientMessageId, content };
}

/** The payload of `field` in one subscription result, or a failure naming what came instead. */
export function payloadOf(result: FormattedExecutionResult, field: MessageEventName, expected: string): EventNode {
  const value = (result.data as Record<string, unknown> | null | undefined)?.[field];
  if (result.errors?.length || value === null || typeof value !== 'object') {
    fail(`a ${field} result came without a payload: ${shown(result)}`, expected);
  }
  return value as EventNode;
}

/**
 * Does `act` and waits for the event it should cause; when none comes within the wait, acts again
 * (up to {@link ATTEMPTS} times), since graphql-ws does not acknowledge a subscribe and a server
 * may start delivering a moment later. Events that match no action so far are kept and shown if
 * the wait fails.
 */
export async function eventAfter<T>(
  ctx: CheckContext,
  results: SubscriptionResults,
  field: MessageEventName,
  act: (attempt: number) => Promise<T>,
  matches: (event: EventNode, acted: readonly T[]) => boolean,
  expected: string,
): Promise<{ event: EventNode; acted: T[]; others: EventNode[] }> {
  const acted: T[] = [];
  const others: EventNode[] = [];
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    acted.push(await act(attempt));
    const deadline = performance.now() + ctx.realtime.eventWaitMs;
    for (;;) {
      const result = await results.next(deadline - performance.now());
      if (!result) break;
      const event = payloadOf(result, field, expected);
      if (matches(event, acted)) return { event, acted, others };
      others.push(event);
    }
    if (results.end) fail(`the ${field} subscription ended before the event came: ${endOf(results)}`, expected);
  }
  const seen = others.length === 0 ? 'no event at all' : `only other events: ${shown(others)}`;
  return fail(`after ${ATTEMPTS} attempts, ${ctx.realtime.eventWaitMs} ms apart, the subscriber received ${seen}`, expected);
}

export function endOf(results: SubscriptionResults): string {
  const end = results.end;
  if (!end) return 'still open';
  return end.kind === 'complete' ? 'the server sent complete' : `the server refused it: ${end.detail}`;
}

/** Fails unless `event` carries `field` equal to `wanted`. */
export function expectField<K extends keyof EventNode>(event: EventNode, field: K, wanted: EventNode[K], expected: string): void {
  if (JSON.stringify(event[field]) !== JSON.stringify(wanted)) {
    fail(`the event's ${String(field)} is ${shown(event[field])}, not ${shown(wanted)}`, expected);
  }
}
