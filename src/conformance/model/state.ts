import type { ActorName, ConversationName, Member } from './commands.js';

/**
 * The model's picture of the server: every message the history wrote, as SPEC.md says it must
 * then be. Pure data and pure functions; the ids and sequences are the server's own, taken from
 * its answers to the writes, so the model accepts any sequence start, gaps and id format.
 */

export interface ModelAttachment {
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

export interface ModelMessage {
  readonly id: string;
  readonly conversation: ConversationName;
  readonly sequence: number;
  readonly clientMessageId: string;
  readonly senderId: string;
  readonly sender: Member | null;
  /** TEXT for what the suite sent; a message the server put there itself keeps its own type. */
  readonly type: string;
  /** As sent or last edited; kept after a delete, since a summary must show null then. */
  readonly content: string;
  readonly deleted: boolean;
  readonly replyToMessageId: string | null;
  readonly attachments: readonly ModelAttachment[];
  /** Emoji to the ids of the users who used it, in the order first used. */
  readonly reactions: ReadonlyMap<string, readonly string[]>;
  /** Whether the model knows this message's fields (false for messages the server put there itself). */
  readonly known: boolean;
}

export interface ModelConversation {
  readonly name: ConversationName;
  readonly id: string;
  readonly members: ReadonlySet<ActorName>;
  /** Ascending by sequence. */
  readonly messages: readonly ModelMessage[];
}

export type ModelState = ReadonlyMap<ConversationName, ModelConversation>;

export function conversationOf(state: ModelState, name: ConversationName): ModelConversation {
  const conversation = state.get(name);
  if (!conversation) throw new Error(`the model has no conversation ${name}`);
  return conversation;
}

function withConversation(state: ModelState, name: ConversationName, change: (c: ModelConversation) => ModelConversation): ModelState {
  const next = new Map(state);
  next.set(name, change(conversationOf(state, name)));
  return next;
}

/** The state with `message` added in sequence order (a send, or one the server put there). */
export function withMessage(state: ModelState, message: ModelMessage): ModelState {
  return withConversation(state, message.conversation, (c) => ({ ...c, messages: [...c.messages, message].sort((x, y) => x.sequence - y.sequence) }));
}

function withChangedMessage(state: ModelState, name: ConversationName, id: string, change: (m: ModelMessage) => ModelMessage): ModelState {
  return withConversation(state, name, (c) => ({ ...c, messages: c.messages.map((m) => (m.id === id ? change(m) : m)) }));
}

export function withEdit(state: ModelState, name: ConversationName, id: string, content: string): ModelState {
  return withChangedMessage(state, name, id, (m) => ({ ...m, content }));
}

export function withDelete(state: ModelState, name: ConversationName, id: string): ModelState {
  return withChangedMessage(state, name, id, (m) => ({ ...m, deleted: true }));
}

export function withReaction(state: ModelState, name: ConversationName, id: string, emoji: string, userId: string): ModelState {
  return withChangedMessage(state, name, id, (m) => {
    const users = m.reactions.get(emoji) ?? [];
    if (users.includes(userId)) return m;
    const reactions = new Map(m.reactions);
    reactions.set(emoji, [...users, userId]);
    return { ...m, reactions };
  });
}

/** The message at `pick` among `messages` (modulo their count; a negative pick counts from the newest), or undefined when there are none. */
export function picked<T>(messages: readonly T[], pick: number): T | undefined {
  return messages.length === 0 ? undefined : messages[((pick % messages.length) + messages.length) % messages.length];
}

/** The messages a {@link Pick}'s `among` leaves to pick from. */
export function among(messages: readonly ModelMessage[], which: 'deleted' | 'live' | undefined): readonly ModelMessage[] {
  return which === undefined ? messages : messages.filter((m) => m.deleted === (which === 'deleted'));
}

/** The live messages `sender` sent to a conversation, oldest first (what an edit or delete may target). */
export function ownLive(conversation: ModelConversation, sender: Member): ModelMessage[] {
  return conversation.messages.filter((m) => m.known && m.sender === sender && !m.deleted);
}

export function live(conversation: ModelConversation): ModelMessage[] {
  return conversation.messages.filter((m) => !m.deleted);
}

export function newestSequence(conversation: ModelConversation): number {
  return conversation.messages.at(-1)?.sequence ?? 0;
}

export function messageById(state: ModelState, id: string): ModelMessage | undefined {
  for (const conversation of state.values()) {
    const found = conversation.messages.find((m) => m.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The change a write made (`changed` as `after` holds it) applied to `state`. */
export function reapplied(state: ModelState, after: ModelState, changed: ModelMessage): ModelState {
  const now = conversationOf(after, changed.conversation).messages.find((m) => m.id === changed.id)!;
  const conversation = conversationOf(state, changed.conversation);
  const messages = conversation.messages.some((m) => m.id === now.id) ? conversation.messages.map((m) => (m.id === now.id ? now : m)) : [...conversation.messages, now].sort((x, y) => x.sequence - y.sequence);
  return new Map(state).set(changed.conversation, { ...conversation, messages });
}

/**
 * The states a read may have seen while writes were in flight: `before` with every subset of the
 * writes' changes applied, the last with all of them. The writes commute (one per message).
 */
export function statesDuring(before: ModelState, changes: readonly { readonly state: ModelState; readonly changed: ModelMessage }[]): ModelState[] {
  const states: ModelState[] = [];
  for (let mask = 0; mask < 1 << changes.length; mask++) {
    states.push(changes.reduce((s, change, i) => (mask & (1 << i) ? reapplied(s, change.state, change.changed) : s), before));
  }
  return states;
}
