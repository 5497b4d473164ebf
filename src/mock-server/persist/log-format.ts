import { crc32 } from 'node:zlib';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../state/snapshot/format.js';

/**
 * The layout of a `--persist` file (docs/mock-behaviour.md, "Snapshots, reset and --persist"):
 * lines, each `JSON <tab> CRC-32 of the JSON in 8 hex digits <newline>`:
 *
 * 1. the header, `{"format":"parley-state","version":1,"log":1}`;
 * 2. the base: lines of change records (`state/changes/records.ts`) that set every row, then the
 *    line `{"base":"end"}`. Header and base are written to a temporary file and renamed over the
 *    old one, fsynced, so they are whole or absent;
 * 3. then one line per flush: the records of what changed since the flush before, appended and
 *    fsynced. Only the last one can be cut short (a crash in the middle of an append): bytes after
 *    the last newline are a torn tail, and are cut off when the file is loaded.
 *
 * JSON never holds a raw tab, so the last tab of a line ends its JSON.
 */
export const LOG_LAYOUT = 1;

export const HEADER = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, log: LOG_LAYOUT };
export const BASE_END = { base: 'end' };

const hex = (value: number) => value.toString(16).padStart(8, '0');

/** One line of the file: `json`, its checksum, a newline. */
export function line(json: string): string {
  return `${json}${lineEnd(crc32(json))}`;
}

/** What follows a line's JSON whose CRC-32 is `checksum` (for a line made piece by piece). */
export function lineEnd(checksum: number): string {
  return `\t${hex(checksum)}\n`;
}

/** The JSON of one complete line (without its newline), or null when its checksum does not match. */
export function lineJson(bytes: Buffer, start: number, end: number): string | null {
  const tab = bytes.lastIndexOf(0x09, end - 1);
  if (tab < start || end - tab - 1 !== 8) return null;
  const json = bytes.subarray(start, tab);
  if (bytes.toString('latin1', tab + 1, end) !== hex(crc32(json))) return null;
  return json.toString('utf8');
}
