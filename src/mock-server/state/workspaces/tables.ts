import type { DepartmentRecord, InvitationRecord, InviteLinkRecord, WorkspaceRecord } from './records.js';

/** The workspaces area's tables: workspaces with their members, invitations and departments. */
export interface WorkspaceTables {
  readonly workspaces: Map<string, WorkspaceRecord>;
  /** slug -> workspace id */
  readonly workspacesBySlug: Map<string, string>;
  readonly inviteLinks: Map<string, InviteLinkRecord>;
  /** Invitations by email, by id; each also found by its token below. */
  readonly invitations: Map<string, InvitationRecord>;
  /** invitation token -> invitation id */
  readonly invitationsByToken: Map<string, string>;
  readonly departments: Map<string, DepartmentRecord>;
}

export function createWorkspaceTables(): WorkspaceTables {
  return {
    workspaces: new Map(),
    workspacesBySlug: new Map(),
    inviteLinks: new Map(),
    invitations: new Map(),
    invitationsByToken: new Map(),
    departments: new Map(),
  };
}
