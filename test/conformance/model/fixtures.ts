import type { ConversationName, Member } from '../../../src/conformance/model/commands.js';
import { withMessage, type ModelMessage, type ModelState } from '../../../src/conformance/model/state.js';

/** Small model states for the pure model's tests: X holds A and B, Y holds A alone. */

export const USERS = { A: 'user-a', B: 'user-b' } as const;

export function emptyState(): ModelState {
  return new Map<ConversationName, { name: ConversationName; id: string; members: Set<'A' | 'B' | 'C'>; messages: ModelMessage[] }>([
    ['X', { name: 'X', id: 'conv-x', members: new Set(['A', 'B']), messages: [] }],
    ['Y', { name: 'Y', id: 'conv-y', members: new Set(['A']), messages: [] }],
  ]);
}

export function message(sequence: number, fields: Partial<ModelMessage> & { sender?: Member } = {}): ModelMessage {
  const sender = fields.sender ?? 'A';
  return {
    id: `m${sequence}`, conversation: 'X', sequence, clientMessageId: `c${sequence}`, senderId: USERS[sender], type: 'TEXT', content: `text ${sequence}`,
    deleted: false, replyToMessageId: null, attachments: [], reactions: new Map(), known: true, ...fields, sender,
  };
}

/** X with messages of the given sequences; those in `deleted` soft-deleted. */
export function stateWith(sequences: readonly number[], deleted: readonly number[] = []): ModelState {
  return sequences.reduce((state, s) => withMessage(state, message(s, { deleted: deleted.includes(s) })), emptyState());
}

/** A node as a server would send it for `m` (every field of MessageView). */
export function nodeOf(m: ModelMessage, change: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: m.id, clientMessageId: m.clientMessageId, conversationId: m.conversation === 'X' ? 'conv-x' : 'conv-y', senderId: m.senderId, sequence: m.sequence, type: 'TEXT',
    content: m.deleted ? null : m.content, replyToMessageId: m.replyToMessageId, replyTo: null, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z',
    deletedAt: m.deleted ? '2026-01-01T00:01:00Z' : null, attachments: [], reactions: [...m.reactions].map(([emoji, userIds]) => ({ emoji, userIds })), ...change,
  };
}

/** An answer with `field` holding `page`. */
export function pageAnswer(field: string, nodes: readonly Record<string, unknown>[], hasNextPage: boolean, endCursor: string | null = nodes.length ? 'cursor' : null) {
  return { status: 200, body: JSON.stringify({ data: { [field]: { nodes, endCursor, hasNextPage } } }), errorCodes: [] };
}

export function refusalAnswer(code: string | null, status = 200) {
  return { status, body: JSON.stringify({ data: null, errors: [{ message: 'no', extensions: code ? { code } : {} }] }), errorCodes: [code] };
}
