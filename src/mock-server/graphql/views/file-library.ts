import type { FileLibraryPage as FileLibraryPageRecord } from '../../state/files/library.js';
import type { FileLibrarySummary as FileLibrarySummaryRecord } from '../../state/files/library-summary.js';
import type { FileLibraryPage, FileLibrarySummary } from '../generated/resolvers-types.js';
import { fileEntryView, type FileEntryLookups } from './files.js';

export function fileLibraryPageView(lookups: FileEntryLookups, page: FileLibraryPageRecord, publicOrigin: string): FileLibraryPage {
  return {
    items: page.items.map((entry) => fileEntryView(lookups, entry, publicOrigin)),
    page: page.page,
    pageSize: page.pageSize,
    totalCount: page.totalCount,
  };
}

export function fileLibrarySummaryView(summary: FileLibrarySummaryRecord): FileLibrarySummary {
  return {
    documents: { ...summary.documents },
    images: { ...summary.images },
    media: { ...summary.media },
    totalCount: summary.totalCount,
    trashedCount: summary.trashedCount,
    usedBytes: summary.usedBytes,
    quotaBytes: summary.quotaBytes,
  };
}
