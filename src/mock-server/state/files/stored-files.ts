import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireId, requireName } from '../input.js';
import type { AreaContext } from '../context.js';
import type { Conversations } from '../conversations/conversations.js';
import type { FileTables } from './tables.js';
import { canSeeStoredFile, storedFileEntry, type FileEntry } from './entries.js';
import { folderOfWorkspace } from './folders.js';
import type { FileQuota } from './quota.js';
import type { StoredFileRecord, UploadRecord, WorkspaceFileVisibility } from './records.js';
import { requireContentType, uploadRules } from './uploads.js';
import { accessibleAttachments } from './shared-files.js';
import type { UnusedUploads } from './unused-uploads.js';
import type { AttachmentRecord, MessageRecord } from '../messages/records.js';

export interface NewStoredFile {
  readonly workspaceId: string;
  readonly key: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly visibility: WorkspaceFileVisibility;
  /** @default true */
  readonly allowDownload?: boolean | null;
  readonly conversationId?: string | null;
  readonly folderId?: string | null;
}

/**
 * The stored file `id` and the caller's entry for it: NOT_FOUND when no stored file has the id,
 * FORBIDDEN when the caller may not see it (not a member of its workspace or conversation, a
 * guest and a WORKSPACE file, or the file is in the trash and the caller does not manage it).
 */
export function visibleStoredFile(ctx: AreaContext<FileTables>, id: string, userId: string, argument = 'id'): { file: StoredFileRecord; entry: FileEntry } {
  requireId(id, argument);
  const file = ctx.tables.storedFiles.get(id);
  if (!file) throw notFound(`stored file ${id} does not exist`, argument);
  const entry = storedFileEntry(ctx.access, file, userId);
  if (entry) return { file, entry };
  if (file.deletedAt !== null && canSeeStoredFile(ctx.access, file, userId)) {
    throw forbidden(`stored file ${id} is in the trash; only its uploader and the workspace's owners and admins see it there`);
  }
  throw forbidden(`you may not see stored file ${id}`);
}

/**
 * The stored files of the file library: `registerStoredFile` and what their managers (the
 * uploader, the workspace's owners and admins) do with them. Each returns the caller's entry.
 *
 * The trash: trashing hides a file from everyone but its managers and from messages it was shared
 * into; a trashed file is restored or deleted for good, and until restored it cannot be renamed,
 * moved or pinned. Trashing a trashed file, restoring one that is not trashed, and pinning what is
 * pinned change nothing.
 */
export class StoredFiles {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly quota: FileQuota,
    private readonly conversations: Conversations,
    private readonly unused: UnusedUploads,
  ) {}

  /** The stored files of a workspace's library, trashed ones included, in registration order: for the dev routes (no access check). */
  *ofWorkspace(workspaceId: string): IterableIterator<StoredFileRecord> {
    for (const file of this.ctx.tables.storedFiles.values()) if (file.workspaceId === workspaceId) yield file;
  }

  /** How many stored files there are, in every workspace. */
  get count(): number {
    return this.ctx.tables.storedFiles.size;
  }

  /**
   * The attachments of `message` that are still accessible (see `accessibleAttachments`): a shared
   * stored file's only while it is neither in the trash nor deleted. No access check: whoever may
   * see the message sees these.
   */
  accessibleAttachments(message: MessageRecord): readonly AttachmentRecord[] {
    return accessibleAttachments(this.ctx.tables, message);
  }

  register(input: NewStoredFile, userId: string): FileEntry {
    const { tables } = this.ctx;
    const { workspace, member } = this.ctx.access.workspaceOfMember(input.workspaceId, userId, 'input.workspaceId');
    const isGuest = member.role === 'GUEST';
    if (isGuest && input.visibility !== 'CHANNEL') {
      throw forbidden('guests register files of CHANNEL visibility only, in their own conversations');
    }
    const upload = this.unusedUpload(input.key, userId);
    if (!Number.isInteger(input.size) || input.size !== upload.body!.byteLength) {
      throw badInput(`input.size must be the number of bytes uploaded under this key (${upload.body!.byteLength}), but got ${input.size}`, 'input.size');
    }
    const fileName = requireName(input.fileName, 'input.fileName', { max: uploadRules.fileNameMax });
    const contentType = requireContentType(input.contentType, 'input.contentType');
    let conversationId: string | null = null;
    if (input.conversationId != null) {
      requireId(input.conversationId, 'input.conversationId');
      const conversation = this.conversations.find(input.conversationId);
      if (!conversation || conversation.workspaceId !== workspace.id) {
        throw notFound(`conversation ${input.conversationId} does not exist in this workspace`, 'input.conversationId');
      }
      if (!conversation.members.has(userId)) throw forbidden(`you are not a member of conversation ${conversation.id}`);
      conversationId = conversation.id;
    } else if (input.visibility === 'CHANNEL') {
      throw badInput('input.conversationId is required for a file of CHANNEL visibility', 'input.conversationId');
    }
    let folderId: string | null = null;
    if (input.folderId != null) {
      if (isGuest) throw forbidden('guests have no access to the folders of the file library');
      folderId = folderOfWorkspace(tables, workspace.id, input.folderId, 'input.folderId').id;
    }
    this.quota.reserve(workspace.id, upload.body!.byteLength, 'input.size');

    const now = this.ctx.clock.now();
    const file: StoredFileRecord = {
      id: this.ctx.ids(),
      workspaceId: workspace.id,
      uploadKey: upload.key,
      fileName,
      contentType,
      size: upload.body!.byteLength,
      uploaderId: userId,
      visibility: input.visibility,
      allowDownload: input.allowDownload ?? true,
      conversationId,
      folderId,
      pinnedAt: null,
      createdAt: now,
      updatedAt: now,
      deletedAt: null,
    };
    this.unused.use(upload, file.id);
    tables.storedFiles.set(file.id, file);
    return storedFileEntry(this.ctx.access, file, userId)!;
  }

  /** `moveStoredFile`: into a folder of the same workspace, or to the top (`folderId` null). */
  move(id: string, folderId: string | null | undefined, userId: string): FileEntry {
    const file = this.managedLiveFile(id, userId, 'moved');
    const target = folderId == null ? null : folderOfWorkspace(this.ctx.tables, file.workspaceId, folderId, 'folderId').id;
    if (file.folderId !== target) this.change(file, { folderId: target });
    return this.entry(file, userId);
  }

  /** `renameStoredFile`: the same rules as a file name at registration; names need not be unique. */
  rename(id: string, fileName: string, userId: string): FileEntry {
    const file = this.managedLiveFile(id, userId, 'renamed');
    const name = requireName(fileName, 'fileName', { max: uploadRules.fileNameMax });
    if (file.fileName !== name) this.change(file, { fileName: name });
    return this.entry(file, userId);
  }

  /** `setStoredFilePinned`: one pin per file, seen by everyone who sees the file. */
  setPinned(id: string, pinned: boolean, userId: string): FileEntry {
    const file = this.managedLiveFile(id, userId, pinned ? 'pinned' : 'unpinned');
    if (pinned && file.pinnedAt === null) this.change(file, { pinnedAt: this.ctx.clock.now() });
    if (!pinned && file.pinnedAt !== null) this.change(file, { pinnedAt: null });
    return this.entry(file, userId);
  }

  trash(id: string, userId: string): FileEntry {
    const file = this.managedFile(id, userId);
    if (file.deletedAt === null) this.change(file, { deletedAt: this.ctx.clock.now() });
    return this.entry(file, userId);
  }

  restore(id: string, userId: string): FileEntry {
    const file = this.managedFile(id, userId);
    if (file.deletedAt !== null) this.change(file, { deletedAt: null });
    return this.entry(file, userId);
  }

  /**
   * `deleteStoredFilePermanently`: only from the trash. The record and its bytes (the upload under
   * its key) go, its bytes leave the quota, and messages it was shared into stop showing it.
   */
  deletePermanently(id: string, userId: string): string {
    const file = this.managedFile(id, userId);
    if (file.deletedAt === null) throw badInput(`stored file ${id} is not in the trash: trash it first`, 'id');
    const { tables } = this.ctx;
    tables.storedFiles.delete(file.id);
    tables.uploads.delete(file.uploadKey);
    this.quota.release(file.workspaceId, file.size);
    return file.id;
  }

  /** The caller's upload under `key`, with its bytes, never used before (nor expired). */
  private unusedUpload(key: string, userId: string): UploadRecord {
    const upload = this.unused.live(key);
    if (!upload || upload.ownerId !== userId) throw notFound(`input.key ${quote(key)} was not issued to you by createUploadUrl, or it expired before it was used`, 'input.key');
    if (upload.body === null) throw badInput('input.key has no file yet: PUT the file to its uploadUrl first', 'input.key');
    if (upload.attachedTo !== null) throw badInput('input.key is already used by a message or a stored file: upload the file again', 'input.key');
    return upload;
  }

  private managedFile(id: string, userId: string): StoredFileRecord {
    const { file, entry } = visibleStoredFile(this.ctx, id, userId);
    if (!entry.canManage) throw forbidden('only the uploader and the workspace\'s owners and admins manage a stored file');
    return file;
  }

  private managedLiveFile(id: string, userId: string, verb: string): StoredFileRecord {
    const file = this.managedFile(id, userId);
    if (file.deletedAt !== null) throw badInput(`stored file ${id} is in the trash and cannot be ${verb}: restore it first`, 'id');
    return file;
  }

  /** Sets `fields` of `file`, and its `updatedAt` to now. */
  private change(file: StoredFileRecord, fields: Partial<Pick<StoredFileRecord, 'folderId' | 'fileName' | 'pinnedAt' | 'deletedAt'>>): void {
    const now = this.ctx.clock.now();
    this.ctx.tables.storedFiles.update(file.id, (draft) => {
      Object.assign(draft, fields);
      draft.updatedAt = now;
    });
  }

  private entry(file: StoredFileRecord, userId: string): FileEntry {
    return storedFileEntry(this.ctx.access, file, userId)!;
  }
}
