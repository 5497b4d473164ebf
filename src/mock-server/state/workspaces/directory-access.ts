import { canManageWorkspace, type Access } from '../access.js';
import { forbidden } from '../errors.js';
import type { WorkspaceMemberRecord, WorkspaceRecord } from './records.js';

/**
 * Who may see and change the people of a workspace: departments, the member directory, its
 * summary and the CSV export. Every check starts with `Access.workspaceOfMember`, so a malformed
 * workspace id is BAD_USER_INPUT, an unknown one NOT_FOUND and one the caller is not in FORBIDDEN.
 */

export interface DirectoryCaller {
  readonly workspace: WorkspaceRecord;
  /** The caller's own membership. */
  readonly caller: WorkspaceMemberRecord;
}

/**
 * Reading the directory: owners, admins and members. Guests are outsiders let into a few
 * channels (they cannot even browse public channels), so the workspace's people, with their
 * emails and departments, are closed to them: FORBIDDEN.
 */
export function directoryReader(access: Access, workspaceId: string, userId: string): DirectoryCaller {
  const { workspace, member } = access.workspaceOfMember(workspaceId, userId);
  if (member.role === 'GUEST') throw forbidden('guests cannot see the member directory of a workspace');
  return { workspace, caller: member };
}

/** Changing departments and exporting members: owners and admins only (FORBIDDEN otherwise). */
export function directoryManager(access: Access, workspaceId: string, userId: string, what: string): DirectoryCaller {
  const { workspace, member } = access.workspaceOfMember(workspaceId, userId);
  if (!canManageWorkspace(member)) throw forbidden(`only owners and admins can ${what}`);
  return { workspace, caller: member };
}

/**
 * Names and people are listed in a human order: accents and case set aside, digits compared as
 * numbers ("Team 2" before "Team 10"). One collator for the whole area, so every list agrees.
 */
let collator: Intl.Collator | undefined;
// Made on first use: building a collator loads ICU data, which start-up need not wait for (docs/benchmarks.md, "Start-up").
export const humanOrder = {
  compare: (a: string, b: string): number => (collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true })).compare(a, b),
};
