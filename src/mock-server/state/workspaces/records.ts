import type { PartMap } from '../changes/tracked-map.js';

/** Workspaces: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type WorkspaceRole = 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST';
export type WorkspacePurpose = 'DESIGN' | 'ENGINEERING' | 'OPERATIONS_HR' | 'SALES';
export type WorkspaceTeamSize = 'TEAM_1_10' | 'TEAM_11_50' | 'TEAM_51_250' | 'TEAM_250_PLUS';

export interface WorkspaceMemberRecord {
  readonly userId: string;
  readonly role: WorkspaceRole;
  readonly joinedAt: number;
  /** The department the member belongs to in this workspace, if any. */
  readonly departmentId: string | null;
  readonly jobTitle: string | null;
}

export interface WorkspaceRecord {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly iconKey: string | null;
  readonly purposes: readonly WorkspacePurpose[];
  readonly teamSize: WorkspaceTeamSize | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Insertion-ordered: the order members joined. */
  readonly members: PartMap<string, WorkspaceMemberRecord>;
  /** Lower-cased email domains allowed to join by invite link; empty: anyone with the link. */
  readonly joinEmailDomains: readonly string[];
}

export interface InviteLinkRecord {
  readonly token: string;
  readonly workspaceId: string;
  readonly role: WorkspaceRole;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** An invitation by email (`inviteToWorkspace`): pending until joined or expired. */
export interface InvitationRecord {
  readonly id: string;
  readonly workspaceId: string;
  /** Lower-cased. */
  readonly email: string;
  readonly role: WorkspaceRole;
  /** A channel the invitee also joins on joining the workspace. */
  readonly conversationId: string | null;
  /** What the invitation mail carries; `joinWorkspace` takes it. */
  readonly token: string;
  readonly invitedBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

export interface DepartmentRecord {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly description: string | null;
  /** A member of the workspace, or null. */
  readonly leadUserId: string | null;
  readonly createdAt: number;
}
