import type { InvitationRecord, InviteLinkRecord, WorkspaceRecord } from '../../state/workspaces/records.js';
import type { InviteLinkInfo, PendingWorkspaceInvitation, Workspace } from '../generated/resolvers-types.js';
import { iso } from './time.js';
import type { UserLookups } from './accounts.js';
import { uploadUrl } from './urls.js';

/**
 * Workspace as `viewerId` sees it: `isOwner` is about the viewer, and `pendingInvitations` is
 * what the viewer is shown of the pending invitations (`Invitations.pendingCountFor`: the count
 * for owners and admins, who manage them, 0 for others).
 */
export function workspaceView(workspace: WorkspaceRecord, viewerId: string, pendingInvitations: number, publicOrigin: string): Workspace {
  const role = workspace.members.get(viewerId)?.role;
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    iconUrl: workspace.iconKey === null ? null : uploadUrl(publicOrigin, workspace.iconKey),
    isOwner: role === 'OWNER',
    membersCount: workspace.members.size,
    pendingInvitations,
    purposes: [...workspace.purposes],
    teamSize: workspace.teamSize,
    createdAt: iso(workspace.createdAt),
    updatedAt: iso(workspace.updatedAt),
  };
}

export function invitationView(lookups: UserLookups, invitation: InvitationRecord): PendingWorkspaceInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invitedByName: lookups.user(invitation.invitedBy)?.displayName ?? 'a former member',
    createdAt: iso(invitation.createdAt),
    expiresAt: iso(invitation.expiresAt),
  };
}

export function inviteLinkInfoView(link: InviteLinkRecord, workspace: WorkspaceRecord): InviteLinkInfo {
  return { role: link.role, createdAt: iso(link.createdAt), expiresAt: iso(link.expiresAt), joinEmailDomains: [...workspace.joinEmailDomains] };
}
