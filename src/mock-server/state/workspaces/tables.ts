import type { DepartmentRecord, InvitationRecord, InviteLinkRecord, WorkspaceRecord } from './records.js';
import { TrackedMap } from '../changes/tracked-map.js';

/** The workspaces area's tables: workspaces with their members, invitations and departments. */
export interface WorkspaceTables {
  readonly workspaces: TrackedMap<string, WorkspaceRecord>;
  /** slug -> workspace id */
  readonly workspacesBySlug: TrackedMap<string, string>;
  readonly inviteLinks: TrackedMap<string, InviteLinkRecord>;
  /** Invitations by email, by id; each also found by its token below. */
  readonly invitations: TrackedMap<string, InvitationRecord>;
  /** invitation token -> invitation id */
  readonly invitationsByToken: TrackedMap<string, string>;
  readonly departments: TrackedMap<string, DepartmentRecord>;
}

export function createWorkspaceTables(): WorkspaceTables {
  return {
    workspaces: new TrackedMap(),
    workspacesBySlug: new TrackedMap(),
    inviteLinks: new TrackedMap(),
    invitations: new TrackedMap(),
    invitationsByToken: new TrackedMap(),
    departments: new TrackedMap(),
  };
}
