import type { AreaContext } from '../context.js';
import type { Conversations } from '../conversations/conversations.js';
import type { AttachedMessages } from './attached-messages.js';
import { attachmentIdsOf } from './attachment-index.js';
import { attachmentEntry, storedFileEntry, type FileEntry } from './entries.js';
import type { FileTables } from './tables.js';

/** Where to look before the filters run: one entry by id, or one conversation's files, or everything. */
export interface EntryNarrowing {
  readonly id?: string | null;
  readonly conversationId?: string | null;
}

/**
 * The entries of a workspace's file library as one caller sees them (the rules of `entries.ts`),
 * for `fileLibrary`, `fileLibrarySummary` and the files of `workspaceSearch`. An attachment's
 * message and conversation are read through their areas' services.
 */
export class LibraryEntries {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly conversations: Conversations,
    private readonly messages: AttachedMessages,
  ) {}

  /**
   * Every entry of a workspace's file library that `userId` may see (trashed stored files only
   * for those who manage them), in no particular order.
   *
   * What it reads, so that a query costs what the caller can see and not what the workspace
   * holds: the attachments of the caller's own conversations, from the per-conversation index
   * (never walking the messages), and the workspace's stored files. With an `id`, only that entry
   * is looked up; with a `conversationId`, only that conversation's files. The caller still
   * applies every filter: narrowing only saves work.
   */
  visible(workspaceId: string, userId: string, narrowing: EntryNarrowing = {}): FileEntry[] {
    const { tables } = this.ctx;
    if (narrowing.id != null) {
      const entry = this.byId(workspaceId, narrowing.id, userId);
      return entry === null ? [] : [entry];
    }
    const entries: FileEntry[] = [];
    const conversationId = narrowing.conversationId ?? null;
    for (const conversation of this.conversations.ofMember(userId, workspaceId)) {
      if (conversationId !== null && conversation.id !== conversationId) continue;
      for (const attachmentId of attachmentIdsOf(tables, conversation.id)) {
        const entry = this.attachmentById(attachmentId, userId);
        if (entry !== null) entries.push(entry);
      }
    }
    // Stored files are registered one by one, so they are few next to attachments: a pass over them
    // is cheap. (A per-workspace index belongs with registerStoredFile if that ever changes.)
    for (const file of tables.storedFiles.values()) {
      if (file.workspaceId !== workspaceId) continue;
      if (conversationId !== null && file.conversationId !== conversationId) continue;
      const entry = storedFileEntry(this.ctx.access, file, userId);
      if (entry !== null) entries.push(entry);
    }
    return entries;
  }

  /** The entry with this id in this workspace as `userId` sees it, or null (none, elsewhere, or hidden). */
  byId(workspaceId: string, id: string, userId: string): FileEntry | null {
    const file = this.ctx.tables.storedFiles.get(id);
    if (file) return file.workspaceId === workspaceId ? storedFileEntry(this.ctx.access, file, userId) : null;
    const entry = this.attachmentById(id, userId);
    return entry !== null && entry.workspaceId === workspaceId ? entry : null;
  }

  /**
   * The entries `workspaceSearch` may find: those of the workspace that `userId` sees outside the
   * trash and whose file name `nameMatches`. Stored files first, in registration order, then
   * attachments, in the order they were sent; the search ranks them itself.
   */
  named(workspaceId: string, userId: string, nameMatches: (fileName: string) => boolean): FileEntry[] {
    const { tables } = this.ctx;
    const found: FileEntry[] = [];
    for (const file of tables.storedFiles.values()) {
      if (file.workspaceId !== workspaceId || file.deletedAt !== null || !nameMatches(file.fileName)) continue;
      const entry = storedFileEntry(this.ctx.access, file, userId);
      if (entry !== null && entry.deletedAt === null) found.push(entry);
    }
    for (const [attachmentId, messageId] of tables.attachmentMessages) {
      const message = this.messages.find(messageId);
      const attachment = message?.attachments.find((each) => each.id === attachmentId);
      if (!message || !attachment || !nameMatches(attachment.fileName)) continue;
      const entry = attachmentEntry(this.conversations, message, attachment, userId);
      if (entry !== null && entry.workspaceId === workspaceId) found.push(entry);
    }
    return found;
  }

  private attachmentById(attachmentId: string, userId: string): FileEntry | null {
    const messageId = this.ctx.tables.attachmentMessages.get(attachmentId);
    const message = messageId === undefined ? undefined : this.messages.find(messageId);
    const attachment = message?.attachments.find((candidate) => candidate.id === attachmentId);
    return message && attachment ? attachmentEntry(this.conversations, message, attachment, userId) : null;
  }
}
