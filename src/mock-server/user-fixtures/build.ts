import { DEMO_PASSWORD_HASH } from '../demo/logins.js';
import { webPasswordHasher, type PasswordHasher } from '../state/accounts/passwords.js';
import type { PasswordHash, UserRecord } from '../state/accounts/records.js';
import { systemClock } from '../state/clock.js';
import type { ConversationRecord } from '../state/conversations/records.js';
import { DomainError } from '../state/errors.js';
import { randomIds } from '../state/ids.js';
import { MockState, type MockStateOptions } from '../state/mock-state.js';
import { slugFor } from '../state/workspaces/slugs.js';
import { fixtureIds } from './ids.js';
import { defaultEmail, type Plan, type PlannedConversation } from './plan.js';
import { formatPath, FixturesError, type PathSegment } from './problems.js';

/**
 * Makes the state a checked plan describes, through the domain services (as the demo's
 * create-demo-state.ts does), so every rule and index holds: each record is made at its time on
 * the timeline, with ids from {@link fixtureIds}; afterwards the state runs on `options`' clock
 * and ids.
 *
 * The plan has passed every check the loader knows; should a domain rule still refuse something
 * (a rule the checks do not repeat, such as control characters in a text), the refusal becomes a
 * problem at that item's path.
 */
export async function buildState(plan: Plan, timeline: { times: readonly number[]; start: number }, options: MockStateOptions): Promise<MockState> {
  const runtimeClock = options.clock ?? systemClock;
  const runtimeIds = options.ids ?? randomIds;
  const loadingIds = fixtureIds();
  let loading = true;
  let time = timeline.start;
  const state = new MockState({
    ...options,
    clock: { now: () => (loading ? time : runtimeClock.now()), setTimer: (at, fire) => runtimeClock.setTimer(at, fire) },
    ids: () => (loading ? loadingIds() : runtimeIds()),
  });

  const hasher = options.passwords ?? webPasswordHasher;
  const hashes = await Promise.all(plan.users.map((user) => (user.password === undefined ? DEMO_PASSWORD_HASH : hashOnce(hasher, user.password))));
  const users = new Map<string, UserRecord>();
  const unverified: UserRecord[] = [];
  plan.users.forEach((user, index) => {
    at(['users', index], () => {
      const record = state.users.insert({ username: user.username, displayName: user.displayName ?? user.username, email: defaultEmail(user) }, hashes[index]!);
      if (user.emailVerified) state.users.arrange(record.id, { emailVerifiedAt: time });
      else unverified.push(record);
      users.set(user.username, record);
    });
  });
  const id = (username: string): string => users.get(username)!.id;

  const explicitSlugs = new Set(plan.workspaces.flatMap((workspace) => (workspace.doc.slug === undefined ? [] : [workspace.doc.slug])));
  const workspaceIds = new Map<number, string>();
  for (const workspace of plan.workspaces) {
    const { doc } = workspace;
    const slug = doc.slug ?? (await slugFor(doc.name, (candidate) => explicitSlugs.has(candidate) || state.workspaces.slugTaken(candidate)));
    at(['workspaces', workspace.index], () => {
      const record = state.workspaces.create({ name: doc.name, slug }, id(workspace.owner));
      workspaceIds.set(workspace.index, record.id);
      for (const [username, role] of workspace.roles) if (role !== 'OWNER') state.workspaces.addMember(record.id, id(username), role);
    });
  }

  const conversations = new Map<object, ConversationRecord>();
  for (const channel of plan.channels) {
    const workspaceId = workspaceIds.get(channel.workspace.index)!;
    at(channel.index === null ? ['workspaces', channel.workspace.index] : ['channels', channel.index], () => {
      let record: ConversationRecord;
      if (channel.general) {
        record = [...state.conversations.ofMember(id(channel.workspace.owner), workspaceId)].find((conversation) => conversation.isDefault && conversation.title === 'general')!;
        if (channel.doc?.description !== undefined) state.conversations.arrangeDescription(record, channel.doc.description);
      } else {
        const doc = channel.doc!;
        const input = { workspaceId, title: doc.name, visibility: doc.visibility === 'private' ? 'PRIVATE' : 'PUBLIC', description: doc.description ?? null, isDefault: doc.default } as const;
        record = state.conversations.createChannel({ ...input, memberIds: channel.listed.map(id) }, id(channel.creator));
      }
      // Listed guests (and, in a default channel, every other member) are added as an admin would.
      for (const username of channel.members) state.conversations.addMemberDirectly(record, id(username));
      conversations.set(channel, record);
    });
  }
  for (const dm of plan.dms) {
    at(['dms', dm.index], () => {
      conversations.set(dm, state.conversations.createDirect(workspaceIds.get(dm.workspace.index)!, id(dm.pair[1]), id(dm.pair[0])));
    });
  }

  const sent = new Map<number, string>();
  const conversationOf = (planned: PlannedConversation) => conversations.get(planned.kind === 'channel' ? planned.channel : planned.dm)!;
  for (const message of plan.messages) {
    time = timeline.times[message.index]!;
    at(['messages', message.index], () => {
      const record = state.messages.send(
        {
          conversationId: conversationOf(message.conversation).id,
          clientMessageId: `fixtures-${message.index}`,
          content: message.doc.text,
          replyToMessageId: message.replyTo === null ? null : sent.get(message.replyTo)!,
        },
        id(message.from),
      );
      sent.set(message.index, record.id);
      for (const [emoji, usernames] of message.reactions) for (const username of usernames) state.messages.addReaction(record.id, emoji, id(username));
    });
  }
  loading = false;
  // Sent now, not back on the timeline: the token must still be valid when someone reads the outbox.
  for (const user of unverified) state.verification.send(user);
  return state;
}

/**
 * Hashes of the passwords files set, per hasher: scrypt is slow by design, slower still in pure
 * JavaScript (docs/benchmarks.md, "Per-call costs"), and the MSW door's `reset()` loads the same file again and again.
 * The mock's own fixture passwords only; a hash with a reused salt gives nothing away here.
 */
const hashed = new WeakMap<PasswordHasher, Map<string, Promise<PasswordHash>>>();

function hashOnce(hasher: PasswordHasher, password: string): Promise<PasswordHash> {
  let known = hashed.get(hasher);
  if (!known) hashed.set(hasher, (known = new Map()));
  let hash = known.get(password);
  if (!hash) {
    hash = hasher.hash(password);
    known.set(password, hash);
    // A failed hash is not kept: the next load tries again.
    hash.catch(() => known.delete(password));
  }
  return hash;
}

/** Runs one item's making; a domain refusal becomes a problem at its path. */
function at(path: readonly PathSegment[], make: () => void): void {
  try {
    make();
  } catch (error) {
    if (error instanceof DomainError) throw new FixturesError([{ path: formatPath(path), message: error.message }]);
    throw error;
  }
}
