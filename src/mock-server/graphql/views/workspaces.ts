import type { WorkspaceRecord } from '../../state/workspaces/records.js';
import type { Workspace } from '../generated/resolvers-types.js';
import { iso } from './time.js';
import { uploadUrl } from './urls.js';

/** Workspace as `viewerId` sees it (`isOwner` is about the viewer). */
export function workspaceView(workspace: WorkspaceRecord, viewerId: string, publicOrigin: string): Workspace {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    iconUrl: workspace.iconKey === null ? null : uploadUrl(publicOrigin, workspace.iconKey),
    isOwner: workspace.members.get(viewerId)?.role === 'OWNER',
    membersCount: workspace.members.size,
    // Invitations by email arrive with the invitations issue; links are not pending invitations.
    pendingInvitations: 0,
    purposes: [...workspace.purposes],
    teamSize: workspace.teamSize,
    createdAt: iso(workspace.createdAt),
    updatedAt: iso(workspace.updatedAt),
  };
}
