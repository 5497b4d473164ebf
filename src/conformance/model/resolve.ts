import type { AfterRef, AroundRef, BeforeRef, Caller, ConversationName, Read } from './commands.js';
import type { CallerRole, ResolvedAround, ResolvedBefore, ResolvedRead } from './expect-read.js';
import { among, conversationOf, newestSequence, picked, type ModelState } from './state.js';

/**
 * Turns a read's references ("the latest cursor of X", "the 3rd message") into the values sent
 * and what the model makes of them. Pure: the cursors and walk positions the history has met so
 * far are given.
 */

/** A cursor a `messages` page handed out, with the sequence of the oldest node of that page (4.1 rule 5). */
export interface HeldCursor {
  readonly cursor: string;
  readonly atSequence: number;
  /** The step that read it, for the step's words. */
  readonly step: number;
}

export interface Memory {
  /** Per conversation, every cursor met, in order. */
  readonly cursors: ReadonlyMap<ConversationName, readonly HeldCursor[]>;
  /** Per conversation, the last node's sequence of the last `messagesSince` page (where a walk goes on). */
  readonly walks: ReadonlyMap<ConversationName, number>;
}

/** The values a read sends, what the model makes of them, and the words for the step. */
export interface ResolvedCall {
  readonly variables: Record<string, unknown>;
  readonly read: ResolvedRead;
  readonly words: string;
}

/** What ids the resolution may hand out for references that cannot anchor. */
export interface Inventions {
  /** A well-formed UUID that names no message. */
  readonly unknownId: string;
}

export const MALFORMED_CURSOR = 'parley:not-a-cursor';
export const MALFORMED_ID = 'not-a-uuid';

export function roleOf(caller: Caller, state: ModelState, name: ConversationName): CallerRole {
  if (caller === 'A' || caller === 'B' || caller === 'C') return conversationOf(state, name).members.has(caller) ? 'member' : 'non-member';
  return 'no-access-token';
}

function before(ref: BeforeRef, name: ConversationName, memory: Memory): { value: string; resolved: ResolvedBefore; words: string } | null {
  if (ref === 'malformed') return { value: MALFORMED_CURSOR, resolved: { kind: 'malformed' }, words: `a cursor no server issued (${MALFORMED_CURSOR})` };
  if (ref === 'other') {
    const other = [...memory.cursors].filter(([n]) => n !== name).flatMap(([n, held]) => held.map((h) => ({ n, h }))).at(-1);
    return other ? { value: other.h.cursor, resolved: { kind: 'foreign' }, words: `the cursor of ${other.n} from step ${other.h.step}` } : null;
  }
  const held = memory.cursors.get(name) ?? [];
  const chosen = ref === 'latest' ? held.at(-1) : held[0];
  return chosen ? { value: chosen.cursor, resolved: { kind: 'cursor', atSequence: chosen.atSequence }, words: `the cursor of step ${chosen.step}` } : null;
}

function around(ref: AroundRef, name: ConversationName, state: ModelState, invent: Inventions): { value: string; resolved: ResolvedAround; words: string } | null {
  if (ref === 'malformed') return { value: MALFORMED_ID, resolved: { kind: 'malformed' }, words: `"${MALFORMED_ID}"` };
  if (ref === 'unknown') return { value: invent.unknownId, resolved: { kind: 'elsewhere' }, words: 'a UUID that names no message' };
  if (ref === 'other') {
    const other = [...state.values()].filter((c) => c.name !== name).flatMap((c) => c.messages.map((m) => ({ c, m }))).at(-1);
    return other ? { value: other.m.id, resolved: { kind: 'elsewhere' }, words: `a message of ${other.c.name} (sequence ${other.m.sequence})` } : null;
  }
  const message = picked(among(conversationOf(state, name).messages, ref.among), ref.pick);
  if (!message) return null;
  return { value: message.id, resolved: { kind: 'message', id: message.id, sequence: message.sequence, deleted: message.deleted }, words: `the message of sequence ${message.sequence}${message.deleted ? ' (deleted)' : ''}` };
}

function after(ref: AfterRef, name: ConversationName, state: ModelState, memory: Memory): { value: number; words: string } {
  const conversation = conversationOf(state, name);
  switch (ref.from) {
    case 'zero':
      return { value: 0, words: '0' };
    case 'negative':
      return { value: ref.value, words: String(ref.value) };
    case 'walk': {
      const value = memory.walks.get(name) ?? 0;
      return { value, words: `${value} (the last node of the previous page)` };
    }
    case 'newest': {
      const value = newestSequence(conversation) + ref.plus;
      return { value, words: `${value} (the newest sequence${ref.plus ? ` + ${ref.plus}` : ''})` };
    }
    case 'message': {
      const message = picked(among(conversation.messages, ref.among), ref.pick);
      if (!message) return { value: 0, words: `0 (no ${ref.among ?? ''} message yet)`.replace('  ', ' ') };
      const value = Math.max(0, message.sequence + (ref.offset ?? 0));
      return { value, words: `${value} (${ref.offset ? 'just below ' : ''}the message of sequence ${message.sequence}${message.deleted ? ', deleted' : ''})` };
    }
  }
}

function firstWords(first: Read['first']): string {
  return first === 'default' ? '' : `, first: ${first === null ? 'null' : first}`;
}

/** The read as sent: variables, the model's reading, and words. `ids` maps conversations to their ids on the server. */
export function resolveRead(read: Read, state: ModelState, memory: Memory, ids: ReadonlyMap<ConversationName, string>, invent: Inventions): ResolvedCall {
  const conversationId = ids.get(read.in)!;
  const caller = roleOf(read.as, state, read.in);
  const first = read.first === 'default' ? {} : { first: read.first };
  if (read.kind === 'since') {
    const from = after(read.after, read.in, state, memory);
    return {
      variables: { conversationId, afterSequence: from.value, ...first },
      read: { kind: 'since', caller, conversation: read.in, first: read.first, after: from.value },
      words: `messagesSince(${read.in}, afterSequence: ${from.words}${firstWords(read.first)})`,
    };
  }
  const b = read.before ? before(read.before, read.in, memory) : null;
  const a = read.around ? around(read.around, read.in, state, invent) : null;
  return {
    variables: { conversationId, ...first, ...(b ? { before: b.value } : {}), ...(a ? { aroundMessageId: a.value } : {}) },
    read: { kind: 'messages', caller, conversation: read.in, first: read.first, ...(b ? { before: b.resolved } : {}), ...(a ? { around: a.resolved } : {}) },
    words: `messages(${read.in}${firstWords(read.first)}${b ? `, before: ${b.words}` : ''}${a ? `, aroundMessageId: ${a.words}` : ''})`,
  };
}

