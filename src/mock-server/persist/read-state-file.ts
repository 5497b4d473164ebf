import { readFile } from 'node:fs/promises';
import { SnapshotReplay } from '../state/changes/replay.js';
import { SnapshotError } from '../state/snapshot/errors.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../state/snapshot/format.js';
import type { SnapshotDocument } from '../state/snapshot/schema.js';
import { LOG_LAYOUT, lineJson } from './log-format.js';

/** What a `--persist` file holds, read but not yet restored. */
export interface StateFileContents {
  /** The snapshot document the file holds, checked. */
  readonly document: SnapshotDocument;
  /**
   * Where the file's log stands, or null for a file that is one snapshot document (what Parley
   * wrote before the log, or `GET /dev/snapshot` saved): the writer then writes a base first.
   */
  readonly log: {
    /** Bytes of good lines: appends go here (a torn tail after them is cut off). */
    readonly length: number;
    /** Bytes of the header and base. */
    readonly baseBytes: number;
    /** Bytes after the last newline: a torn last append. */
    readonly tornBytes: number;
  } | null;
}

const NEWLINE = 0x0a;

/** The header's object, when the first line is the header of a log (checked before its checksum, so a wrong version is named as such). */
function logHeader(bytes: Buffer): Record<string, unknown> | null {
  const end = bytes.indexOf(NEWLINE);
  const first = bytes.toString('utf8', 0, end < 0 ? bytes.length : end);
  const tab = first.lastIndexOf('\t');
  if (tab < 0) return null;
  try {
    const header: unknown = JSON.parse(first.slice(0, tab));
    return typeof header === 'object' && header !== null && 'log' in header ? (header as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function checkHeader(header: Record<string, unknown>): void {
  if (header['format'] !== SNAPSHOT_FORMAT) {
    throw new SnapshotError(`this is not a Parley state snapshot: a snapshot is a JSON object with "format": "${SNAPSHOT_FORMAT}".`);
  }
  if (header['version'] !== SNAPSHOT_VERSION) {
    throw new SnapshotError(`snapshot version ${JSON.stringify(header['version'])} is not supported: this Parley reads version ${SNAPSHOT_VERSION}.`);
  }
  if (header['log'] !== LOG_LAYOUT) {
    throw new SnapshotError(`log layout ${JSON.stringify(header['log'])} is not supported: this Parley reads layout ${LOG_LAYOUT}.`);
  }
}

/**
 * Replays a log file's lines: the header, the base (every line whole, up to `{"base":"end"}`),
 * then the appended flushes, the last of which may be torn. Throws a {@link SnapshotError} for
 * anything else: a line whose checksum does not match, a base that ends early, a record that is
 * not valid.
 */
function replayLog(bytes: Buffer): { replay: SnapshotReplay; length: number; baseBytes: number } {
  const replay = new SnapshotReplay();
  let start = bytes.indexOf(NEWLINE) + 1;
  if (start === 0 || lineJson(bytes, 0, start - 1) === null) throw new SnapshotError('its header line is corrupt (its checksum does not match).');
  let baseBytes = 0;
  let number = 1;
  for (let end = bytes.indexOf(NEWLINE, start); end >= 0; start = end + 1, end = bytes.indexOf(NEWLINE, start)) {
    number += 1;
    const json = lineJson(bytes, start, end);
    if (json === null) throw new SnapshotError(`line ${number} is corrupt (its checksum does not match): it is not a torn last write.`);
    let batch: unknown;
    try {
      batch = JSON.parse(json);
    } catch {
      throw new SnapshotError(`line ${number} is not JSON.`);
    }
    if (!Array.isArray(batch)) {
      if (baseBytes === 0 && typeof batch === 'object' && batch !== null && (batch as { base?: unknown }).base === 'end') {
        baseBytes = end + 1;
        continue;
      }
      throw new SnapshotError(`line ${number} is not a list of changes.`);
    }
    for (const record of batch) replay.apply(record);
  }
  if (baseBytes === 0) throw new SnapshotError('the file ends before its base does: it is truncated or corrupt.');
  return { replay, length: start, baseBytes };
}

/**
 * Reads a `--persist` file: a log (header, base, appended changes; a torn last append is left
 * out) or one snapshot document. Null when there is no such file. Throws a {@link SnapshotError}
 * (one sentence) when it is corrupt, of another format or version; other errors (unreadable)
 * are thrown as they are.
 */
export async function readStateFile(file: string): Promise<StateFileContents | null> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  // The checks (and valibot) load only when there is a file to check.
  const { parseSnapshot, validateSnapshot } = await import('../state/snapshot/validate.js');
  const header = logHeader(bytes);
  if (header === null) return { document: parseSnapshot(bytes.toString('utf8')), log: null };
  checkHeader(header);
  const { replay, length, baseBytes } = replayLog(bytes);
  return { document: validateSnapshot(replay.document()), log: { length, baseBytes, tornBytes: bytes.length - length } };
}
