import type { FormattedExecutionResult } from 'graphql';
import type { RealtimeContext } from '../check.js';
import { messageSubscription } from '../checks/realtime-support.js';
import type { SubscriptionResults } from '../realtime/connection.js';
import type { HistoryShape } from './arbitraries.js';
import type { Command, ConversationName } from './commands.js';
import { judgeEvents, type EventName, type Watched } from './events-judge.js';
import { modelRules } from './model-rules.js';
import type { Verdict } from './node-fields.js';
import { Player, type PlayContext, type PlayResult, type WriteMade } from './play.js';
import type { ModelMessage } from './state.js';

/**
 * Plays a history of writes while A and B (members of X) and C (outside the workspace) listen,
 * and B listens to Y too (A's channel, which B is not in). Every subscription is first shown to
 * deliver (a warm-up message sent, edited and deleted in X), since graphql-ws does not
 * acknowledge a subscribe; after the history, an end marker is sent, edited and deleted the same
 * way, so every event of the history has had its chance to arrive. Then everything delivered is
 * held to what was written ({@link judgeEvents}).
 */

export interface EventsContext {
  readonly realtime: RealtimeContext;
}

const EVENTS: readonly EventName[] = ['messageCreated', 'messageUpdated', 'messageDeleted'];

/** How long after the end marker arrived the subscriptions are left open for stragglers. */
const STRAGGLERS_MS = 100;

interface Subscription extends Omit<Watched, 'results'> {
  readonly results: SubscriptionResults;
  /** Results taken off the queue so far (kept, in order). */
  readonly seen: FormattedExecutionResult[];
}

function drain(s: Subscription): void {
  s.seen.push(...s.results.takeAll());
}

function delivered(s: Subscription, id: string): boolean {
  drain(s);
  return s.seen.some((r) => ((r.data as Record<string, { id?: unknown } | null> | null | undefined)?.[s.event] ?? null)?.id === id);
}

/** How often a wait looks at what arrived (polling keeps every subscription's results in arrival order). */
const POLL_MS = 5;

/** Waits until every subscription in `waiting` delivered `id`, or `ms` passed; the ones that did not. */
async function until(waiting: readonly Subscription[], id: string, ms: number): Promise<Subscription[]> {
  const deadline = performance.now() + ms;
  for (;;) {
    const left = waiting.filter((s) => !delivered(s, id) && s.results.end === undefined);
    if (left.length === 0 || performance.now() >= deadline) return waiting.filter((s) => !delivered(s, id));
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Sends a message to X, edits it and deletes it (as A), waiting after each for every member
 * subscription of that event; tries up to three messages, since a subscription may start late.
 */
async function roundTrip(player: Player, subs: readonly Subscription[], label: string, wait: number): Promise<Verdict | null> {
  for (const conversation of [...new Set(subs.filter((s) => s.member).map((s) => s.conversation))]) {
    const members = subs.filter((s) => s.member && s.conversation === conversation);
    for (const event of EVENTS) {
      let missing = members.filter((s) => s.event === event);
      for (let attempt = 1; attempt <= 3 && missing.length > 0; attempt++) {
        const message = await markerMessage(player, conversation, event, `${label} ${attempt}`);
        if (!message) return null;
        missing = await until(missing, message.id, wait);
      }
      if (missing.length > 0) {
        const s = missing[0]!;
        const end = s.results.end ? ` (the subscription ended: ${s.results.end.kind === 'complete' ? 'complete' : s.results.end.detail})` : '';
        return { rule: { messageCreated: modelRules.eventCreated, messageUpdated: modelRules.eventUpdated, messageDeleted: modelRules.eventDeleted }[event], reason: `${s.who}'s ${event}(${conversation}) delivered nothing for the ${label} after 3 tries, ${wait} ms each${end}`, expected: `${s.who} is a member of ${conversation} and subscribed to ${event}` };
      }
    }
  }
  return null;
}

/** The message a marker step acts on: a new one for messageCreated, else the last one sent and then edited or deleted. */
async function markerMessage(player: Player, conversation: ConversationName, event: EventName, label: string): Promise<ModelMessage | null> {
  const sent = await player.extra({ kind: 'send', as: 'A', in: conversation, content: label, clientMessageId: `marker-${label.replace(/\W+/g, '-')}` });
  if (!sent.message || event === 'messageCreated') return sent.message;
  // A's newest live message is the one just sent.
  const edited = await player.extra({ kind: 'edit', as: 'A', in: conversation, target: { pick: -1 }, content: `${label}, edited` });
  if (event === 'messageUpdated') return edited.message;
  const deleted = await player.extra({ kind: 'delete', as: 'A', in: conversation, target: { pick: -1 } });
  return deleted.message;
}

export async function playEvents(ctx: PlayContext & EventsContext, shape: HistoryShape, commands: readonly Command[]): Promise<PlayResult> {
  let ready = false;
  const writes: WriteMade[] = [];
  const contents = new Map<string, string[]>();
  const player = new Player(ctx, {
    attachments: shape.attachments,
    conversations: ['X', 'Y', 'Z'],
    onWrite: (write) => {
      if (write.kind === 'send' || write.kind === 'edit') contents.set(write.message.id, [...(contents.get(write.message.id) ?? []), write.message.content]);
      if (ready) writes.push(write);
    },
  });
  await player.setUp();
  const { world } = ctx;
  const listeners: { who: 'A' | 'B' | 'C'; conversation: ConversationName; member: boolean }[] = [
    { who: 'A', conversation: 'X', member: true },
    { who: 'B', conversation: 'X', member: true },
    // On the same connection as B's subscriptions to X: a server must route by conversation, not by socket.
    { who: 'B', conversation: 'Z', member: true },
    { who: 'B', conversation: 'Y', member: false },
    ...(world.c ? [{ who: 'C' as const, conversation: 'X' as const, member: false }] : []),
  ];
  const subs: Subscription[] = [];
  // Every credential the suite holds that is no access token, where the socket takes one.
  const strangers: { who: string; credential: { authorization: string; variable?: string } }[] = [
    ...(world.a.refreshToken ? [{ who: "A's refresh token", credential: { authorization: `Bearer ${world.a.refreshToken}`, variable: 'REFRESH_TOKEN_A' } }] : []),
    { who: 'a forged token', credential: { authorization: 'Bearer parley-not-a-token' } },
  ];
  const finish = (verdict: Verdict | null): PlayResult => ({ steps: player.history, failure: verdict ? { ...verdict, step: player.history.length, exchange: undefined } : null });
  const setUp = await player.note(`A and B subscribe to X's message events, B to Z's and to Y's (not a member)${world.c ? ", C to X's (outside the workspace)" : ''}, and ${strangers.map((s) => s.who).join(' and ')} try to`, async () => {
    const connections = new Map<string, Awaited<ReturnType<RealtimeContext['connect']>>>();
    for (const who of ['A', 'B', ...(world.c ? ['C'] : [])] as const) connections.set(who, await ctx.realtime.connect(who === 'A' ? world.a : who === 'B' ? world.b! : world.c!));
    for (const { who, conversation, member } of listeners) {
      for (const event of EVENTS) {
        const results = connections.get(who)!.subscribe(messageSubscription(event), { conversationId: player.idOf(conversation) });
        subs.push({ who, event, conversation, member, results, seen: [] });
      }
    }
    for (const { who, credential } of strangers) {
      // Refused is right; acknowledged, it must still deliver nothing.
      const connection = await ctx.realtime.tryConnect(who === 'a forged token' ? 'forged' : 'A-refresh', credential);
      for (const event of connection ? EVENTS : []) {
        subs.push({ who, event, conversation: 'X', member: false, unauthenticated: true, results: connection!.subscribe(messageSubscription(event), { conversationId: player.idOf('X') }), seen: [] });
      }
    }
    return roundTrip(player, subs, 'warm-up', ctx.realtime.eventWaitMs);
  });
  if (setUp) return finish(setUp);
  ready = true;
  const played = await player.play(commands);
  if (played.failure) return played;
  ready = false;
  const verdict = await player.note('A sends, edits and deletes an end marker in X; everyone listens until it arrives', async () => {
    const late = await roundTrip(player, subs, 'end marker', ctx.realtime.eventWaitMs);
    if (late) return late;
    await new Promise((resolve) => setTimeout(resolve, STRAGGLERS_MS));
    subs.forEach(drain);
    const ids = new Map((['X', 'Y', 'Z'] as const).map((name) => [name, player.idOf(name)]));
    return judgeEvents({ watched: subs.map((s) => ({ ...s, results: s.seen })), writes, contents, state: player.model, ids });
  });
  return finish(verdict);
}

