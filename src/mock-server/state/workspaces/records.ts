/** Workspaces: the records this area stores (plain data; times are epoch milliseconds, enums the schema's values). */

export type WorkspaceRole = 'OWNER' | 'ADMIN' | 'MEMBER' | 'GUEST';
export type WorkspacePurpose = 'DESIGN' | 'ENGINEERING' | 'OPERATIONS_HR' | 'SALES';
export type WorkspaceTeamSize = 'TEAM_1_10' | 'TEAM_11_50' | 'TEAM_51_250' | 'TEAM_250_PLUS';

export interface WorkspaceMemberRecord {
  readonly userId: string;
  role: WorkspaceRole;
  readonly joinedAt: number;
}

export interface WorkspaceRecord {
  readonly id: string;
  name: string;
  slug: string;
  iconKey: string | null;
  purposes: WorkspacePurpose[];
  teamSize: WorkspaceTeamSize | null;
  readonly createdAt: number;
  updatedAt: number;
  /** Insertion-ordered: the order members joined. */
  readonly members: Map<string, WorkspaceMemberRecord>;
}

export interface InviteLinkRecord {
  readonly token: string;
  readonly workspaceId: string;
  readonly role: WorkspaceRole;
  readonly createdBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}
