import * as v from 'valibot';
import { id, nullableText, table, time, type SavedOf } from '../snapshot/schema-parts.js';

/** What a snapshot holds of the workspaces area (see `snapshot/schema.ts`). */

const workspaceRole = v.picklist(['OWNER', 'ADMIN', 'MEMBER', 'GUEST']);

const workspace = v.strictObject({
  id,
  name: v.string(),
  slug: v.string(),
  iconKey: nullableText,
  purposes: v.array(v.picklist(['DESIGN', 'ENGINEERING', 'OPERATIONS_HR', 'SALES'])),
  teamSize: v.nullable(v.picklist(['TEAM_1_10', 'TEAM_11_50', 'TEAM_51_250', 'TEAM_250_PLUS'])),
  createdAt: time,
  updatedAt: time,
  members: table(v.strictObject({ userId: id, role: workspaceRole, joinedAt: time, departmentId: nullableText, jobTitle: nullableText })),
  joinEmailDomains: v.array(v.string()),
});

const inviteLink = v.strictObject({ token: v.string(), workspaceId: id, role: workspaceRole, createdBy: id, createdAt: time, expiresAt: time });

const invitation = v.strictObject({
  id,
  workspaceId: id,
  email: v.string(),
  role: workspaceRole,
  conversationId: nullableText,
  token: v.string(),
  invitedBy: id,
  createdAt: time,
  expiresAt: time,
});

const department = v.strictObject({ id, workspaceId: id, name: v.string(), description: nullableText, leadUserId: nullableText, createdAt: time });

/** The workspaces area's tables, secondary indexes included. */
export const workspaceTablesSchema = {
  workspaces: table(workspace),
  workspacesBySlug: table(v.string()),
  inviteLinks: table(inviteLink),
  invitations: table(invitation),
  invitationsByToken: table(v.string()),
  departments: table(department),
};

export type SavedWorkspaceTables = SavedOf<typeof workspaceTablesSchema>;
