import type { WorkspaceRole } from '../state/workspaces/records.js';
import type { FixtureChannel, FixtureMessage, FixtureUser, FixtureWorkspace } from './format.js';
import type { Salvaged } from './salvage.js';
import { formatPath, type FixtureProblem, type PathSegment } from './problems.js';

/**
 * A fixtures file with every reference resolved: what the builder (build.ts) makes, in order.
 * Usernames are kept as `users` spells them; references match them without regard to case, as
 * the mock matches usernames.
 */
export interface Plan {
  readonly users: readonly FixtureUser[];
  readonly workspaces: readonly PlannedWorkspace[];
  /** Declared channels, and the `general` of each workspace that does not declare its own. */
  readonly channels: readonly PlannedChannel[];
  readonly dms: readonly PlannedDm[];
  readonly messages: readonly PlannedMessage[];
}

export interface PlannedWorkspace {
  readonly index: number;
  readonly doc: FixtureWorkspace;
  /** The owner's username as `users` spells it (the file's own spelling when it names no user). */
  readonly owner: string;
  /** Username -> role, in the order they join: the owner first. */
  readonly roles: ReadonlyMap<string, WorkspaceRole>;
}

export interface PlannedChannel {
  /** Its index in `channels`, or null for a `general` the file leaves out. */
  readonly index: number | null;
  readonly workspace: PlannedWorkspace;
  readonly name: string;
  readonly doc: FixtureChannel | null;
  readonly general: boolean;
  readonly creator: string;
  /** The usernames the file lists, besides the creator. */
  readonly listed: readonly string[];
  /** Everyone who ends up in it (for checking senders and reactions). */
  readonly members: ReadonlySet<string>;
}

export interface PlannedDm {
  readonly index: number;
  readonly workspace: PlannedWorkspace;
  readonly pair: readonly [string, string];
}

export type PlannedConversation = { readonly kind: 'channel'; readonly channel: PlannedChannel } | { readonly kind: 'dm'; readonly dm: PlannedDm };

export interface PlannedMessage {
  readonly index: number;
  readonly doc: FixtureMessage;
  readonly conversation: PlannedConversation;
  readonly from: string;
  /** The index of the message it replies to. */
  readonly replyTo: number | null;
  readonly reactions: readonly (readonly [emoji: string, usernames: readonly string[]])[];
}

/** Collects problems, and looks users and workspaces up by the names the file uses. */
export class Planning {
  readonly problems: FixtureProblem[] = [];
  private readonly users = new Map<string, FixtureUser>();
  readonly workspaces: PlannedWorkspace[] = [];

  readonly doc: Salvaged['doc'];
  private readonly broken: Salvaged['broken'];

  constructor(salvaged: Salvaged) {
    this.doc = salvaged.doc;
    this.broken = salvaged.broken;
  }

  /** Whether `name` is what an item of the wrong shape names (already a problem): references to it are none. */
  isBroken(kind: 'users' | 'workspaces' | 'channels' | 'refs', name: string): boolean {
    return this.broken[kind].has(name.toLowerCase());
  }

  get someDmBroken(): boolean {
    return this.broken.someDm;
  }

  problem(path: readonly PathSegment[], message: string): void {
    this.problems.push({ path: formatPath(path), message });
  }

  addUser(user: FixtureUser): boolean {
    const key = user.username.toLowerCase();
    if (this.users.has(key)) return false;
    this.users.set(key, user);
    return true;
  }

  /** The username as `users` spells it, or null (and a problem) when there is none. */
  user(ref: string, path: readonly PathSegment[]): string | null {
    const user = this.users.get(ref.toLowerCase());
    if (user) return user.username;
    if (!this.isBroken('users', ref)) this.problem(path, `no user ${JSON.stringify(ref)} in users`);
    return null;
  }

  /**
   * The workspace a channel, DM or message names in its `workspace`, or else the only one of
   * `candidates`; when none or several fit, a problem says so (`none`, `many`).
   */
  workspace(ref: string | undefined, path: readonly PathSegment[], candidates: readonly PlannedWorkspace[], none: string, many: string): PlannedWorkspace | null {
    if (ref !== undefined) {
      const found = this.workspaces.find((workspace) => workspace.doc.name.toLowerCase() === ref.toLowerCase());
      if (!found && !this.isBroken('workspaces', ref)) this.problem([...path, 'workspace'], `no workspace ${JSON.stringify(ref)} in workspaces`);
      return found ?? null;
    }
    if (candidates.length === 1 && !this.broken.someWorkspace) return candidates[0]!;
    // With a workspace of the wrong shape, which one would fit is unknown.
    if (this.broken.someWorkspace) return null;
    if (candidates.length === 0) this.problem(path, none);
    else this.problem([...path, 'workspace'], `required: ${many} ${names(candidates)}`);
    return null;
  }
}

export function names(workspaces: readonly PlannedWorkspace[]): string {
  return workspaces.map((workspace) => JSON.stringify(workspace.doc.name)).join(' and ');
}

/** How a conversation is named in problems. */
export function conversationName(conversation: PlannedConversation): string {
  return conversation.kind === 'channel' ? `#${conversation.channel.name}` : `the DM between ${conversation.dm.pair[0]} and ${conversation.dm.pair[1]}`;
}

/** Users, and workspaces with their members. */
export function planPeople(planning: Planning): void {
  const { doc } = planning;
  const emails = new Map<string, number>();
  doc.users.forEach((user, index) => {
    if (!user) return;
    if (!planning.addUser(user)) planning.problem(['users', index, 'username'], `${JSON.stringify(user.username)} is listed twice in users`);
    const email = defaultEmail(user).toLowerCase();
    const earlier = emails.get(email);
    if (earlier !== undefined) planning.problem(['users', index, user.email === undefined ? 'username' : 'email'], `the email ${email} is also the email of users[${earlier}]`);
    else emails.set(email, index);
  });
  const slugs = new Map<string, number>();
  doc.workspaces.forEach((workspace, index) => {
    if (!workspace) return;
    const path = ['workspaces', index];
    const twin = planning.workspaces.find((other) => other.doc.name.toLowerCase() === workspace.name.toLowerCase());
    if (twin) planning.problem([...path, 'name'], `${JSON.stringify(workspace.name)} is already the name of workspaces[${twin.index}]`);
    if (workspace.slug !== undefined) {
      const taken = slugs.get(workspace.slug);
      if (taken !== undefined) planning.problem([...path, 'slug'], `${JSON.stringify(workspace.slug)} is already the slug of workspaces[${taken}]`);
      else slugs.set(workspace.slug, index);
    }
    const roles = new Map<string, WorkspaceRole>();
    const listed = new Map<string, string>();
    const join = (ref: string, role: WorkspaceRole, at: readonly PathSegment[]): void => {
      const username = planning.user(ref, at);
      if (username === null) return;
      const earlier = listed.get(username);
      if (earlier !== undefined) return planning.problem(at, `${JSON.stringify(username)} is already in this workspace (${earlier})`);
      listed.set(username, formatPath(at));
      roles.set(username, role);
    };
    join(workspace.owner, 'OWNER', [...path, 'owner']);
    const lists = [['admins', 'ADMIN'], ['members', 'MEMBER'], ['guests', 'GUEST']] as const;
    for (const [list, role] of lists) workspace[list].forEach((ref, at) => join(ref, role, [...path, list, at]));
    const owner = [...roles].find(([, role]) => role === 'OWNER')?.[0] ?? workspace.owner;
    if (!twin) planning.workspaces.push({ index, doc: workspace, owner, roles });
  });
}

/** The address a user logs in with. */
export function defaultEmail(user: FixtureUser): string {
  return user.email ?? `${user.username}@example.test`;
}

/** Channels (with the `general` every workspace has) and DMs. */
export function planConversations(planning: Planning): { channels: PlannedChannel[]; dms: PlannedDm[] } {
  const { doc } = planning;
  const channels: PlannedChannel[] = [];
  doc.channels.forEach((channel, index) => {
    if (!channel) return;
    const path = ['channels', index];
    const workspace = planning.workspace(channel.workspace, path, planning.workspaces, 'a channel needs a workspace, and workspaces is empty', 'the file has more than one workspace:');
    if (!workspace) return;
    const general = channel.name.toLowerCase() === 'general';
    const twin = channels.find((other) => other.workspace === workspace && other.name.toLowerCase() === channel.name.toLowerCase());
    if (twin) return planning.problem([...path, 'name'], `workspace ${JSON.stringify(workspace.doc.name)} already has a channel ${JSON.stringify(twin.name)} (channels[${twin.index}])`);
    if (general && channel.visibility === 'private') planning.problem([...path, 'visibility'], 'general is the public default channel every workspace has; it cannot be private');
    const { owner } = workspace;
    const inWorkspace = (ref: string, at: readonly PathSegment[]): string | null => {
      const username = planning.user(ref, at);
      if (username !== null && !workspace.roles.has(username)) {
        planning.problem(at, `${JSON.stringify(username)} is not a member of workspace ${JSON.stringify(workspace.doc.name)}`);
        return null;
      }
      return username;
    };
    const listed: string[] = [];
    channel.members.forEach((ref, at) => {
      const username = inWorkspace(ref, [...path, 'members', at]);
      if (username !== null && !listed.includes(username)) listed.push(username);
    });
    let creator: string | null;
    if (channel.createdBy !== undefined) {
      creator = inWorkspace(channel.createdBy, [...path, 'createdBy']);
      if (creator !== null && workspace.roles.get(creator) === 'GUEST') {
        planning.problem([...path, 'createdBy'], `${JSON.stringify(creator)} is a guest of workspace ${JSON.stringify(workspace.doc.name)}, and guests cannot create channels`);
      } else if (creator !== null && general && creator !== owner) {
        planning.problem([...path, 'createdBy'], `general is made with the workspace, by its owner ${JSON.stringify(owner)}`);
      }
    } else {
      creator = general ? owner : (listed.find((username) => workspace.roles.get(username) !== 'GUEST') ?? owner);
    }
    if (creator === null) return;
    channels.push(plannedChannel(workspace, index, channel, creator, listed, general || channel.default));
  });
  // Every workspace has a general, whether or not the file describes it.
  for (const workspace of planning.workspaces) {
    if (!channels.some((channel) => channel.workspace === workspace && channel.general)) {
      channels.push(plannedChannel(workspace, null, null, workspace.owner, [], true));
    }
  }

  const dms: PlannedDm[] = [];
  doc.dms.forEach((dm, index) => {
    if (!dm) return;
    const path = ['dms', index];
    const [first, second] = dm.between.map((ref, at) => planning.user(ref, [...path, 'between', at]));
    if (!first || !second) return;
    const shared = planning.workspaces.filter((workspace) => workspace.roles.has(first) && workspace.roles.has(second));
    const pair = `${JSON.stringify(first)} and ${JSON.stringify(second)}`;
    const workspace = planning.workspace(dm.workspace, path, shared, `${pair} share no workspace`, `${pair} are both in`);
    if (!workspace) return;
    let outside = false;
    [first, second].forEach((username, at) => {
      if (!workspace.roles.has(username)) {
        outside = true;
        planning.problem([...path, 'between', at], `${JSON.stringify(username)} is not a member of workspace ${JSON.stringify(workspace.doc.name)}`);
      }
    });
    if (outside) return;
    const twin = dms.find((other) => other.workspace === workspace && samePair(other.pair, [first, second]));
    if (twin) return planning.problem(path, `the DM between ${first} and ${second} is already dms[${twin.index}]`);
    dms.push({ index, workspace, pair: [first, second] });
  });
  return { channels, dms };
}

function plannedChannel(workspace: PlannedWorkspace, index: number | null, doc: FixtureChannel | null, creator: string, listed: string[], isDefault: boolean): PlannedChannel {
  const members = new Set([creator, ...listed]);
  if (isDefault) for (const [username, role] of workspace.roles) if (role !== 'GUEST') members.add(username);
  const general = doc === null || doc.name.toLowerCase() === 'general';
  return { index, workspace, name: doc?.name ?? 'general', doc, general, creator, listed: listed.filter((username) => username !== creator), members };
}

export function samePair(a: readonly [string, string], b: readonly [string, string]): boolean {
  return (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);
}
