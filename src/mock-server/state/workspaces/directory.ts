import type { TwoFactorMethod, UserRecord } from '../accounts/records.js';
import type { Users } from '../accounts/users.js';
import { canManageMember, canManageWorkspace } from '../access.js';
import type { Conversations } from '../conversations/conversations.js';
import type { ConversationRecord } from '../conversations/records.js';
import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireId } from '../input.js';
import type { Presence } from '../live/presence.js';
import type { AreaContext } from '../context.js';
import type { WorkspaceTables } from './tables.js';
import type { Departments } from './departments.js';
import { directoryReader, humanOrder, type DirectoryCaller } from './directory-access.js';
import { matchesSearch, searchTerms } from './directory-search.js';
import type { DepartmentRecord, WorkspaceMemberRecord, WorkspaceRole } from './records.js';

/** Bounds of `memberDirectory`: the mock's choices, SPEC.md leaves them open. */
export const directoryRules = {
  /** `page` starts at 1 and has no upper bound: a page past the end is empty. */
  pageMin: 1,
  pageSizeMin: 1,
  pageSizeMax: 100,
  /** Characters of `search`, after trimming. */
  searchMax: 100,
} as const;

export type MemberStatus = 'ONLINE' | 'OFFLINE' | 'TWO_FACTOR_MISSING';

/** `MemberDirectoryInput`, with its defaults applied by GraphQL. */
export interface DirectoryQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly departmentId?: string | null;
  readonly role?: WorkspaceRole | null;
  readonly search?: string | null;
  readonly status?: MemberStatus | null;
}

/** One member as the caller sees them (`DirectoryMember`). */
export interface DirectoryEntry {
  readonly user: UserRecord;
  readonly member: WorkspaceMemberRecord;
  readonly department: DepartmentRecord | null;
  readonly isDepartmentLead: boolean;
  /** Titles of the member's channels that the caller may see, in name order. */
  readonly channels: readonly string[];
  readonly isOnline: boolean;
  readonly lastActiveAt: number | null;
  /** Whether the caller may change this member's role or remove them. */
  readonly canManage: boolean;
  /** Null when the caller may not see it: only owners, admins and the member themselves may. */
  readonly twoFactor: { readonly enabled: boolean; readonly method: TwoFactorMethod | null } | null;
}

export interface DirectoryPage {
  readonly items: DirectoryEntry[];
  readonly page: number;
  readonly pageSize: number;
  /** Members that pass the filters, on every page together. */
  readonly totalCount: number;
}

/**
 * The member directory of a workspace: filtered, ordered by display name then username, and
 * paged by number (a directory is browsed by page, and its `totalCount` is exact).
 */
export class MemberDirectory {
  constructor(
    private readonly ctx: AreaContext<WorkspaceTables>,
    private readonly users: Users,
    private readonly conversations: Conversations,
    private readonly presence: Presence,
    private readonly departments: Departments,
  ) {}

  /** `memberDirectory`: for non-guest members (see {@link directoryReader}). */
  page(workspaceId: string, query: DirectoryQuery, userId: string): DirectoryPage {
    const reader = directoryReader(this.ctx.access, workspaceId, userId);
    const { page, pageSize } = query;
    if (!Number.isInteger(page) || page < directoryRules.pageMin) {
      throw badInput(`input.page must be ${directoryRules.pageMin} or more, but got ${page}`, 'input.page');
    }
    if (!Number.isInteger(pageSize) || pageSize < directoryRules.pageSizeMin || pageSize > directoryRules.pageSizeMax) {
      throw badInput(`input.pageSize must be between ${directoryRules.pageSizeMin} and ${directoryRules.pageSizeMax}, but got ${pageSize}`, 'input.pageSize');
    }
    const search = (query.search ?? '').trim();
    if ([...search].length > directoryRules.searchMax) {
      throw badInput(`input.search must have at most ${directoryRules.searchMax} characters, but got ${quote(search)}`, 'input.search');
    }
    const departmentId = query.departmentId == null ? null : requireId(query.departmentId, 'input.departmentId');
    // Who has no second factor is for those who can act on it; a filter must not reveal it either.
    if (query.status === 'TWO_FACTOR_MISSING' && !canManageWorkspace(reader.caller)) {
      throw forbidden('only owners and admins can filter the directory by two-factor status');
    }
    if (departmentId !== null && this.ctx.tables.departments.get(departmentId)?.workspaceId !== reader.workspace.id) {
      throw notFound(`department ${departmentId} does not exist in workspace ${reader.workspace.id}`, 'input.departmentId');
    }
    const terms = searchTerms(search);
    const matching = this.ordered(reader).filter(({ member, user }) => {
      if (departmentId !== null && member.departmentId !== departmentId) return false;
      if (query.role != null && member.role !== query.role) return false;
      if (query.status === 'ONLINE' && !this.presence.isPresent(user.id)) return false;
      if (query.status === 'OFFLINE' && this.presence.isPresent(user.id)) return false;
      if (query.status === 'TWO_FACTOR_MISSING' && user.twoFactor !== null) return false;
      return matchesSearch(terms, user);
    });
    const start = (page - 1) * pageSize;
    const channels = this.visibleChannels(reader);
    const items = matching.slice(start, start + pageSize).map(({ member, user }) => this.entry(reader, member, user, channels));
    return { items, page, pageSize, totalCount: matching.length };
  }

  /** One member as `userId` sees them (the answer of `assignMemberDepartment`). */
  member(workspaceId: string, memberId: string, userId: string): DirectoryEntry {
    const reader = directoryReader(this.ctx.access, workspaceId, userId);
    requireId(memberId, 'userId');
    const member = reader.workspace.members.get(memberId);
    if (!member) throw notFound(`user ${memberId} is not a member of workspace ${workspaceId}`, 'userId');
    return this.entry(reader, member, this.users.get(memberId), this.visibleChannels(reader));
  }

  /** Every member in directory order as the caller sees them, unfiltered (the CSV export). */
  everyone(reader: DirectoryCaller): DirectoryEntry[] {
    const channels = this.visibleChannels(reader);
    return this.ordered(reader).map(({ member, user }) => this.entry(reader, member, user, channels));
  }

  /** Members by display name, then username (unique), accents, case and digits ordered as people expect. */
  private ordered({ workspace }: DirectoryCaller): { member: WorkspaceMemberRecord; user: UserRecord }[] {
    const rows = [...workspace.members.values()].map((member) => ({ member, user: this.users.get(member.userId) }));
    return rows.sort(
      (a, b) =>
        humanOrder.compare(a.user.displayName, b.user.displayName) ||
        humanOrder.compare(a.user.username, b.user.username) ||
        (a.user.username < b.user.username ? -1 : a.user.username > b.user.username ? 1 : 0),
    );
  }

  private visibleChannels(reader: DirectoryCaller): ConversationRecord[] {
    const channels = this.conversations.channelsVisibleTo(reader.workspace.id, reader.caller.userId);
    return channels.sort((a, b) => humanOrder.compare(a.title ?? '', b.title ?? ''));
  }

  private entry(reader: DirectoryCaller, member: WorkspaceMemberRecord, user: UserRecord, visible: readonly ConversationRecord[]): DirectoryEntry {
    const department = this.departments.of(member);
    const channels = visible.filter((channel) => channel.members.has(member.userId)).map((channel) => channel.title ?? '');
    const seesTwoFactor = canManageWorkspace(reader.caller) || reader.caller.userId === member.userId;
    return {
      user,
      member,
      department,
      isDepartmentLead: department !== null && department.leadUserId === member.userId,
      channels,
      isOnline: this.presence.isPresent(member.userId),
      lastActiveAt: this.presence.lastActiveAt(member.userId),
      canManage: canManageMember(reader.caller, member),
      twoFactor: seesTwoFactor ? { enabled: user.twoFactor !== null, method: user.twoFactor?.method ?? null } : null,
    };
  }
}
