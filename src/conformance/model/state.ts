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

/** The message at `pick` among `messages` (modulo their count), or undefined when there are none. */
export function picked<T>(messages: readonly T[], pick: number): T | undefined {
  return messages.length === 0 ? undefined : messages[((pick % messages.length) + messages.length) % messages.length];
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
