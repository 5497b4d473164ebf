import { createMock, type Mock } from '../../src/mock-server/mock.js';
import { ManualClock } from '../../src/mock-server/state/clock.js';
import type { DomainEvent } from '../../src/mock-server/state/events.js';
import type { MockState } from '../../src/mock-server/state/mock-state.js';

/** When the simulator tests' clock starts. */
export const NOW = Date.parse('2026-03-02T09:00:00Z');

/** A small team for the simulator tests: eight people in Acme's `general` (carol among them), one guest. */
export const team = {
  users: ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan'].map((username) => ({ username })),
  workspaces: [{ name: 'Acme', slug: 'acme', owner: 'alice', admins: ['bob'], members: ['carol', 'dave', 'erin', 'frank', 'grace', 'heidi'], guests: ['ivan'] }],
  channels: [{ name: 'random' }],
};

/** A mock of {@link team} on a manual clock (no server: the simulator runs on the runtime). */
export async function teamMock(): Promise<{ mock: Mock; clock: ManualClock }> {
  const clock = new ManualClock(NOW);
  const mock = await createMock({ fixtures: team, clock });
  return { mock, clock };
}

/** The id of `general` in the mock's current state. */
export function generalId(state: MockState): string {
  const workspace = [...state.workspaces.all()][0]!;
  const owner = [...workspace.members.values()].find((member) => member.role === 'OWNER')!;
  return state.conversations.channelsVisibleTo(workspace.id, owner.userId).find((channel) => channel.isDefault)!.id;
}

/** An event as a line that is the same in two mocks (ids differ from mock to mock; usernames and texts do not). */
export function eventLine(state: MockState, event: DomainEvent): string {
  const name = (userId: string) => state.users.find(userId)?.username ?? '?';
  switch (event.kind) {
    case 'messageCreated':
    case 'messageUpdated':
    case 'messageDeleted':
      return `${event.kind} #${event.message.sequence} ${name(event.message.senderId)}: ${event.message.content ?? '(deleted)'}${event.message.replyToMessageId ? ' (reply)' : ''}`;
    case 'typingChanged':
    case 'presenceChanged':
      return `${event.kind} ${name(event.userId)} ${event.active}`;
    case 'membershipEnded':
      return `${event.kind} ${name(event.userId)}`;
    default:
      return event.kind;
  }
}

/** Records, as lines, the events every subscriber of `conversationId` would see. */
export function record(state: MockState, conversationId: string): string[] {
  const lines: string[] = [];
  for (const kind of ['messageCreated', 'messageUpdated', 'messageDeleted', 'typingChanged', 'presenceChanged', 'membershipEnded'] as const) {
    state.events.on(kind, conversationId, (event) => lines.push(eventLine(state, event)));
  }
  return lines;
}

/**
 * A GraphQL subscriber, as `username`, to `messageCreated` and `messageUpdated` in `conversationId`,
 * through the engine (the subscription a client's socket runs): what it receives, as lines.
 */
export async function subscriber(mock: Mock, username: string, conversationId: string): Promise<string[]> {
  const { accessToken } = await mock.data.signIn(username);
  const lines: string[] = [];
  for (const field of ['messageCreated', 'messageUpdated'] as const) {
    const args = mock.runtime.operationArgs({
      query: `subscription($c: ID!) { ${field}(conversationId: $c) { sequence content senderId } }`,
      variables: { c: conversationId },
      authorization: `Bearer ${accessToken}`,
      publicOrigin: 'http://localhost',
    });
    if (!('schema' in args)) throw new Error(args.map((error) => error.message).join('; '));
    const stream = await mock.runtime.subscribe(args);
    if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream.errors));
    void (async () => {
      for await (const result of stream) {
        const view = result.data?.[field] as { sequence: number; content: string; senderId: string };
        lines.push(`${field} #${view.sequence} ${mock.data.user(view.senderId)?.username}: ${view.content}`);
      }
    })();
  }
  return lines;
}
