import type { Users } from '../accounts/users.js';
import { canManageWorkspace } from '../access.js';
import type { Presence } from '../live/presence.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import type { Departments } from './departments.js';
import { directoryReader } from './directory-access.js';
import type { WorkspaceRecord } from './records.js';
import { canGrant } from './join-rules.js';

const DAY_MS = 24 * 3_600_000;

/** Windows of the summary: the mock's choices, SPEC.md leaves them open. */
export const summaryRules = {
  /** `joinedThisWeek` counts members who joined less than this long ago. */
  joinedWithinMs: 7 * DAY_MS,
  /** `expiringInvitations` counts pending invitations that expire within this window. */
  expiringWithinMs: 72 * 3_600_000,
  /** The name of the `distribution` entry for members without a department. */
  unassignedName: 'Unassigned',
} as const;

export interface DepartmentShare {
  readonly departmentId: string | null;
  readonly name: string;
  readonly count: number;
}

export interface TwoFactorCompliance {
  readonly total: number;
  readonly protectedCount: number;
  readonly missingCount: number;
  /** Share of members with a second factor, 0 to 100, one decimal. */
  readonly percent: number;
}

export interface DirectorySummary {
  readonly totalCount: number;
  readonly onlineCount: number;
  readonly guestCount: number;
  readonly departmentCount: number;
  readonly joinedThisWeek: number;
  readonly pendingInvitations: number;
  readonly expiringInvitations: number;
  readonly canManage: boolean;
  readonly distribution: DepartmentShare[];
  /** Null for callers who are not owners or admins (who lacks 2FA is theirs to act on). */
  readonly twoFactor: TwoFactorCompliance | null;
}

/** `memberDirectorySummary`: the counters above the member directory. */
export class DirectorySummaries {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly users: Users,
    private readonly presence: Presence,
    private readonly departments: Departments,
  ) {}

  /** For non-guest members (see {@link directoryReader}). */
  summary(workspaceId: string, userId: string): DirectorySummary {
    const { workspace, caller } = directoryReader(this.ctx.access, workspaceId, userId);
    const now = this.ctx.clock.now();
    const members = [...workspace.members.values()];
    const departments = this.departments.inWorkspace(workspace.id);
    const counts = new Map<string | null, number>();
    for (const member of members) counts.set(member.departmentId, (counts.get(member.departmentId) ?? 0) + 1);
    const distribution: DepartmentShare[] = departments.map((department) => ({ departmentId: department.id, name: department.name, count: counts.get(department.id) ?? 0 }));
    const unassigned = counts.get(null) ?? 0;
    if (unassigned > 0) distribution.push({ departmentId: null, name: summaryRules.unassignedName, count: unassigned });
    const protectedCount = members.filter((member) => this.users.get(member.userId).twoFactor !== null).length;
    const invitations = this.invitations(workspace, now);
    return {
      totalCount: members.length,
      onlineCount: members.filter((member) => this.presence.isPresent(member.userId)).length,
      guestCount: members.filter((member) => member.role === 'GUEST').length,
      departmentCount: departments.length,
      joinedThisWeek: members.filter((member) => member.joinedAt > now - summaryRules.joinedWithinMs).length,
      pendingInvitations: invitations.pending,
      expiringInvitations: invitations.expiring,
      canManage: canManageWorkspace(caller),
      distribution,
      twoFactor: canManageWorkspace(caller) ? compliance(members.length, protectedCount) : null,
    };
  }

  /**
   * Invitations by email of this workspace: pending while unexpired and not yet taken up (an
   * address that already belongs to a member is no longer waiting, however joining treats the
   * invitation); expiring when pending and due within {@link summaryRules.expiringWithinMs}.
   */
  private invitations(workspace: WorkspaceRecord, now: number): { pending: number; expiring: number } {
    const memberEmails = new Set([...workspace.members.keys()].map((id) => this.users.get(id).email));
    let pending = 0;
    let expiring = 0;
    for (const invitation of this.ctx.tables.invitations.values()) {
      if (invitation.workspaceId !== workspace.id || invitation.expiresAt <= now || memberEmails.has(invitation.email)) continue;
      // One whose inviter can no longer grant its role does not work (join-rules.ts): nobody waits on it.
      if (!canGrant(workspace.members.get(invitation.invitedBy), invitation.role)) continue;
      pending++;
      if (invitation.expiresAt <= now + summaryRules.expiringWithinMs) expiring++;
    }
    return { pending, expiring };
  }
}

/** Percent with one decimal; a workspace without members (never the case for a caller) is 100% compliant. */
function compliance(total: number, protectedCount: number): TwoFactorCompliance {
  const percent = total === 0 ? 100 : Math.round((protectedCount * 1000) / total) / 10;
  return { total, protectedCount, missingCount: total - protectedCount, percent };
}
