import type { AreaContext } from '../context.js';
import { fileFormatOf } from './formats.js';
import type { LibraryEntries } from './library-entries.js';
import type { FileQuota } from './quota.js';
import type { FileTables } from './tables.js';

export interface FileCategoryStat {
  readonly count: number;
  /** The sum of the entries' `size`, so that it adds up with what `fileLibrary` lists. */
  readonly bytes: number;
}

export interface FileLibrarySummary {
  readonly documents: FileCategoryStat;
  readonly images: FileCategoryStat;
  readonly media: FileCategoryStat;
  /** Every entry the caller sees outside the trash, of any format (DESIGN and OTHER too). */
  readonly totalCount: number;
  /** Stored files in the trash that the caller sees (those they may manage). */
  readonly trashedCount: number;
  /** Bytes the whole workspace stores, whoever asks: what counts against the quota. */
  readonly usedBytes: number;
  readonly quotaBytes: number;
}

/**
 * `fileLibrarySummary`: the counts are of what the caller sees, exactly the entries `fileLibrary`
 * would list them with `scope: ALL` (and `trashed: true` for `trashedCount`); `usedBytes` and
 * `quotaBytes` are the workspace's, the same for every member.
 */
export class FileLibrarySummaries {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly quota: FileQuota,
    private readonly entries: LibraryEntries,
  ) {}

  summary(workspaceId: string, userId: string): FileLibrarySummary {
    const { workspace } = this.ctx.access.workspaceOfMember(workspaceId, userId);
    const stats = { DOCUMENT: { count: 0, bytes: 0 }, IMAGE: { count: 0, bytes: 0 }, MEDIA: { count: 0, bytes: 0 } };
    let totalCount = 0;
    let trashedCount = 0;
    for (const entry of this.entries.visible(workspace.id, userId)) {
      if (entry.deletedAt !== null) {
        trashedCount++;
        continue;
      }
      totalCount++;
      const format = fileFormatOf(entry.contentType);
      if (format === 'DOCUMENT' || format === 'IMAGE' || format === 'MEDIA') {
        stats[format].count++;
        stats[format].bytes += entry.size;
      }
    }
    return {
      documents: stats.DOCUMENT,
      images: stats.IMAGE,
      media: stats.MEDIA,
      totalCount,
      trashedCount,
      usedBytes: this.quota.usedBytes(workspace.id),
      quotaBytes: this.quota.quotaBytes,
    };
  }
}
