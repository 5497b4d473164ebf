import type { ConversationRecord } from '../state/conversations/records.js';
import type { MockState } from '../state/mock-state.js';
import type { WorkspaceRecord } from '../state/workspaces/records.js';
import type { Scenario } from './format.js';

/** How many of an actor's own recent messages they remember (to edit or delete one). */
const OWN_KEPT = 5;
/** How many members a scenario picks when it names none and gives no count. */
const DEFAULT_ACTORS = 5;

/** One simulated person: a member of the conversation with a session of their own. */
export interface Actor {
  readonly userId: string;
  readonly username: string;
  accessToken: string;
  refreshToken: string;
  /** Whether the simulator holds them present (as an open WebSocket would). */
  online: boolean;
  /** Their last few messages, newest last: bounded by {@link OWN_KEPT}. */
  readonly own: string[];
}

/** Where a scenario plays and who plays it, in one state. */
export interface Cast {
  readonly workspaceId: string;
  readonly conversationId: string;
  readonly actors: readonly Actor[];
}

/** A scenario that cannot be cast in this state: the field at fault and why. */
export class CastError extends Error {
  override readonly name = 'CastError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Remembers `messageId` as one of the actor's own (the oldest goes past {@link OWN_KEPT}). */
export function rememberOwn(actor: Actor, messageId: string): void {
  actor.own.push(messageId);
  if (actor.own.length > OWN_KEPT) actor.own.shift();
}

/**
 * The conversation (`conversation` by id, or a channel by title in any workspace; else the
 * default channel of the first workspace) and its actors: the users named in `actors.users`, or
 * `actors.count` members picked with `pick` (members that a script step removes are never
 * picked). Sessions are opened for each actor, as a login would. Throws a {@link CastError}.
 */
export function castScenario(state: MockState, scenario: Scenario, conversationRef: string | undefined, pick: () => number): Cast {
  const conversation = findConversation(state, conversationRef);
  const removed = new Set<string>();
  scenario.script.forEach((step, index) => {
    if (step.action !== 'removeMember' && step.action !== 'typeFor') return;
    if (step.user === undefined) return;
    const userId = userIdOf(state, step.user, `script[${index}].user`);
    if (!conversation.members.has(userId)) throw new CastError(`script[${index}].user`, `${step.user} is not a member of the conversation ${conversation.title ?? conversation.id}`);
    if (step.action === 'removeMember') removed.add(userId);
  });
  let userIds: string[];
  if (scenario.actors.users) {
    userIds = scenario.actors.users.map((user, index) => {
      const userId = userIdOf(state, user, `actors.users[${index}]`);
      if (!conversation.members.has(userId)) throw new CastError(`actors.users[${index}]`, `${user} is not a member of the conversation ${conversation.title ?? conversation.id}`);
      return userId;
    });
  } else {
    const candidates = [...conversation.members.keys()].filter((userId) => !removed.has(userId));
    // A seeded shuffle, so the same seed picks the same people.
    for (let index = candidates.length - 1; index > 0; index--) {
      const other = Math.floor(pick() * (index + 1));
      [candidates[index], candidates[other]] = [candidates[other]!, candidates[index]!];
    }
    userIds = candidates.slice(0, scenario.actors.count ?? DEFAULT_ACTORS);
  }
  if (userIds.length === 0) throw new CastError('actors', `the conversation ${conversation.title ?? conversation.id} has no member the scenario may use`);
  const actors = [...new Set(userIds)].map((userId): Actor => {
    const tokens = state.sessions.open(userId, false);
    return { userId, username: state.users.find(userId)?.username ?? userId, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, online: false, own: [] };
  });
  return { workspaceId: conversation.workspaceId, conversationId: conversation.id, actors };
}

/** A user id from an id or a username (any case). */
export function userIdOf(state: MockState, user: string, field: string): string {
  const record = state.users.find(user) ?? state.users.find(state.users.idByUsername(user) ?? '');
  if (!record) throw new CastError(field, `no user ${JSON.stringify(user)} (give a username or a user id)`);
  return record.id;
}

function findConversation(state: MockState, ref: string | undefined): ConversationRecord {
  if (ref !== undefined) {
    const byId = state.conversations.find(ref);
    if (byId) return byId;
    for (const workspace of state.workspaces.all()) {
      for (const channel of channelsOf(state, workspace)) if (channel.title?.toLowerCase() === ref.toLowerCase()) return channel;
    }
    throw new CastError('conversation', `no conversation ${JSON.stringify(ref)} (give a conversation id or a channel's title)`);
  }
  for (const workspace of state.workspaces.all()) {
    for (const channel of channelsOf(state, workspace)) if (channel.isDefault) return channel;
  }
  throw new CastError('conversation', 'the mock has no workspace with a default channel: name a conversation');
}

/** The channels of a workspace its owner sees (every public one, and the private ones they are in). */
function channelsOf(state: MockState, workspace: WorkspaceRecord): ConversationRecord[] {
  const owner = [...workspace.members.values()].find((member) => member.role === 'OWNER');
  return owner ? state.conversations.channelsVisibleTo(workspace.id, owner.userId) : [];
}
