import type { Conversations } from '../conversations/conversations.js';
import type { ConversationType } from '../conversations/records.js';
import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireId } from '../input.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import { foldForSearch, searchTerms } from '../workspaces/directory-search.js';
import type { FileEntry } from './entries.js';
import { fileFormatOf, type FileFormat } from './formats.js';
import type { LibraryEntries } from './library-entries.js';
import { fileOrder, type FileSort } from './library-order.js';

/** Bounds of `fileLibrary`: the mock's choices, SPEC.md leaves them open. */
export const fileLibraryRules = {
  /** `page` starts at 1 and has no upper bound: a page past the end is empty. */
  pageMin: 1,
  pageSizeMin: 1,
  pageSizeMax: 100,
  /** Characters of `search`, after trimming. */
  searchMax: 100,
} as const;

export type FileLibraryScope = 'ALL' | 'CHANNELS' | 'DIRECT' | 'MINE';

/** `FileLibraryInput`, with its defaults applied by GraphQL. */
export interface FileLibraryQuery {
  readonly page: number;
  readonly pageSize: number;
  readonly scope: FileLibraryScope;
  readonly sort: FileSort;
  readonly pinnedOnly: boolean;
  readonly trashed: boolean;
  readonly format?: FileFormat | null;
  readonly folderId?: string | null;
  readonly conversationId?: string | null;
  readonly id?: string | null;
  readonly search?: string | null;
}

export interface FileLibraryPage {
  readonly items: FileEntry[];
  readonly page: number;
  readonly pageSize: number;
  /** Entries that pass the filters, on every page together. */
  readonly totalCount: number;
}

/** The checked form of a query: ids well-formed, search folded into words. */
interface Filters {
  readonly scope: FileLibraryScope;
  readonly pinnedOnly: boolean;
  readonly trashed: boolean;
  readonly format: FileFormat | null;
  readonly folderId: string | null;
  readonly conversationId: string | null;
  readonly id: string | null;
  readonly terms: readonly string[];
}

/**
 * `fileLibrary`: the message attachments and stored files of a workspace that the caller may see,
 * filtered, sorted and paged by number, with an exact `totalCount`. The rules are written down in
 * docs/mock-behaviour.md ("The file library").
 *
 * Order of checks: the form of every argument (BAD_USER_INPUT with its field), then the workspace
 * (NOT_FOUND, or FORBIDDEN for a non-member), then what the ids name (a folder or conversation of
 * this workspace: NOT_FOUND; a conversation the caller is not in: FORBIDDEN). The `id` filter is a
 * filter, not a look-up: an id that names nothing the caller sees gives an empty page.
 */
export class FileLibrary {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly conversations: Conversations,
    private readonly entries: LibraryEntries,
  ) {}

  page(workspaceId: string, query: FileLibraryQuery, userId: string): FileLibraryPage {
    requireId(workspaceId, 'workspaceId');
    const { page, pageSize } = checkPaging(query);
    const filters = checkFilters(query);
    const { conversations } = this;
    this.ctx.access.workspaceOfMember(workspaceId, userId);
    checkTargets(this.ctx.tables, conversations, workspaceId, filters, userId);
    const matching = this.entries.visible(workspaceId, userId, filters).filter((entry) => matches(conversations, entry, filters, userId));
    matching.sort(fileOrder(query.sort));
    const start = (page - 1) * pageSize;
    return { items: matching.slice(start, start + pageSize), page, pageSize, totalCount: matching.length };
  }
}

function checkPaging({ page, pageSize }: FileLibraryQuery): { page: number; pageSize: number } {
  if (!Number.isInteger(page) || page < fileLibraryRules.pageMin) {
    throw badInput(`input.page must be ${fileLibraryRules.pageMin} or more, but got ${page}`, 'input.page');
  }
  if (!Number.isInteger(pageSize) || pageSize < fileLibraryRules.pageSizeMin || pageSize > fileLibraryRules.pageSizeMax) {
    throw badInput(`input.pageSize must be between ${fileLibraryRules.pageSizeMin} and ${fileLibraryRules.pageSizeMax}, but got ${pageSize}`, 'input.pageSize');
  }
  return { page, pageSize };
}

function checkFilters(query: FileLibraryQuery): Filters {
  const search = (query.search ?? '').trim();
  if ([...search].length > fileLibraryRules.searchMax) {
    throw badInput(`input.search must have at most ${fileLibraryRules.searchMax} characters, but got ${quote(search)}`, 'input.search');
  }
  return {
    scope: query.scope,
    pinnedOnly: query.pinnedOnly,
    trashed: query.trashed,
    format: query.format ?? null,
    folderId: query.folderId == null ? null : requireId(query.folderId, 'input.folderId'),
    conversationId: query.conversationId == null ? null : requireId(query.conversationId, 'input.conversationId'),
    id: query.id == null ? null : requireId(query.id, 'input.id'),
    terms: searchTerms(search),
  };
}

/** The folder and the conversation a query names must be of this workspace, and the conversation the caller's. */
function checkTargets(tables: FileTables, conversations: Conversations, workspaceId: string, filters: Filters, userId: string): void {
  if (filters.folderId !== null && tables.fileFolders.get(filters.folderId)?.workspaceId !== workspaceId) {
    throw notFound(`folder ${filters.folderId} does not exist in workspace ${workspaceId}`, 'input.folderId');
  }
  if (filters.conversationId !== null) {
    const conversation = conversations.find(filters.conversationId);
    if (conversation?.workspaceId !== workspaceId) {
      throw notFound(`conversation ${filters.conversationId} does not exist in workspace ${workspaceId}`, 'input.conversationId');
    }
    if (!conversation.members.has(userId)) throw forbidden(`you are not a member of conversation ${filters.conversationId}`);
  }
}

function matches(conversations: Conversations, entry: FileEntry, filters: Filters, userId: string): boolean {
  if ((entry.deletedAt !== null) !== filters.trashed) return false;
  if (filters.pinnedOnly && !entry.isPinned) return false;
  if (filters.id !== null && entry.id !== filters.id) return false;
  if (filters.conversationId !== null && entry.conversationId !== filters.conversationId) return false;
  if (filters.folderId !== null && entry.folderId !== filters.folderId) return false;
  if (filters.format !== null && fileFormatOf(entry.contentType) !== filters.format) return false;
  if (!inScope(conversations, entry, filters.scope, userId)) return false;
  if (filters.terms.length === 0) return true;
  const name = foldForSearch(entry.fileName);
  return filters.terms.every((term) => name.includes(term));
}

/** CHANNELS and DIRECT go by the entry's conversation: a stored file of the whole workspace, in no conversation, is in neither. */
function inScope(conversations: Conversations, entry: FileEntry, scope: FileLibraryScope, userId: string): boolean {
  switch (scope) {
    case 'ALL':
      return true;
    case 'MINE':
      return entry.uploaderId === userId;
    case 'CHANNELS':
      return conversationType(conversations, entry) === 'CHANNEL';
    case 'DIRECT':
      return conversationType(conversations, entry) === 'DIRECT';
  }
}

function conversationType(conversations: Conversations, entry: FileEntry): ConversationType | null {
  return entry.conversationId === null ? null : (conversations.find(entry.conversationId)?.type ?? null);
}
