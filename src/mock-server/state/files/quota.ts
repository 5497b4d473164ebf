import type { AreaContext } from '../context.js';
import type { Conversations } from '../conversations/conversations.js';
import type { AttachedMessages } from './attached-messages.js';
import type { FileTables } from './tables.js';
import { DomainError } from '../errors.js';
import { ErrorCode } from '../../../schema/error-codes.js';

/** The storage quota of a workspace. SPEC.md names `quotaBytes` (section 8) but not its value. */
export const defaultQuotaBytes = 5 * 1024 ** 3;

/**
 * Bytes each workspace stores (the bytes uploaded, not the sizes clients report), kept as a running count (never a scan): the attachments of its
 * messages that are not deleted, and its stored files, trashed ones included (the trash still
 * holds them) until deleted for good. A stored file shared into a message counts once.
 *
 * A change that would take a workspace past its quota is refused with QUOTA_EXCEEDED and changes
 * nothing: call {@link FileQuota.reserve} before storing, {@link FileQuota.release} when bytes go.
 */
export class FileQuota {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly conversations: Conversations,
    private readonly messages: AttachedMessages,
    readonly quotaBytes: number = defaultQuotaBytes,
  ) {}

  usedBytes(workspaceId: string): number {
    return this.used.get(workspaceId) ?? 0;
  }

  /** Throws QUOTA_EXCEEDED unless `bytes` more fit, then counts them. */
  reserve(workspaceId: string, bytes: number, argument?: string): void {
    const used = this.usedBytes(workspaceId);
    if (used + bytes > this.quotaBytes) {
      throw new DomainError(
        ErrorCode.QUOTA_EXCEEDED,
        `this workspace stores ${used} of its ${this.quotaBytes} bytes; ${bytes} more do not fit. Delete files from the trash to make room`,
        argument,
      );
    }
    this.used.set(workspaceId, used + bytes);
  }

  release(workspaceId: string, bytes: number): void {
    this.used.set(workspaceId, Math.max(0, this.usedBytes(workspaceId) - bytes));
  }

  /** Sets every running count from the tables (after a snapshot is restored). */
  resync(): void {
    this.used.clear();
    for (const [workspaceId, bytes] of this.recount()) this.used.set(workspaceId, bytes);
  }

  /** For snapshots and checks: every workspace's count, recomputed from the tables. */
  recount(): Map<string, number> {
    const { tables } = this.ctx;
    const counts = new Map<string, number>();
    const add = (workspaceId: string, bytes: number) => counts.set(workspaceId, (counts.get(workspaceId) ?? 0) + bytes);
    for (const file of tables.storedFiles.values()) add(file.workspaceId, file.size);
    for (const message of this.messages.all()) {
      if (message.deletedAt !== null) continue;
      const workspaceId = this.conversations.find(message.conversationId)!.workspaceId;
      for (const attachment of message.attachments) if (attachment.storedFileId === null) add(workspaceId, uploadedBytes(tables, attachment.uploadKey));
    }
    return counts;
  }
}

/** The number of bytes stored under an upload key (0 when nothing was uploaded). */
export function uploadedBytes(tables: FileTables, uploadKey: string): number {
  return tables.uploads.get(uploadKey)?.body?.byteLength ?? 0;
}
