import { canManageWorkspace, workspaceOfMember } from '../conversations/access.js';
import type { Conversations } from '../conversations/conversations.js';
import type { Departments } from './departments.js';
import { badInput, conflict, forbidden, notFound } from '../errors.js';
import { quote, requireId, requireText } from '../input.js';
import type { InviteLinkRecord, WorkspacePurpose, WorkspaceRecord, WorkspaceRole, WorkspaceTeamSize } from './records.js';
import type { Notifications } from '../notifications/notifications.js';
import type { StateContext } from '../tables.js';

/** Input rules for workspaces. SPEC.md leaves them open (2.4, gaps); these are the mock's. */
export const workspaceRules = {
  nameMax: 80,
  slug: /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/,
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

export class Workspaces {
  constructor(
    private readonly ctx: StateContext,
    private readonly conversations: Conversations,
    private readonly notifications: Notifications,
    private readonly departments: Departments,
  ) {}

  /** `workspace`: members only. */
  get(workspaceId: string, userId: string): WorkspaceRecord {
    return workspaceOfMember(this.ctx.tables, workspaceId, userId, 'id').workspace;
  }

  /** `workspaces`: every workspace the caller belongs to, in the order they were created. */
  listForMember(userId: string): WorkspaceRecord[] {
    return [...this.ctx.tables.workspaces.values()].filter((workspace) => workspace.members.has(userId));
  }

  /**
   * `createWorkspace`: the caller becomes its OWNER, and a default public channel `general`
   * is created, which everyone who joins the workspace joins too.
   */
  create(input: NewWorkspace, ownerId: string): WorkspaceRecord {
    const { tables, clock } = this.ctx;
    const name = requireText(input.name, 'input.name', { max: workspaceRules.nameMax });
    const slug = input.slug.trim();
    if (!workspaceRules.slug.test(slug)) {
      throw badInput(
        `input.slug must be 1 to 48 lower-case letters, digits or inner dashes, but got ${quote(input.slug)}`,
      );
    }
    if (tables.workspacesBySlug.has(slug)) throw conflict(`the slug ${slug} is taken`);
    const now = clock.now();
    const workspace: WorkspaceRecord = {
      id: this.ctx.ids(),
      name,
      slug,
      iconKey: input.iconKey ?? null,
      purposes: [...new Set(input.purposes ?? [])],
      teamSize: input.teamSize ?? null,
      createdAt: now,
      updatedAt: now,
      joinEmailDomains: [],
      members: new Map([[ownerId, { userId: ownerId, role: 'OWNER', joinedAt: now, departmentId: null, jobTitle: null }]]),
    };
    tables.workspaces.set(workspace.id, workspace);
    tables.workspacesBySlug.set(slug, workspace.id);
    this.conversations.createChannel(
      { workspaceId: workspace.id, title: 'general', visibility: 'PUBLIC', isDefault: true },
      ownerId,
    );
    return workspace;
  }

  /** `createWorkspaceInviteLink`: owners and admins; the link grants `role` (never OWNER). */
  createInviteLink(workspaceId: string, role: WorkspaceRole, userId: string): InviteLinkRecord {
    const { member } = workspaceOfMember(this.ctx.tables, workspaceId, userId);
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

  /** `joinWorkspace`: joins with the link's role; joining a workspace you are in changes nothing. */
  join(token: string, userId: string): WorkspaceRecord {
    const link = this.ctx.tables.inviteLinks.get(token);
    if (!link) throw notFound('no invite link has this token');
    if (link.expiresAt <= this.ctx.clock.now()) throw badInput('this invite link has expired');
    const workspace = this.ctx.tables.workspaces.get(link.workspaceId)!;
    if (!workspace.members.has(userId)) {
      workspace.members.set(userId, { userId, role: link.role, joinedAt: this.ctx.clock.now(), departmentId: null, jobTitle: null });
      this.conversations.joinDefaultChannels(workspace.id, userId);
      this.notifications.workspaceJoined(workspace, userId);
    }
    return workspace;
  }

  /**
   * `removeWorkspaceMember`: owners remove anyone but the owner, admins remove members and
   * guests, and anyone but the owner may remove themselves (leave). The removed member leaves
   * every conversation of the workspace, and their subscriptions there end; a department they
   * led is left without a lead.
   */
  removeMember(workspaceId: string, memberId: string, userId: string): string {
    const { workspace, member: caller } = workspaceOfMember(this.ctx.tables, workspaceId, userId);
    requireId(memberId, 'userId');
    const target = workspace.members.get(memberId);
    if (!target) throw notFound(`user ${memberId} is not a member of workspace ${workspaceId}`);
    if (target.role === 'OWNER') throw forbidden('the owner of a workspace cannot be removed');
    if (memberId !== userId) {
      if (!canManageWorkspace(caller)) throw forbidden('only owners and admins can remove members');
      if (target.role === 'ADMIN' && caller.role !== 'OWNER') throw forbidden('only the owner can remove an admin');
    }
    workspace.members.delete(memberId);
    this.departments.memberLeft(workspaceId, memberId);
    workspace.updatedAt = this.ctx.clock.now();
    this.conversations.leaveWorkspace(workspaceId, memberId);
    return memberId;
  }

  /** Adds a member directly (fixtures); `join` is the public way in. */
  addMember(workspaceId: string, userId: string, role: WorkspaceRole): void {
    const workspace = this.ctx.tables.workspaces.get(workspaceId)!;
    workspace.members.set(userId, { userId, role, joinedAt: this.ctx.clock.now(), departmentId: null, jobTitle: null });
    this.conversations.joinDefaultChannels(workspaceId, userId);
  }
}
