import { PartMap } from '../changes/tracked-map.js';
import { copy, fill, PART, row, rowWithParts, same, saveRows, type AreaCodec, type RowCodecs } from '../snapshot/codec.js';
import type { WorkspaceMemberRecord, WorkspaceRecord } from './records.js';
import type { SavedWorkspaceTables } from './snapshot-schema.js';
import type { WorkspaceTables } from './tables.js';

const rows: RowCodecs<WorkspaceTables, SavedWorkspaceTables> = {
  // A workspace's members are a part: the log writes one member at a time.
  workspaces: rowWithParts(
    (workspace: WorkspaceRecord) => ({
      ...workspace,
      purposes: [...workspace.purposes],
      members: PART,
      joinEmailDomains: [...workspace.joinEmailDomains],
    }),
    { members: copy<WorkspaceMemberRecord> },
  ),
  workspacesBySlug: row(same),
  inviteLinks: row(copy),
  invitations: row(copy),
  invitationsByToken: row(same),
  departments: row(copy),
};

/** The workspaces area's tables in a snapshot: a workspace's members as entries, its lists as arrays. */
export const workspacesSnapshot: AreaCodec<WorkspaceTables, SavedWorkspaceTables> = {
  rows,
  save: (tables) => saveRows(rows, tables),
  load: (saved, tables) => {
    fill(tables.workspaces, saved.workspaces, (workspace) => ({
      ...workspace,
      purposes: [...workspace.purposes],
      members: PartMap.of(tables.workspaces, workspace.id, 'members', workspace.members.map(([key, member]) => [key, copy(member)] as const)),
      joinEmailDomains: [...workspace.joinEmailDomains],
    }));
    fill(tables.workspacesBySlug, saved.workspacesBySlug, same);
    fill(tables.inviteLinks, saved.inviteLinks, copy);
    fill(tables.invitations, saved.invitations, copy);
    fill(tables.invitationsByToken, saved.invitationsByToken, same);
    fill(tables.departments, saved.departments, copy);
  },
};
