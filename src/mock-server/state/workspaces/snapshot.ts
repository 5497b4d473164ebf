import { copy, fill, list, map, same, type AreaCodec } from '../snapshot/codec.js';
import type { SavedWorkspaceTables } from './snapshot-schema.js';
import type { WorkspaceTables } from './tables.js';

/** The workspaces area's tables in a snapshot: a workspace's members as entries, its lists as arrays. */
export const workspacesSnapshot: AreaCodec<WorkspaceTables, SavedWorkspaceTables> = {
  save: (tables) => ({
    workspaces: list(tables.workspaces, (workspace) => ({
      ...workspace,
      purposes: [...workspace.purposes],
      members: list(workspace.members, copy),
      joinEmailDomains: [...workspace.joinEmailDomains],
    })),
    workspacesBySlug: list(tables.workspacesBySlug, same),
    inviteLinks: list(tables.inviteLinks, copy),
    invitations: list(tables.invitations, copy),
    invitationsByToken: list(tables.invitationsByToken, same),
    departments: list(tables.departments, copy),
  }),
  load: (saved, tables) => {
    fill(tables.workspaces, saved.workspaces, (workspace) => ({
      ...workspace,
      purposes: [...workspace.purposes],
      members: map(workspace.members, copy),
      joinEmailDomains: [...workspace.joinEmailDomains],
    }));
    fill(tables.workspacesBySlug, saved.workspacesBySlug, same);
    fill(tables.inviteLinks, saved.inviteLinks, copy);
    fill(tables.invitations, saved.invitations, copy);
    fill(tables.invitationsByToken, saved.invitationsByToken, same);
    fill(tables.departments, saved.departments, copy);
  },
};
