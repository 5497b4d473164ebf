import type { Resolvers } from '../generated/resolvers-types.js';
import { iso } from '../views/time.js';
import { invitationView, inviteLinkInfoView, workspaceView } from '../views/workspaces.js';

/**
 * Workspaces, invite links and invitations: createWorkspace, updateWorkspace, generateSlug,
 * workspace(s), createWorkspaceInviteLink, workspaceInviteLinkInfo, setWorkspaceJoinEmailDomains,
 * inviteToWorkspace, pendingWorkspaceInvitations, joinWorkspace, removeWorkspaceMember.
 */
export const workspaceResolvers: Resolvers = {
  Query: {
    workspace: (_root, { id }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state, ctx.state.workspaces.get(id, userId), userId, ctx.publicOrigin);
    },
    workspaces: (_root, _args, ctx) => {
      const userId = ctx.userId();
      return ctx.state.workspaces.listForMember(userId).map((workspace) => workspaceView(ctx.state, workspace, userId, ctx.publicOrigin));
    },
    generateSlug: (_root, { name }, ctx) => {
      ctx.userId();
      return ctx.state.workspaces.generateSlug(name);
    },
    workspaceInviteLinkInfo: (_root, { workspaceId }, ctx) => {
      const current = ctx.state.invitations.currentLink(workspaceId, ctx.userId());
      return current && inviteLinkInfoView(current.link, current.workspace);
    },
    pendingWorkspaceInvitations: (_root, { workspaceId }, ctx) =>
      ctx.state.invitations.pending(workspaceId, ctx.userId()).map((invitation) => invitationView(ctx.state.tables, invitation)),
  },
  Mutation: {
    createWorkspace: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state, ctx.state.workspaces.create(input, userId), userId, ctx.publicOrigin);
    },
    updateWorkspace: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state, ctx.state.workspaces.update(input, userId), userId, ctx.publicOrigin);
    },
    createWorkspaceInviteLink: (_root, { workspaceId, role }, ctx) => {
      const link = ctx.state.workspaces.createInviteLink(workspaceId, role, ctx.userId());
      return { token: link.token, role: link.role, expiresAt: iso(link.expiresAt) };
    },
    setWorkspaceJoinEmailDomains: (_root, { input }, ctx) => ctx.state.invitations.setJoinEmailDomains(input.workspaceId, input.domains, ctx.userId()),
    inviteToWorkspace: (_root, { input }, ctx) => ctx.state.invitations.invite(input, ctx.userId()),
    joinWorkspace: (_root, { token }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state, ctx.state.workspaces.join(token, userId), userId, ctx.publicOrigin);
    },
    removeWorkspaceMember: (_root, { workspaceId, userId: memberId }, ctx) =>
      ctx.state.workspaces.removeMember(workspaceId, memberId, ctx.userId()),
  },
};
