import type { Resolvers } from '../generated/resolvers-types.js';
import { iso } from '../views/time.js';
import { workspaceView } from '../views/workspaces.js';

/** createWorkspace, workspace, workspaces, createWorkspaceInviteLink, joinWorkspace, removeWorkspaceMember. */
export const workspaceResolvers: Resolvers = {
  Query: {
    workspace: (_root, { id }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state.workspaces.get(id, userId), userId, ctx.publicOrigin);
    },
    workspaces: (_root, _args, ctx) => {
      const userId = ctx.userId();
      return ctx.state.workspaces.listForMember(userId).map((workspace) => workspaceView(workspace, userId, ctx.publicOrigin));
    },
  },
  Mutation: {
    createWorkspace: (_root, { input }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state.workspaces.create(input, userId), userId, ctx.publicOrigin);
    },
    createWorkspaceInviteLink: (_root, { workspaceId, role }, ctx) => {
      const link = ctx.state.workspaces.createInviteLink(workspaceId, role, ctx.userId());
      return { token: link.token, role: link.role, expiresAt: iso(link.expiresAt) };
    },
    joinWorkspace: (_root, { token }, ctx) => {
      const userId = ctx.userId();
      return workspaceView(ctx.state.workspaces.join(token, userId), userId, ctx.publicOrigin);
    },
    removeWorkspaceMember: (_root, { workspaceId, userId: memberId }, ctx) =>
      ctx.state.workspaces.removeMember(workspaceId, memberId, ctx.userId()),
  },
};
