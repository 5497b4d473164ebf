import type { DepartmentListing } from '../../state/workspaces/departments.js';
import type { DirectoryEntry, DirectoryPage as DirectoryPageRecord } from '../../state/workspaces/directory.js';
import type { DirectorySummary } from '../../state/workspaces/directory-summary.js';
import type { DepartmentView, DirectoryMember, DirectoryPage, MemberDirectorySummary } from '../generated/resolvers-types.js';
import { iso, isoOrNull } from './time.js';
import { avatarUrl } from './urls.js';
import type { UserRecord } from '../../state/accounts/records.js';
import type { WorkspaceMemberRecord } from '../../state/workspaces/records.js';

export function departmentView({ department, lead, memberCount }: DepartmentListing): DepartmentView {
  return {
    id: department.id,
    name: department.name,
    description: department.description,
    lead: lead === null ? null : { userId: lead.id, username: lead.username, displayName: lead.displayName },
    memberCount,
  };
}

/** Who a member of a workspace is, as the directory and search both show it. */
export function memberIdentity(user: UserRecord, member: WorkspaceMemberRecord, publicOrigin: string) {
  return {
    userId: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    avatarUrl: avatarUrl(publicOrigin, user),
    jobTitle: member.jobTitle,
    role: member.role,
  };
}

/** DirectoryMember as the caller sees it (`canManage`, `channels` and `twoFactor` depend on who asks). */
export function directoryMemberView(entry: DirectoryEntry, publicOrigin: string): DirectoryMember {
  const { user, member, department } = entry;
  return {
    ...memberIdentity(user, member, publicOrigin),
    department: department === null ? null : { id: department.id, name: department.name },
    isDepartmentLead: entry.isDepartmentLead,
    channels: [...entry.channels],
    channelCount: entry.channels.length,
    isOnline: entry.isOnline,
    joinedAt: iso(member.joinedAt),
    lastActiveAt: isoOrNull(entry.lastActiveAt),
    canManage: entry.canManage,
    twoFactor: entry.twoFactor === null ? null : { ...entry.twoFactor },
  };
}

export function directoryPageView(page: DirectoryPageRecord, publicOrigin: string): DirectoryPage {
  return { items: page.items.map((entry) => directoryMemberView(entry, publicOrigin)), page: page.page, pageSize: page.pageSize, totalCount: page.totalCount };
}

export function directorySummaryView(summary: DirectorySummary): MemberDirectorySummary {
  return {
    ...summary,
    distribution: summary.distribution.map((share) => ({ ...share })),
    twoFactor: summary.twoFactor === null ? null : { ...summary.twoFactor },
  };
}
