import type { WorkspaceRecord } from '../../state/workspaces/records.js';
import type { GraphQLContext } from '../context.js';
import type { Resolvers, Workspace } from '../generated/resolvers-types.js';
import { viewLookups } from '../lookups.js';
import { iso } from '../views/time.js';
import { invitationView, inviteLinkInfoView, workspaceView } from '../views/workspaces.js';

/** The Workspace `viewerId` is shown, with the pending invitations they see counted. */
function workspaceSeenBy(ctx: GraphQLContext, workspace: WorkspaceRecord, viewerId: string): Workspace {
  return workspaceView(workspace, viewerId, ctx.state.invitations.pendingCountFor(workspace, viewerId), ctx.publicOrigin);
}

/**
 * Workspaces, invite links and invitations: createWorkspace, updateWorkspace, generateSlug,
 * workspace(s), createWorkspaceInviteLink, workspaceInviteLinkInfo, setWorkspaceJoinEmailDomains,
 * inviteToWorkspace, pendingWorkspaceInvitations, joinWorkspace, removeWorkspaceMember.
 */
export const workspaceResolvers: Resolvers = {
  Query: {
    workspace: (_root, { id }, ctx) => {
      const userId = ctx.userId();
      return workspaceSeenBy(ctx, ctx.state.workspaces.get(id, userId), userId);
    },
    workspaces: (_root, _args, ctx) => {
      const userId = ctx.userId();
      return ctx.state.workspaces.listForMember(userId).map((workspace) => workspaceSeenBy(ctx, workspace, userId));
    },
    generateSlug: (_root, { name }, ctx) => {
      ctx.userId();
      return ctx.state.workspaces.generateSlug(name);
    },
    workspaceInviteLinkInfo: (_root, { workspaceId }, ctx) => {
      const current = ctx.state.invitations.currentLink(workspaceId, ctx.userId());
      return current && inviteLinkInfoView(current.link, current.workspace);
    },
    pendingWorkspaceInvitations: (_root, { workspaceId }, ctx) => {
      const lookups = viewLookups(ctx.state);
      return ctx.state.invitations.pending(workspaceId, ctx.userId()).map((invitation) => invitationView(lookups, invitation));
    },
  },
  Mutation: {
    createWorkspace: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return workspaceSeenBy(ctx, ctx.state.workspaces.create(input, userId), userId);
    },
    updateWorkspace: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return workspaceSeenBy(ctx, ctx.state.workspaces.update(input, userId), userId);
    },
    createWorkspaceInviteLink: (_root, { workspaceId, role }, ctx) => {
      const link = ctx.state.workspaces.createInviteLink(workspaceId, role, ctx.userId());
      return { token: link.token, role: link.role, expiresAt: iso(link.expiresAt) };
    },
    setWorkspaceJoinEmailDomains: (_root, { input }, ctx) => ctx.state.invitations.setJoinEmailDomains(input.workspaceId, input.domains, ctx.userId()),
    inviteToWorkspace: (_root, { input }, ctx) => ctx.state.invitations.invite(input, ctx.userId()),
    joinWorkspace: (_root, { token }, ctx) => {
      const userId = ctx.userId();
      return workspaceSeenBy(ctx, ctx.state.workspaces.join(token, userId), userId);
    },
    removeWorkspaceMember: (_root, { workspaceId, userId: memberId }, ctx) =>
      ctx.state.workspaces.removeMember(workspaceId, memberId, ctx.userId()),
  },
};
