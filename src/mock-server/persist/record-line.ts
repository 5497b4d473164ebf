import { crc32 } from 'node:zlib';
import type { ChangeRecord } from '../state/changes/records.js';
import { lineEnd } from './log-format.js';

/** An upload's body from this many characters of base64 is copied into the line as bytes, not through `JSON.stringify`. */
const SPLICED_FROM_CHARS = 4096;

/** The base64 body of a record that sets an upload row, when it is large enough to splice in. */
function largeBody(record: ChangeRecord): string | null {
  if (record[0] !== 's' || record[1] !== 'uploads') return null;
  const body = (record[3] as { body?: unknown }).body;
  return typeof body === 'string' && body.length >= SPLICED_FROM_CHARS ? body : null;
}

/**
 * One line of the log (`log-format.ts`), `[record,record,...]` then its checksum, made piece by
 * piece as bytes with a running CRC-32, so that a base can be written a slice at a time.
 *
 * The bulk of a log under uploads is their bytes, base64 in each upload row's `body` (the files
 * area's codec). Base64 needs no escaping in JSON, so that string is not run through
 * `JSON.stringify` (which scans every character) nor concatenated: the row is written without
 * it, then `"body":"`, the base64 as Latin-1 bytes (one copy), and `"}`. Same JSON, far less work
 * on the event loop; replayed, the row is the same (its `body` comes last).
 */
export class RecordLine {
  private readonly parts: Buffer[] = [];
  private checksum = 0;
  private records = 0;
  /** Bytes so far (without the line's end). */
  bytes = 0;

  /** Adds `records`, in order. */
  add(records: readonly ChangeRecord[]): void {
    let from = 0;
    for (let index = 0; index < records.length; index += 1) {
      const body = largeBody(records[index]!);
      if (body === null) continue;
      this.addJson(records.slice(from, index));
      from = index + 1;
      const [op, table, key, row] = records[index] as readonly ['s', string, string, Record<string, unknown>];
      const { body: _body, ...rest } = row;
      // `["s","uploads","key",{...}]` without its `}]`, then the body as the row's last field.
      const head = JSON.stringify([op, table, key, rest]).slice(0, -2);
      this.addPiece(Buffer.from(`${this.records === 0 ? '[' : ','}${head}${head.endsWith('{') ? '' : ','}"body":"`));
      this.addPiece(Buffer.from(body, 'latin1'));
      this.addPiece(Buffer.from('"}]'));
      this.records += 1;
    }
    this.addJson(from === 0 ? records : records.slice(from));
  }

  /** How many records the line holds. */
  get size(): number {
    return this.records;
  }

  /** The whole line's bytes, its checksum and newline included; the builder is done with. */
  end(): Buffer[] {
    this.addPiece(Buffer.from(this.records === 0 ? '[]' : ']'));
    this.parts.push(Buffer.from(lineEnd(this.checksum)));
    return this.parts;
  }

  private addJson(records: readonly ChangeRecord[]): void {
    if (records.length === 0) return;
    const json = JSON.stringify(records);
    // `[a,b]` then `,c,d`...: the pieces make one JSON array.
    this.addPiece(Buffer.from(this.records === 0 ? json.slice(0, -1) : `,${json.slice(1, -1)}`));
    this.records += records.length;
  }

  private addPiece(piece: Buffer): void {
    this.checksum = crc32(piece, this.checksum);
    this.bytes += piece.length;
    this.parts.push(piece);
  }
}
