import type { Alternative, ExactPage, Refusal, StreamPage } from './expect-read.js';
import { modelRules, type ModelRule } from './model-rules.js';
import { nodeVerdict, visible, type Verdict, type WireNode } from './node-fields.js';
import type { ModelMessage, ModelState } from './state.js';

/**
 * Holds one answer of `messages` or `messagesSince` to what the model allows. Pure: it reads the
 * answer as the suite received it (status, body, the error codes read at `--error-code-path`).
 * Open in the spec, so never judged: the HTTP status of a refusal below 500, the content type,
 * the message text, the cursor's format, where sequences start and their gaps.
 */

export interface Answer {
  readonly status: number;
  readonly body: string;
  /** The code of each error, read where the run was told codes are (`--error-code-path`). */
  readonly errorCodes: readonly (string | null)[];
}

/** An answer the model allows, with the state it follows from (the replied-to messages as they are then). */
export interface Allowed {
  readonly want: Alternative;
  readonly state: ModelState;
}

export interface JudgedRead {
  readonly field: 'messages' | 'messagesSince';
  /** The conversation's id on the server, which every node must carry. */
  readonly conversationId: string;
  readonly alternatives: readonly Allowed[];
}

/** How far into an answer a verdict was found: the deeper, the closer the answer came to one allowed. */
type Depth = 0 | 1 | 2 | 3 | 4 | 5;

interface Parsed {
  readonly errors: readonly { readonly message?: unknown }[];
  readonly value: unknown;
}

function parse(answer: Answer, field: string): Parsed | null {
  try {
    const body = JSON.parse(answer.body) as { data?: Record<string, unknown> | null; errors?: unknown };
    return { errors: Array.isArray(body.errors) ? (body.errors as Parsed['errors']) : [], value: body.data?.[field] ?? null };
  } catch {
    return null;
  }
}

function verdict(rule: ModelRule, reason: string, expected = rule.text): Verdict {
  return { rule, reason, expected };
}

function refusalText(answer: Answer, parsed: Parsed): string {
  const message = parsed.errors[0]?.message;
  return `HTTP ${answer.status}, error ${answer.errorCodes[0] ?? '(no code)'}${typeof message === 'string' ? `: ${message.slice(0, 120)}` : ''}`;
}

function judgeRefusal(answer: Answer, parsed: Parsed, want: Refusal): Verdict | null {
  const rule = want.rules[0]!;
  const codes = want.codes === 'any' ? 'a refusal' : want.codes.join(' or ');
  const expected = `${codes} (${want.rules.map((r) => r.text).join('; ')})`;
  if (answer.status >= 500) return verdict(rule, `the server answered HTTP ${answer.status}`, expected);
  if (parsed.errors.length === 0) return verdict(rule, `the request was not refused: HTTP ${answer.status} with data`, expected);
  if (parsed.value !== null) return verdict(rule, 'the response has errors and also data for the field', expected);
  if (want.codes !== 'any' && !answer.errorCodes.some((code) => code !== null && want.codes.includes(code))) {
    return verdict(rule, `the error code was ${answer.errorCodes.map((c) => c ?? '(none)').join(', ')}, not ${codes}`, expected);
  }
  return null;
}

interface WirePage {
  readonly nodes: readonly WireNode[];
  readonly endCursor: unknown;
  readonly hasNextPage: unknown;
}

function pageShape(value: unknown): WirePage | null {
  const page = value as Partial<WirePage> | null;
  if (!page || !Array.isArray(page.nodes) || typeof page.hasNextPage !== 'boolean' || (page.endCursor !== null && typeof page.endCursor !== 'string')) return null;
  return page as WirePage;
}

const seqs = (nodes: readonly { sequence?: unknown }[]) => nodes.map((n) => n.sequence);
const idsOf = (nodes: readonly { id?: unknown }[]) => nodes.map((n) => n.id);
const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function ascending(page: WirePage): Verdict | null {
  const s = seqs(page.nodes);
  const ok = s.every((x, i) => typeof x === 'number' && (i === 0 || x > (s[i - 1] as number)));
  return ok ? null : verdict(modelRules.ascending, `the nodes came in the sequence order ${visible(s)}`);
}

function fields(page: WirePage, wanted: readonly ModelMessage[], read: JudgedRead, state: ModelState): Verdict | null {
  for (const [i, node] of page.nodes.entries()) {
    const found = nodeVerdict(node, wanted[i]!, state, `node ${i + 1} (id ${String(node.id)})`, read.conversationId);
    if (found) return found;
  }
  return null;
}

/** Which sentence a wrong set of nodes breaks: a deleted message left out, too many or too few, or the selection. */
function selectionRule(got: readonly unknown[], wanted: readonly ModelMessage[], selection: ModelRule, size: ModelRule, max: number): ModelRule {
  if (got.length > max) return size;
  const liveOnly = wanted.filter((m) => !m.deleted).map((m) => m.id);
  if (wanted.some((m) => m.deleted) && got.every((id) => liveOnly.includes(id as string))) return modelRules.softDeleted;
  return selection;
}

function cursorVerdict(page: WirePage): Verdict | null {
  if ((page.nodes.length === 0) !== (page.endCursor === null)) {
    return verdict(modelRules.endCursor, `a page of ${page.nodes.length} node(s) has endCursor ${visible(page.endCursor)}`);
  }
  return null;
}

function describe(messages: readonly ModelMessage[]): string {
  return visible(messages.map((m) => (m.deleted ? `${m.sequence} (deleted)` : m.sequence)));
}

function judgePage(page: WirePage, want: ExactPage, read: JudgedRead, state: ModelState): [Verdict | null, Depth] {
  const got = idsOf(page.nodes);
  const wantedIds = want.nodes.map((m) => m.id);
  if (!same(got, wantedIds)) {
    const sorted = [...page.nodes].sort((x, y) => Number(x.sequence) - Number(y.sequence));
    if (same(idsOf(sorted), wantedIds)) return [ascending(page), 2];
    const rule = selectionRule(got, want.nodes, want.rule, modelRules.pageSize, want.first);
    return [verdict(rule, `the page holds sequences ${visible(seqs(page.nodes))}; the model expects ${describe(want.nodes)} (first ${want.first})`), 1];
  }
  const order = ascending(page);
  if (order) return [order, 2];
  if (page.hasNextPage !== want.hasNextPage) {
    return [verdict(modelRules.hasNextOlder, `hasNextPage is ${String(page.hasNextPage)} for the page ${visible(seqs(page.nodes))}, and ${want.hasNextPage ? 'older messages exist' : 'no older message exists'}`), 3];
  }
  const cursor = cursorVerdict(page);
  if (cursor) return [cursor, 4];
  return [fields(page, want.nodes, read, state), 5];
}

function judgeStream(page: WirePage, want: StreamPage, read: JudgedRead, state: ModelState): [Verdict | null, Depth] {
  const order = ascending(page);
  if (order) return [order, 2];
  const low = page.nodes.find((n) => typeof n.sequence === 'number' && n.sequence <= want.after);
  if (low) return [verdict(modelRules.sinceGreater, `a node has sequence ${String(low.sequence)}, not larger than afterSequence ${want.after}`), 1];
  if (page.nodes.length > want.max) return [verdict(modelRules.sinceMaximum, `the page holds ${page.nodes.length} nodes; first is ${want.max}`), 1];
  const got = idsOf(page.nodes);
  const prefix = want.remaining.slice(0, got.length);
  const wantedText = `the model expects the next of ${describe(want.remaining.slice(0, want.max))}`;
  if (got.length === 0 && want.remaining.length > 0) return [verdict(modelRules.sinceGreater, `the page is empty, and ${want.remaining.length} message(s) have a larger sequence than ${want.after}: ${describe(want.remaining.slice(0, 10))}`), 1];
  if (!same(got, prefix.map((m) => m.id))) {
    const rule = selectionRule(got, want.remaining.slice(0, want.max), modelRules.sinceGreater, modelRules.sinceMaximum, want.max);
    return [verdict(rule, `the page holds sequences ${visible(seqs(page.nodes))}; ${wantedText}, none skipped`), 1];
  }
  const more = got.length < want.remaining.length;
  if (page.hasNextPage !== more) {
    return [verdict(modelRules.hasNextNewer, `hasNextPage is ${String(page.hasNextPage)} after the page ${visible(seqs(page.nodes))}, and ${more ? `${want.remaining.length - got.length} newer message(s) remain` : 'no newer message remains'}`), 3];
  }
  const cursor = cursorVerdict(page);
  if (cursor) return [cursor, 4];
  return [fields(page, prefix, read, state), 5];
}

function judgeOne(answer: Answer, parsed: Parsed, { want, state }: Allowed, read: JudgedRead): [Verdict | null, Depth] {
  if (want.kind === 'refused') return [judgeRefusal(answer, parsed, want), parsed.errors.length > 0 ? 5 : 0];
  const rule = want.kind === 'page' ? want.rule : modelRules.sinceGreater;
  if (parsed.errors.length > 0 || answer.status >= 500) return [verdict(modelRules.member, `the read was refused (${refusalText(answer, parsed)}); ${rule.text}`), 0];
  const page = pageShape(parsed.value);
  if (!page) return [verdict(modelRules.notNull, `${read.field} is ${visible(parsed.value).slice(0, 160)}, not a MessagePage`), 0];
  return want.kind === 'page' ? judgePage(page, want, read, state) : judgeStream(page, want, read, state);
}

/**
 * Null when the answer is one the model allows; otherwise the verdict against the alternative
 * the answer came closest to (found deepest into it; of equals, the last, which for concurrent
 * writes is the state with all of them applied).
 */
export function judgeRead(answer: Answer, read: JudgedRead): Verdict | null {
  const parsed = parse(answer, read.field);
  const first = read.alternatives[0]!.want;
  if (!parsed) {
    const rule = first.kind === 'refused' ? first.rules[0]! : modelRules.notNull;
    return verdict(rule, `HTTP ${answer.status} with a body that is not a GraphQL response: ${visible(answer.body.slice(0, 120))}`);
  }
  const judged = read.alternatives.map((allowed) => judgeOne(answer, parsed, allowed, read));
  if (judged.some(([v]) => v === null)) return null;
  const deepest = Math.max(...judged.map(([, depth]) => depth));
  return judged.filter(([, depth]) => depth === deepest).at(-1)![0];
}
