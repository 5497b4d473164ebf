import type { Resolvers } from '../generated/resolvers-types.js';
import { departmentView, directoryMemberView, directoryPageView, directorySummaryView } from '../views/directory.js';

/**
 * Departments, the member directory and its summary, and the members' CSV export. Who may call
 * what is decided in `state/workspaces/directory-access.ts`.
 */
export const directoryResolvers: Resolvers = {
  Query: {
    departments: (_root, { workspaceId }, ctx) => ctx.state.departments.list(workspaceId, ctx.userId()).map(departmentView),
    memberDirectory: (_root, { workspaceId, input }, ctx) => {
      // `input` is nullable: an explicit null means what leaving it out means, the contract's defaults.
      const query = input ?? { page: 1, pageSize: 10 };
      return directoryPageView(ctx.state.directory.page(workspaceId, query, ctx.userId()), ctx.publicOrigin);
    },
    memberDirectorySummary: (_root, { workspaceId }, ctx) => directorySummaryView(ctx.state.directorySummaries.summary(workspaceId, ctx.userId())),
    exportWorkspaceMembersCsv: (_root, { workspaceId }, ctx) => ctx.state.membersCsv.export(workspaceId, ctx.userId()),
  },
  Mutation: {
    createDepartment: (_root, { workspaceId, input }, ctx) => departmentView(ctx.state.departments.create(workspaceId, input, ctx.userId())),
    updateDepartment: (_root, { workspaceId, id, input }, ctx) => departmentView(ctx.state.departments.update(workspaceId, id, input, ctx.userId())),
    deleteDepartment: (_root, { workspaceId, id }, ctx) => ctx.state.departments.delete(workspaceId, id, ctx.userId()),
    changeWorkspaceMemberRole: (_root, { workspaceId, userId: memberId, role }, ctx) => {
      const userId = ctx.userId();
      ctx.state.workspaces.changeRole(workspaceId, memberId, role, userId);
      return directoryMemberView(ctx.state.directory.member(workspaceId, memberId, userId), ctx.publicOrigin);
    },
    assignMemberDepartment: (_root, { workspaceId, userId: memberId, departmentId }, ctx) => {
      const userId = ctx.userId();
      ctx.state.departments.assign(workspaceId, memberId, departmentId, userId);
      return directoryMemberView(ctx.state.directory.member(workspaceId, memberId, userId), ctx.publicOrigin);
    },
  },
};
