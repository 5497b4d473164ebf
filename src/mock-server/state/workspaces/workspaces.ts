import type { Users } from '../accounts/users.js';
import { canManageWorkspace } from '../access.js';
import type { Conversations } from '../conversations/conversations.js';
import { badInput, forbidden, notFound } from '../errors.js';
import { PartMap } from '../changes/tracked-map.js';
import type { Uploads } from '../files/uploads.js';
import { requireId, requireName } from '../input.js';
import type { Departments } from './departments.js';
import type { Notifications } from '../notifications/notifications.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import type { Invitations } from './invitations.js';
import type { InviteLinkRecord, WorkspaceMemberRecord, WorkspacePurpose, WorkspaceRecord, WorkspaceRole, WorkspaceTeamSize } from './records.js';
import { requireSlug, slugFor } from './slugs.js';
import { checkGranter, checkJoinDomain } from './join-rules.js';

/** Input rules for workspaces. SPEC.md leaves them open (2.4, gaps); these are the mock's. */
export const workspaceRules = {
  nameMax: 80,
  /** How long an invite link stays valid. */
  inviteLinkMs: 7 * 24 * 3_600_000,
} as const;

export interface NewWorkspace {
  readonly name: string;
  readonly slug: string;
  readonly iconKey?: string | null;
  readonly purposes?: readonly WorkspacePurpose[] | null;
  readonly teamSize?: WorkspaceTeamSize | null;
}

export interface WorkspaceChanges {
  readonly id: string;
  readonly name?: string | null;
  readonly slug?: string | null;
  readonly iconKey?: string | null;
  readonly purposes?: readonly WorkspacePurpose[] | null;
  readonly teamSize?: WorkspaceTeamSize | null;
}

export class Workspaces {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly users: Users,
    private readonly conversations: Conversations,
    private readonly notifications: Notifications,
    private readonly invitations: Invitations,
    private readonly uploads: Uploads,
    private readonly departments: Departments,
  ) {}

  /** `workspace`: members only. */
  get(workspaceId: string, userId: string): WorkspaceRecord {
    return this.ctx.access.workspaceOfMember(workspaceId, userId, 'id').workspace;
  }

  /** The workspace with this id, if there is one: no access check, for showing what a record names. */
  find(workspaceId: string): WorkspaceRecord | undefined {
    return this.ctx.tables.workspaces.get(workspaceId);
  }

  /** Every workspace, in the order they were created: for the dev routes' view of the whole mock (no access check). */
  all(): IterableIterator<WorkspaceRecord> {
    return this.ctx.tables.workspaces.values();
  }

  /** How many workspaces there are. */
  get count(): number {
    return this.ctx.tables.workspaces.size;
  }

  /** The workspace with this slug, if there is one. */
  findBySlug(slug: string): WorkspaceRecord | undefined {
    const id = this.ctx.tables.workspacesBySlug.get(slug);
    return id === undefined ? undefined : this.ctx.tables.workspaces.get(id);
  }

  /** Whether a workspace already has this slug (slugs are unique). */
  slugTaken(slug: string): boolean {
    return this.ctx.tables.workspacesBySlug.has(slug);
  }

  /** `workspaces`: every workspace the caller belongs to, in the order they were created. */
  listForMember(userId: string): WorkspaceRecord[] {
    return [...this.ctx.tables.workspaces.values()].filter((workspace) => workspace.members.has(userId));
  }

  /** `generateSlug`: a free slug for `name` (see {@link slugFor}). */
  generateSlug(name: string): Promise<string> {
    return slugFor(requireName(name, 'name', { max: workspaceRules.nameMax }), (slug) => this.ctx.tables.workspacesBySlug.has(slug));
  }

  /**
   * `createWorkspace`: the caller becomes its OWNER, and a default public channel `general`
   * is created, which everyone who joins the workspace joins too (guests excepted).
   */
  create(input: NewWorkspace, ownerId: string): WorkspaceRecord {
    const { tables, clock } = this.ctx;
    const name = requireName(input.name, 'input.name', { max: workspaceRules.nameMax });
    const slug = requireSlug(input.slug, 'input.slug', (candidate) => tables.workspacesBySlug.has(candidate));
    const icon = input.iconKey == null ? null : this.uploads.publicImage(input.iconKey, ownerId, 'input.iconKey', null);
    const now = clock.now();
    const id = this.ctx.ids();
    const workspace: WorkspaceRecord = {
      id,
      name,
      slug,
      iconKey: icon?.key ?? null,
      purposes: [...new Set(input.purposes ?? [])],
      teamSize: input.teamSize ?? null,
      createdAt: now,
      updatedAt: now,
      joinEmailDomains: [],
      members: PartMap.of(tables.workspaces, id, 'members', [[ownerId, { userId: ownerId, role: 'OWNER', joinedAt: now, departmentId: null, jobTitle: null }]]),
    };
    if (icon) this.uploads.use(icon, workspace.id);
    tables.workspaces.set(workspace.id, workspace);
    tables.workspacesBySlug.set(slug, workspace.id);
    this.conversations.createChannel(
      { workspaceId: workspace.id, title: 'general', visibility: 'PUBLIC', isDefault: true },
      ownerId,
    );
    return workspace;
  }

  /**
   * `updateWorkspace`: owners and admins. Omitted or null fields stay as they are, except
   * `iconKey`, where null removes the icon; a slug follows the rules of `createWorkspace`. All
   * fields are checked before any changes.
   */
  update(input: WorkspaceChanges, userId: string): WorkspaceRecord {
    const { tables, clock } = this.ctx;
    const { workspace, member } = this.ctx.access.workspaceOfMember(input.id, userId, 'input.id');
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can change a workspace');
    const name = input.name == null ? workspace.name : requireName(input.name, 'input.name', { max: workspaceRules.nameMax });
    const slug = input.slug == null ? workspace.slug : requireSlug(input.slug, 'input.slug', (candidate) => candidate !== workspace.slug && tables.workspacesBySlug.has(candidate));
    const icon = input.iconKey == null ? null : this.uploads.publicImage(input.iconKey, userId, 'input.iconKey', workspace.id);
    const iconKey = input.iconKey === undefined ? workspace.iconKey : (icon?.key ?? null);
    if (slug !== workspace.slug) {
      tables.workspacesBySlug.delete(workspace.slug);
      tables.workspacesBySlug.set(slug, workspace.id);
    }
    const previousIcon = workspace.iconKey;
    const { purposes, teamSize } = input;
    tables.workspaces.update(workspace.id, (draft) => {
      draft.name = name;
      draft.slug = slug;
      draft.iconKey = iconKey;
      if (purposes != null) draft.purposes = [...new Set(purposes)];
      if (teamSize !== undefined) draft.teamSize = teamSize;
      draft.updatedAt = clock.now();
    });
    if (icon) this.uploads.use(icon, workspace.id);
    if (previousIcon !== iconKey) this.uploads.retire(previousIcon, workspace.id);
    return workspace;
  }

  /** `createWorkspaceInviteLink`: owners and admins; the link grants `role` (never OWNER). */
  createInviteLink(workspaceId: string, role: WorkspaceRole, userId: string): InviteLinkRecord {
    const { member } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    if (!canManageWorkspace(member)) throw forbidden('only owners and admins can create invite links');
    if (role === 'OWNER') throw badInput('an invite link cannot grant the OWNER role');
    const now = this.ctx.clock.now();
    const link: InviteLinkRecord = {
      token: `inv_${this.ctx.secrets(18)}`,
      workspaceId,
      role,
      createdBy: userId,
      createdAt: now,
      expiresAt: now + workspaceRules.inviteLinkMs,
    };
    this.ctx.tables.inviteLinks.set(link.token, link);
    return link;
  }

  /**
   * `joinWorkspace`: takes an invite link's token or an invitation's. A link grants its role to
   * anyone whose address fits the workspace's join domains; an invitation grants its role (and
   * its channel) to the address it was sent to, and is then used up. Either works only while its
   * maker can still grant its role, and a workspace with join domains admits only verified
   * addresses at them (join-rules.ts). Joining a workspace you are
   * in changes nothing (a pending invitation of yours is still used up).
   */
  join(token: string, userId: string): WorkspaceRecord {
    const { tables, clock } = this.ctx;
    const user = this.users.get(userId);
    const invitation = this.invitations.forJoining(token, user);
    if (invitation) {
      const workspace = tables.workspaces.get(invitation.workspaceId)!;
      if (!workspace.members.has(userId)) {
        this.addMember(workspace.id, userId, invitation.role);
        const channel = invitation.conversationId === null ? undefined : this.conversations.find(invitation.conversationId);
        if (channel) this.conversations.addMemberDirectly(channel, userId);
        this.notifications.workspaceJoined(workspace, userId);
      }
      this.invitations.dropPending(workspace.id, user.email);
      return workspace;
    }
    const link = tables.inviteLinks.get(token);
    if (!link) throw notFound('no invite link or invitation has this token', 'token');
    if (link.expiresAt <= clock.now()) throw badInput('this invite link has expired', 'token');
    const workspace = tables.workspaces.get(link.workspaceId)!;
    if (!workspace.members.has(userId)) {
      checkGranter(workspace, link.createdBy, link.role, 'invite link');
      checkJoinDomain(workspace, user);
      this.addMember(workspace.id, userId, link.role);
      this.notifications.workspaceJoined(workspace, userId);
      this.invitations.dropPending(workspace.id, user.email);
    }
    return workspace;
  }

  /**
   * `removeWorkspaceMember`: owners remove anyone, admins remove members and guests, and anyone
   * may remove themselves (leave); the last owner can be removed by nobody. The removed member
   * leaves every conversation of the workspace (their messages stay), and their subscriptions
   * there end; a department they led is left without a lead.
   */
  removeMember(workspaceId: string, memberId: string, userId: string): string {
    const { workspace, member: caller } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    requireId(memberId, 'userId');
    const target = workspace.members.get(memberId);
    if (!target) throw notFound(`user ${memberId} is not a member of workspace ${workspaceId}`, 'userId');
    if (memberId !== userId) {
      if (!canManageWorkspace(caller)) throw forbidden('only owners and admins can remove members');
      if (target.role === 'OWNER' && caller.role !== 'OWNER') throw forbidden('only an owner can remove an owner');
      if (target.role === 'ADMIN' && caller.role !== 'OWNER') throw forbidden('only an owner can remove an admin');
    }
    if (target.role === 'OWNER' && ownerCount(workspace) === 1) throw forbidden('the last owner of a workspace cannot be removed: make another member owner first');
    workspace.members.delete(memberId);
    this.departments.memberLeft(workspaceId, memberId);
    this.touched(workspace.id);
    this.conversations.leaveWorkspace(workspaceId, memberId);
    return memberId;
  }

  /**
   * `changeWorkspaceMemberRole`: owners and admins, for others than themselves. An admin changes
   * members and guests (to anything but owner); an owner changes anyone else, and the last owner
   * keeps the role. A guest made member or admin joins the
   * default channels; a member made guest keeps the conversations they are in.
   */
  changeRole(workspaceId: string, memberId: string, role: WorkspaceRole, userId: string): WorkspaceMemberRecord {
    const { workspace, member: caller } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    if (!canManageWorkspace(caller)) throw forbidden('only owners and admins can change roles');
    requireId(memberId, 'userId');
    const target = workspace.members.get(memberId);
    if (!target) throw notFound(`user ${memberId} is not a member of workspace ${workspaceId}`, 'userId');
    if (memberId === userId) throw forbidden('you cannot change your own role: ask another owner or admin');
    if ((role === 'OWNER' || target.role === 'OWNER') && caller.role !== 'OWNER') throw forbidden('only an owner can make an owner or change an owner\'s role');
    if (target.role === 'ADMIN' && caller.role !== 'OWNER') throw forbidden('only an owner can change an admin\'s role');
    if (target.role === 'OWNER' && role !== 'OWNER' && ownerCount(workspace) === 1) throw forbidden('the last owner of a workspace keeps the role: make another member owner first');
    if (target.role === role) return target;
    const wasGuest = target.role === 'GUEST';
    const changed = workspace.members.update(memberId, (draft) => {
      draft.role = role;
    });
    this.touched(workspace.id);
    if (wasGuest) this.conversations.joinDefaultChannels(workspaceId, memberId);
    return changed;
  }

  /** Sets what no operation sets of a member (demo data): the job title. No checks. */
  arrangeMember(workspaceId: string, userId: string, fields: Partial<Pick<WorkspaceMemberRecord, 'jobTitle'>>): WorkspaceMemberRecord {
    return this.ctx.tables.workspaces.get(workspaceId)!.members.update(userId, (draft) => Object.assign(draft, fields));
  }

  /**
   * Adds a member (fixtures, joins). Everyone but a guest joins the default channels: a guest
   * sees only the conversations they are added to.
   */
  addMember(workspaceId: string, userId: string, role: WorkspaceRole): void {
    const workspace = this.ctx.tables.workspaces.get(workspaceId)!;
    workspace.members.set(userId, { userId, role, joinedAt: this.ctx.clock.now(), departmentId: null, jobTitle: null });
    this.touched(workspace.id);
    if (role !== 'GUEST') this.conversations.joinDefaultChannels(workspaceId, userId);
  }

  /** The workspace's `updatedAt` becomes now (its members changed). */
  private touched(workspaceId: string): void {
    const now = this.ctx.clock.now();
    this.ctx.tables.workspaces.update(workspaceId, (draft) => {
      draft.updatedAt = now;
    });
  }
}

function ownerCount(workspace: WorkspaceRecord): number {
  let owners = 0;
  for (const member of workspace.members.values()) if (member.role === 'OWNER') owners += 1;
  return owners;
}
