import { randomUUID } from 'node:crypto';
import { MockState } from '../src/mock-server/state/mock-state.js';
import { nodePasswordHasher } from '../src/mock-server/platform/node-passwords.js';

/** One user alone in one public channel: the world every benchmark pages through. */
export interface BenchConversation {
  readonly state: MockState;
  readonly userId: string;
  readonly conversationId: string;
  /** `Bearer <token>` of the user, for the engine. */
  readonly authorization: string;
}

/** A fresh state (system clock, random UUIDs: the server's own defaults) with an empty channel. */
export async function createConversation(): Promise<BenchConversation> {
  const state = new MockState({ passwords: nodePasswordHasher });
  const user = state.users.insert(
    { username: 'bench', displayName: 'Bench User', email: 'bench@parley.test' },
    await nodePasswordHasher.hash('bench-password'),
  );
  const workspace = state.workspaces.create({ name: 'Bench', slug: 'bench' }, user.id);
  const channel = state.conversations.createChannel({ workspaceId: workspace.id, title: 'paging', visibility: 'PUBLIC' }, user.id);
  const { accessToken } = state.sessions.open(user.id, false);
  return { state, userId: user.id, conversationId: channel.id, authorization: `Bearer ${accessToken}` };
}

const CHUNK = 10_000;

/** What a client sends for a message: a fresh `clientMessageId` and a chat-length `content`. */
export interface MessageInput {
  readonly clientMessageId: string;
  readonly content: string;
}

/**
 * `count` message inputs in chunks of {@link CHUNK}, each parsed from JSON, so every
 * `clientMessageId` and `content` is a flat string of its own, as the HTTP door delivers them.
 */
export function* messageInputs(count: number): Generator<MessageInput[]> {
  for (let done = 0; done < count; done += CHUNK) {
    const size = Math.min(CHUNK, count - done);
    const inputs = Array.from({ length: size }, (_, i) => ({
      clientMessageId: randomUUID(),
      content: `message ${done + i}: the roadmap review moved to Friday, notes are in the doc`,
    }));
    yield JSON.parse(JSON.stringify(inputs)) as MessageInput[];
  }
}

/**
 * Sends `count` messages through `state.messages.send` (the real code path) and returns the
 * milliseconds spent in `send` alone (inputs from {@link messageInputs}).
 */
export function appendMessages(conversation: BenchConversation, count: number): number {
  const { state, userId, conversationId } = conversation;
  let sendNs = 0n;
  for (const wire of messageInputs(count)) {
    const start = process.hrtime.bigint();
    for (const { clientMessageId, content } of wire) {
      state.messages.send({ conversationId, clientMessageId, content }, userId);
    }
    sendNs += process.hrtime.bigint() - start;
  }
  return Number(sendNs) / 1e6;
}
