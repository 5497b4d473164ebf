import { modelRules, type ModelRule } from './model-rules.js';
import { messageById, type ModelMessage, type ModelState } from './state.js';

/** A node of a page or an event as the server sent it (every field of MessageView may be asked for). */
export interface WireNode {
  readonly id?: unknown;
  readonly clientMessageId?: unknown;
  readonly conversationId?: unknown;
  readonly senderId?: unknown;
  readonly sequence?: unknown;
  readonly type?: unknown;
  readonly content?: unknown;
  readonly replyToMessageId?: unknown;
  readonly replyTo?: { readonly id?: unknown; readonly senderId?: unknown; readonly content?: unknown; readonly deletedAt?: unknown } | null;
  readonly createdAt?: unknown;
  readonly deletedAt?: unknown;
  readonly attachments?: readonly { readonly fileName?: unknown; readonly contentType?: unknown; readonly size?: unknown }[];
  readonly reactions?: readonly { readonly emoji?: unknown; readonly userIds?: readonly unknown[] }[];
}

/** A broken rule, in words: what was found and what the rule expects. */
export interface Verdict {
  readonly rule: ModelRule;
  readonly reason: string;
  readonly expected: string;
}

/**
 * A value as JSON, with every character outside printable ASCII written as its code point, so
 * that two strings that look alike (composed and decomposed, a stripped mark) differ visibly.
 */
export function visible(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.replace(/[^\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

function cut(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;
}

/**
 * Two long strings that differ somewhere in the middle, shown around where they first differ
 * (counted in code points), so the reason shows the difference, not the shared start.
 */
function around(got: string, wanted: string): string | null {
  const a = [...got];
  const b = [...wanted];
  if (a.length <= 40 && b.length <= 40) return null;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 8);
  const part = (cps: string[]) => `${from > 0 ? '...' : ''}${visible(cps.slice(from, at + 16).join('')).slice(1, -1)}${cps.length > at + 16 ? '...' : ''}`;
  return `differs from character ${at + 1} on (${a.length} characters, not ${b.length}): "${part(a)}", not "${part(b)}"`;
}

function differs(field: string, got: unknown, wanted: unknown, rule: ModelRule, who: string): Verdict {
  const where = typeof got === 'string' && typeof wanted === 'string' ? around(got, wanted) : null;
  return { rule, reason: `${who}: ${field} ${where ?? `is ${cut(visible(got))}, not ${cut(visible(wanted))}`}`, expected: rule.text };
}

/** What a reply's summary must be: the replied-to message as it is now. */
function expectedSummary(state: ModelState, id: string): { id: string; senderId: string; content: string | null; deleted: boolean } | null {
  const target = messageById(state, id);
  return target ? { id, senderId: target.senderId, content: target.deleted ? null : target.content, deleted: target.deleted } : null;
}

function reactionsOf(node: WireNode): Map<string, string[]> | string {
  const groups = new Map<string, string[]>();
  for (const group of node.reactions ?? []) {
    if (typeof group.emoji !== 'string' || !Array.isArray(group.userIds)) return 'a group without emoji or userIds';
    if (groups.has(group.emoji)) return `the emoji ${visible(group.emoji)} in two groups`;
    const users = group.userIds.map(String);
    if (new Set(users).size !== users.length) return `a user listed twice under ${visible(group.emoji)}`;
    groups.set(group.emoji, [...users].sort());
  }
  return groups;
}

function reactionVerdict(node: WireNode, model: ModelMessage, who: string): Verdict | null {
  const got = reactionsOf(node);
  const rule = modelRules.reactions;
  if (typeof got === 'string') return { rule, reason: `${who}: reactions have ${got}`, expected: rule.text };
  const wanted = new Map([...model.reactions].map(([emoji, users]) => [emoji, [...users].sort()]));
  const shown = (m: Map<string, string[]>) => visible(Object.fromEntries([...m].sort(([a], [b]) => (a < b ? -1 : 1))));
  if (shown(got) !== shown(wanted)) return { rule, reason: `${who}: reactions are ${cut(shown(got), 300)}, not ${cut(shown(wanted), 300)}`, expected: rule.text };
  return null;
}

/**
 * The first field of `node` that is not what the model says of `model`, or null. `who` names the
 * node in the reason (`node 3 (sequence 41)`). Fields a selection may not ask for are skipped
 * when absent (an event selects fewer).
 */
export function nodeVerdict(node: WireNode, model: ModelMessage, state: ModelState, who: string, conversationId: string): Verdict | null {
  const has = (field: keyof WireNode) => field in node;
  if (node.sequence !== model.sequence) return differs('sequence', node.sequence, model.sequence, model.deleted ? modelRules.sequenceKept : modelRules.sequence, who);
  if (!model.known) return null;
  const stored = modelRules.stored;
  if (has('clientMessageId') && node.clientMessageId !== model.clientMessageId) return differs('clientMessageId', node.clientMessageId, model.clientMessageId, stored, who);
  if (has('senderId') && node.senderId !== model.senderId) return differs('senderId', node.senderId, model.senderId, stored, who);
  if (has('conversationId') && node.conversationId !== conversationId) return differs('conversationId', node.conversationId, conversationId, stored, who);
  if (has('type') && node.type !== model.type) return differs('type', node.type, model.type, stored, who);
  const deleted = modelRules.softDeleted;
  if (has('deletedAt') && (node.deletedAt === null) !== !model.deleted) return differs('deletedAt', node.deletedAt, model.deleted ? 'a date-time' : null, deleted, who);
  if (has('content')) {
    const wanted = model.deleted ? null : model.content;
    if (node.content !== wanted) return differs('content', node.content, wanted, model.deleted ? deleted : stored, who);
  }
  if (node.attachments !== undefined) {
    const got = node.attachments.map((a) => [a.fileName, a.contentType, a.size]);
    const wanted = model.deleted ? [] : model.attachments.map((a) => [a.fileName, a.contentType, a.size]);
    if (visible(got) !== visible(wanted)) return differs('attachments', got, wanted, model.deleted ? deleted : stored, who);
  }
  if (has('replyToMessageId') && node.replyToMessageId !== model.replyToMessageId) return differs('replyToMessageId', node.replyToMessageId, model.replyToMessageId, stored, who);
  if (has('replyTo') && model.replyToMessageId === null && node.replyTo !== null) return differs('replyTo', node.replyTo, null, modelRules.replyTo, who);
  if (has('replyTo') && model.replyToMessageId !== null) {
    const wanted = expectedSummary(state, model.replyToMessageId);
    const got = node.replyTo;
    if (wanted) {
      const rule = modelRules.replyTo;
      if (!got) return differs('replyTo', got, wanted, rule, who);
      if (got.id !== wanted.id || got.senderId !== wanted.senderId || got.content !== wanted.content || (got.deletedAt === null) === wanted.deleted) {
        return differs('replyTo', got, { id: wanted.id, senderId: wanted.senderId, content: wanted.content, deletedAt: wanted.deleted ? 'a date-time' : null }, rule, who);
      }
    }
  }
  if (node.reactions !== undefined) return reactionVerdict(node, model, who);
  return null;
}
