import type { FormattedExecutionResult } from 'graphql';
import type { ConversationName } from './commands.js';
import { modelRules, type ModelRule } from './model-rules.js';
import { visible, type Verdict } from './node-fields.js';
import type { WriteMade } from './play.js';
import { messageById, type ModelMessage, type ModelState } from './state.js';

/**
 * Holds what each subscription delivered to what the history wrote. Pure. A member's
 * subscription must carry every send, edit and delete of its conversation made after it was
 * ready, each as the queries show the message; nobody's carries a change of another
 * conversation, and a non-member's carries nothing. Left open, so never judged: the order of
 * events, a change announced twice, messageUpdated for a reaction (a member may receive it), and
 * whether a non-member's subscribe is refused or left silent.
 */

export type EventName = 'messageCreated' | 'messageUpdated' | 'messageDeleted';

export interface Watched {
  /** Who listens: `A`, `B`, `C`, or a credential that is no access token (`A's refresh token`). */
  readonly who: string;
  readonly event: EventName;
  readonly conversation: ConversationName;
  readonly member: boolean;
  /** Listening with something that is no access token: nothing may arrive. */
  readonly unauthenticated?: boolean;
  /** Every result the subscription delivered, in order. */
  readonly results: readonly FormattedExecutionResult[];
}

export interface EventsToJudge {
  readonly watched: readonly Watched[];
  /** Acknowledged writes made after every member subscription was ready (the warm-up delivered). */
  readonly writes: readonly WriteMade[];
  /** Every content each message had, as sent and as edited. */
  readonly contents: ReadonlyMap<string, readonly string[]>;
  readonly state: ModelState;
  readonly ids: ReadonlyMap<ConversationName, string>;
}

const ruleOf: Record<EventName, ModelRule> = { messageCreated: modelRules.eventCreated, messageUpdated: modelRules.eventUpdated, messageDeleted: modelRules.eventDeleted };

interface Payload {
  readonly id?: unknown;
  readonly sequence?: unknown;
  readonly clientMessageId?: unknown;
  readonly senderId?: unknown;
  readonly conversationId?: unknown;
  readonly content?: unknown;
  readonly deletedAt?: unknown;
  readonly attachments?: readonly unknown[];
}

function payloadOf(result: FormattedExecutionResult, event: EventName): Payload | null {
  const value = (result.data as Record<string, unknown> | null | undefined)?.[event];
  return value !== null && typeof value === 'object' ? (value as Payload) : null;
}

function verdict(rule: ModelRule, reason: string): Verdict {
  return { rule, reason, expected: rule.text };
}

const named = (w: Watched) => `${w.who}'s ${w.event}(${w.conversation})`;

/** What one delivered payload must be, for the message the model knows by its id. */
function payloadVerdict(w: Watched, payload: Payload, message: ModelMessage, input: EventsToJudge): Verdict | null {
  const rule = ruleOf[w.event];
  const who = `${named(w)} delivered the message of sequence ${message.sequence}`;
  if (payload.sequence !== message.sequence) return verdict(w.event === 'messageDeleted' ? modelRules.sequenceKept : rule, `${who} with sequence ${visible(payload.sequence)}`);
  if (payload.conversationId !== undefined && payload.conversationId !== input.ids.get(message.conversation)) return verdict(modelRules.eventScope, `${who} with conversationId ${visible(payload.conversationId)}`);
  if (payload.clientMessageId !== undefined && message.known && payload.clientMessageId !== message.clientMessageId) return verdict(rule, `${who} with clientMessageId ${visible(payload.clientMessageId)}, not ${visible(message.clientMessageId)}`);
  if (payload.senderId !== undefined && payload.senderId !== message.senderId) return verdict(rule, `${who} with senderId ${visible(payload.senderId)}`);
  const contents = input.contents.get(message.id) ?? [message.content];
  if (w.event === 'messageDeleted') {
    if (payload.deletedAt === null || payload.deletedAt === undefined) return verdict(rule, `${who} with deletedAt ${visible(payload.deletedAt)}`);
    if (payload.content !== null) return verdict(modelRules.softDeleted, `${who} deleted, with content ${visible(payload.content)}`);
    if ((payload.attachments?.length ?? 0) > 0) return verdict(modelRules.softDeleted, `${who} deleted, with ${payload.attachments!.length} attachment(s)`);
    return null;
  }
  // Delivered later than the change, a payload may already show a later edit, or the delete.
  if (payload.content !== null && !contents.includes(payload.content as string)) {
    return verdict(rule, `${who} with content ${visible(payload.content)}; the message only ever held ${visible(contents)}`);
  }
  return null;
}

function deliveredFor(w: Watched, id: string): Payload[] {
  return w.results.map((r) => payloadOf(r, w.event)).filter((p): p is Payload => p !== null && p.id === id);
}

/** Every acknowledged change of the watched conversation made while it listened, delivered. */
function completeness(w: Watched, input: EventsToJudge): Verdict | null {
  const mine = input.writes.filter((write) => write.conversation === w.conversation);
  const rule = ruleOf[w.event];
  if (w.event === 'messageCreated') {
    const missed = mine.find((write) => write.kind === 'send' && deliveredFor(w, write.message.id).length === 0);
    return missed ? verdict(rule, `${named(w)} never delivered the message of sequence ${missed.message.sequence} sent at step ${missed.step}`) : null;
  }
  if (w.event === 'messageDeleted') {
    const missed = mine.find((write) => write.kind === 'delete' && deliveredFor(w, write.message.id).length === 0);
    return missed ? verdict(rule, `${named(w)} never delivered the delete of the message of sequence ${missed.message.sequence} at step ${missed.step}`) : null;
  }
  // An edit to the content the message already had changes nothing, so it may announce nothing.
  const edits = mine.filter((write) => write.kind === 'edit' && write.before?.content !== write.message.content);
  for (const id of new Set(edits.map((e) => e.message.id))) {
    const made = edits.filter((e) => e.message.id === id);
    const delivered = deliveredFor(w, id);
    const last = made.at(-1)!;
    if (delivered.length < made.length) return verdict(rule, `${named(w)} delivered ${delivered.length} messageUpdated event(s) for the message of sequence ${last.message.sequence}, edited ${made.length} time(s) (last at step ${last.step})`);
    // The last event shows the last edit, or the delete that came after it (a late payload).
    const shown = delivered.at(-1)!.content;
    const deletedLater = messageById(input.state, id)?.deleted === true;
    if (shown !== last.message.content && !(deletedLater && shown === null)) {
      return verdict(rule, `${named(w)}'s last messageUpdated for the message of sequence ${last.message.sequence} carries ${visible(shown)}; its last edit (step ${last.step}) made it ${visible(last.message.content)}`);
    }
  }
  return null;
}

function judgeOne(w: Watched, input: EventsToJudge): Verdict | null {
  /** The content each message's first messageCreated carried: a message is created once. */
  const created = new Map<unknown, unknown>();
  for (const result of w.results) {
    const payload = payloadOf(result, w.event);
    if (w.unauthenticated) {
      if (payload) return verdict(modelRules.eventCredential, `${named(w)}: a connection made with ${w.who} received the message ${visible(payload.id)} (sequence ${visible(payload.sequence)})`);
      continue;
    }
    if (!w.member) {
      if (payload) return verdict(modelRules.eventMember, `${named(w)}: ${w.who} is not a member, yet received the message ${visible(payload.id)} (sequence ${visible(payload.sequence)})`);
      continue;
    }
    if (!payload) return verdict(ruleOf[w.event], `${named(w)} delivered a result without a payload: ${visible(result).slice(0, 200)}`);
    const message = typeof payload.id === 'string' ? messageById(input.state, payload.id) : undefined;
    if (!message) return verdict(modelRules.eventScope, `${named(w)} delivered ${visible(payload.id)}, a message the history never wrote`);
    if (message.conversation !== w.conversation) return verdict(modelRules.eventScope, `${named(w)} delivered the message of sequence ${message.sequence} of ${message.conversation}`);
    const found = payloadVerdict(w, payload, message, input);
    if (found) return found;
    if (w.event === 'messageCreated') {
      // The same announcement again may be a redelivery; one with other content reports an edit as a creation.
      if (created.has(payload.id) && created.get(payload.id) !== payload.content) {
        return verdict(modelRules.eventCreated, `${named(w)} announced the message of sequence ${message.sequence} as created twice: with ${visible(created.get(payload.id))}, then with ${visible(payload.content)}`);
      }
      created.set(payload.id, payload.content);
    }
  }
  return w.member ? completeness(w, input) : null;
}

/** The first subscription that broke a rule, or null. */
export function judgeEvents(input: EventsToJudge): Verdict | null {
  for (const w of input.watched) {
    const found = judgeOne(w, input);
    if (found) return found;
  }
  return null;
}
