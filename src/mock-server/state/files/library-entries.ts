import type { AreaContext } from '../context.js';
import type { Tables } from '../tables.js';
import { attachmentIdsOf } from './attachment-index.js';
import { attachmentEntry, storedFileEntry, type FileEntry } from './entries.js';

/** Where to look before the filters run: one entry by id, or one conversation's files, or everything. */
export interface EntryNarrowing {
  readonly id?: string | null;
  readonly conversationId?: string | null;
}

/**
 * Every entry of a workspace's file library that `userId` may see (the rules of `entries.ts`:
 * trashed stored files only for those who manage them), in no particular order.
 *
 * What it reads, so that a query costs what the caller can see and not what the workspace holds:
 * the attachments of the caller's own conversations, from the per-conversation index (never the
 * messages), and the workspace's stored files. With an `id`, only that entry is looked up; with a
 * `conversationId`, only that conversation's files. The caller of this function still applies
 * every filter: narrowing only saves work.
 */
export function visibleEntries(ctx: AreaContext<Tables>, workspaceId: string, userId: string, narrowing: EntryNarrowing = {}): FileEntry[] {
  const { tables } = ctx;
  if (narrowing.id != null) {
    const entry = entryById(ctx, workspaceId, narrowing.id, userId);
    return entry === null ? [] : [entry];
  }
  const entries: FileEntry[] = [];
  const conversationId = narrowing.conversationId ?? null;
  for (const conversation of tables.conversations.values()) {
    if (conversation.workspaceId !== workspaceId || !conversation.members.has(userId)) continue;
    if (conversationId !== null && conversation.id !== conversationId) continue;
    for (const attachmentId of attachmentIdsOf(tables, conversation.id)) {
      const entry = attachmentById(tables, attachmentId, userId);
      if (entry !== null) entries.push(entry);
    }
  }
  // Stored files are registered one by one, so they are few next to attachments: a pass over them
  // is cheap. (A per-workspace index belongs with registerStoredFile if that ever changes.)
  for (const file of tables.storedFiles.values()) {
    if (file.workspaceId !== workspaceId) continue;
    if (conversationId !== null && file.conversationId !== conversationId) continue;
    const entry = storedFileEntry(ctx.access, file, userId);
    if (entry !== null) entries.push(entry);
  }
  return entries;
}

/** The entry with this id in this workspace as `userId` sees it, or null (none, elsewhere, or hidden). */
export function entryById(ctx: AreaContext<Tables>, workspaceId: string, id: string, userId: string): FileEntry | null {
  const { tables } = ctx;
  const file = tables.storedFiles.get(id);
  if (file) return file.workspaceId === workspaceId ? storedFileEntry(ctx.access, file, userId) : null;
  const entry = attachmentById(tables, id, userId);
  return entry !== null && entry.workspaceId === workspaceId ? entry : null;
}

function attachmentById(tables: Tables, attachmentId: string, userId: string): FileEntry | null {
  const messageId = tables.attachmentMessages.get(attachmentId);
  const message = messageId === undefined ? undefined : tables.messages.get(messageId);
  const attachment = message?.attachments.find((candidate) => candidate.id === attachmentId);
  return message && attachment ? attachmentEntry(tables, message, attachment, userId) : null;
}
