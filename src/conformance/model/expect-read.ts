import type { ConversationName, FirstArg } from './commands.js';
import { modelRules, type ModelRule } from './model-rules.js';
import { conversationOf, messageById, type ModelMessage, type ModelState } from './state.js';

/**
 * What SPEC.md says a `messages` or `messagesSince` answer must be, given the model's state and
 * the read as sent. Pure. Where the spec leaves freedom, the answer may be any of several
 * alternatives (a list); the judge accepts an answer that matches one.
 */

/** Who the read was sent as, as the spec sees it. */
export type CallerRole = 'member' | 'non-member' | 'no-access-token';

export type ResolvedBefore = { readonly kind: 'cursor'; readonly atSequence: number } | { readonly kind: 'foreign' } | { readonly kind: 'malformed' };

export type ResolvedAround =
  | { readonly kind: 'message'; readonly id: string; readonly sequence: number; readonly deleted: boolean }
  | { readonly kind: 'elsewhere' }
  | { readonly kind: 'malformed' };

export interface ResolvedMessagesRead {
  readonly kind: 'messages';
  readonly caller: CallerRole;
  readonly conversation: ConversationName;
  readonly first: FirstArg;
  readonly before?: ResolvedBefore;
  readonly around?: ResolvedAround;
}

export interface ResolvedSinceRead {
  readonly kind: 'since';
  readonly caller: CallerRole;
  readonly conversation: ConversationName;
  readonly first: FirstArg;
  readonly after: number;
}

export type ResolvedRead = ResolvedMessagesRead | ResolvedSinceRead;

/** A refusal carrying one of `codes` (or any refusal, for what GraphQL validation refuses), said by `rules`. */
export interface Refusal {
  readonly kind: 'refused';
  readonly codes: readonly string[] | 'any';
  readonly rules: readonly ModelRule[];
}

/** A `messages` page: exactly these nodes and this hasNextPage. `rule` is the sentence that chose the nodes. */
export interface ExactPage {
  readonly kind: 'page';
  readonly nodes: readonly ModelMessage[];
  readonly hasNextPage: boolean;
  readonly rule: ModelRule;
  readonly first: number;
}

/**
 * A `messagesSince` page: the first k of `remaining`, 1 <= k <= max (none when none remain),
 * hasNextPage true exactly when some remain after them. "Maximum messages per page" (4.2) lets a
 * server send fewer; continuing from the last node must lose nothing, so no message is skipped.
 */
export interface StreamPage {
  readonly kind: 'stream';
  readonly remaining: readonly ModelMessage[];
  readonly max: number;
  readonly after: number;
}

export type Alternative = Refusal | ExactPage | StreamPage;

const DEFAULT_FIRST = { messages: 30, since: 50 } as const;

function firstProblem(first: FirstArg): Refusal | null {
  if (first === null) return { kind: 'refused', codes: 'any', rules: [modelRules.firstRange] };
  if (first !== 'default' && (first < 1 || first > 100)) return { kind: 'refused', codes: ['BAD_USER_INPUT'], rules: [modelRules.firstRange] };
  return null;
}

function callerProblem(caller: CallerRole): Refusal | null {
  if (caller === 'no-access-token') return { kind: 'refused', codes: ['UNAUTHENTICATED'], rules: [modelRules.unauthenticated] };
  if (caller === 'non-member') return { kind: 'refused', codes: ['FORBIDDEN'], rules: [modelRules.forbidden] };
  return null;
}

/**
 * Every refusal that applies, merged: when several do (a non-member with first 0), the spec does
 * not say which comes first, so any of their codes will do; a null `first` is refused by GraphQL
 * validation before any code of the spec's applies, so any refusal will do then.
 */
function merged(problems: readonly (Refusal | null)[]): Refusal | null {
  const found = problems.filter((p): p is Refusal => p !== null);
  if (found.length === 0) return null;
  const codes = found.some((p) => p.codes === 'any') ? 'any' : [...new Set(found.flatMap((p) => p.codes as readonly string[]))];
  return { kind: 'refused', codes, rules: found.flatMap((p) => p.rules) };
}

function size(first: FirstArg, query: 'messages' | 'since'): number {
  return typeof first === 'number' ? first : DEFAULT_FIRST[query];
}

function beforeProblem(before: ResolvedBefore | undefined): Refusal | null {
  if (before === undefined || before.kind === 'cursor') return null;
  return { kind: 'refused', codes: ['BAD_USER_INPUT'], rules: [modelRules.cursorInput] };
}

function aroundProblem(around: ResolvedAround | undefined): Refusal | null {
  if (around === undefined) return null;
  if (around.kind === 'malformed') return { kind: 'refused', codes: ['BAD_USER_INPUT'], rules: [modelRules.aroundFormat] };
  if (around.kind === 'elsewhere' || around.deleted) return { kind: 'refused', codes: ['NOT_FOUND'], rules: [modelRules.aroundNotFound] };
  return null;
}

function newestBelow(messages: readonly ModelMessage[], bound: number, first: number, rule: ModelRule): ExactPage {
  const candidates = messages.filter((m) => m.sequence < bound);
  return { kind: 'page', nodes: candidates.slice(-first), hasNextPage: candidates.length > first, rule, first };
}

export function expectMessages(state: ModelState, given: ResolvedMessagesRead): Alternative[] {
  const { messages } = conversationOf(state, given.conversation);
  // The anchor as this state has it: a delete in flight, or made since the read was first sent, counts.
  const anchor = given.around?.kind === 'message' ? messageById(state, given.around.id) : undefined;
  const read = given.around?.kind === 'message' ? { ...given, around: { ...given.around, deleted: anchor?.deleted ?? true } } : given;
  const first = size(read.first, 'messages');
  const always = merged([callerProblem(read.caller), firstProblem(read.first), beforeProblem(read.before)]);
  if (read.before?.kind === 'cursor') {
    const page = newestBelow(messages, read.before.atSequence, first, read.around ? modelRules.precedence : modelRules.before);
    // before takes precedence (rule 2), so an anchor that could not anchor changes nothing; a
    // malformed one may still be refused as an argument of the wrong format (7 row 5).
    const formatOnly = read.around?.kind === 'malformed' ? aroundProblem(read.around) : null;
    if (always) return [formatOnly ? merged([always, formatOnly])! : always];
    return formatOnly ? [page, formatOnly] : [page];
  }
  const refusal = merged([always, aroundProblem(read.around)]);
  if (refusal) return [refusal];
  if (read.around?.kind === 'message') return [newestBelow(messages, read.around.sequence + 1, first, modelRules.around)];
  return [newestBelow(messages, Number.POSITIVE_INFINITY, first, modelRules.newest)];
}

export function expectSince(state: ModelState, read: ResolvedSinceRead): Alternative[] {
  const negative: Refusal | null = read.after < 0 ? { kind: 'refused', codes: ['BAD_USER_INPUT'], rules: [modelRules.afterNegative] } : null;
  const refusal = merged([callerProblem(read.caller), firstProblem(read.first), negative]);
  if (refusal) return [refusal];
  const { messages } = conversationOf(state, read.conversation);
  return [{ kind: 'stream', remaining: messages.filter((m) => m.sequence > read.after), max: size(read.first, 'since'), after: read.after }];
}

export function expectRead(state: ModelState, read: ResolvedRead): Alternative[] {
  return read.kind === 'messages' ? expectMessages(state, read) : expectSince(state, read);
}
