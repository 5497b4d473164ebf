import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION } from '../snapshot/format.js';
import { SnapshotError } from '../snapshot/errors.js';
import type { RowCodec } from '../snapshot/codec.js';
import { tableCodecs } from './records.js';

type Row = Record<string, unknown>;

const isKey = (value: unknown): value is string => typeof value === 'string';

/**
 * Parts that rows of a table had in logs written by an earlier Parley, and no longer have: their
 * records are read and dropped. A conversation's retry index (`sentByClientId`) is now derived
 * from its messages.
 */
const RETIRED_PARTS: ReadonlyMap<unknown, readonly string[]> = new Map([['conversations', ['sentByClientId']]]);
const isRetired = (table: unknown, part: unknown) => isKey(part) && (RETIRED_PARTS.get(table)?.includes(part) ?? false);

/** `row` without the fields `names` (a copy), or `row` itself when it is not a record. */
function withoutRetired(row: unknown, names: readonly string[]): unknown {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return row;
  const kept: Row = { ...(row as Row) };
  for (const name of names) delete kept[name];
  return kept;
}

/**
 * Replays change records (`records.ts`) into a snapshot document: the rows of each table in the
 * order the live tables had them, each row as the snapshot saves it. The document is then checked
 * and restored as any snapshot is (`validateSnapshot`, `restoreSnapshot`), so a log can hold no
 * row a snapshot could not. A record that is not one of the kinds, or names a table, row or part
 * that is not there, throws a {@link SnapshotError}.
 */
export class SnapshotReplay {
  private readonly codecs = tableCodecs();
  private readonly tables = new Map<string, Map<string, unknown>>();
  private readonly sessions = new Map<string, unknown>();
  private nextSessionId: unknown = 1;
  private fileLinkKey: unknown = null;
  private messageIdKey: unknown = null;
  private count = 0;

  constructor() {
    for (const name of this.codecs.keys()) this.tables.set(name, new Map());
  }

  /** Applies one record (parsed JSON, not trusted). */
  apply(record: unknown): void {
    this.count += 1;
    if (!Array.isArray(record) || typeof record[0] !== 'string') this.refuse('it is not a change record');
    const [kind, a, b, c, d, e] = record as unknown[];
    switch (kind) {
      case 's': {
        const table = this.table(a);
        if (!isKey(b) || c === undefined) this.refuse('a row is set without a key and a value');
        const retired = RETIRED_PARTS.get(a);
        this.setRow(table, this.codecs.get(a as string)!, b, retired ? withoutRetired(c, retired) : c);
        return;
      }
      case 'd':
        if (!isKey(b)) this.refuse('a row is deleted without a key');
        this.table(a).delete(b);
        return;
      case 'ps':
      case 'pd': {
        if (isRetired(a, c)) return;
        const part = this.part(a, b, c);
        if (!isKey(d)) this.refuse(`an entry of part ${String(c)} has no key`);
        if (kind === 'pd') part.delete(d);
        else if (e === undefined) this.refuse(`an entry of part ${String(c)} has no value`);
        else part.set(d, e);
        return;
      }
      case 'S':
        if (!isKey(a) || b === undefined) this.refuse('a session is set without an id and a value');
        this.sessions.set(a, b);
        return;
      case 'D':
        if (!isKey(a)) this.refuse('a session is ended without an id');
        this.sessions.delete(a);
        return;
      case 'v':
        if (a === 'nextSessionId') this.nextSessionId = b;
        else if (a === 'fileLinkKey') this.fileLinkKey = b;
        else if (a === 'messageIdKey') this.messageIdKey = b;
        else this.refuse(`it sets ${JSON.stringify(a)}, which is not a value of the state`);
        return;
      default:
        this.refuse(`its kind ${JSON.stringify(kind)} is unknown`);
    }
  }

  /** The snapshot document the records so far make (to be validated and restored). */
  document(): unknown {
    const tables: Record<string, unknown> = {};
    for (const [name, rows] of this.tables) {
      const parts = Object.keys(this.codecs.get(name)!.parts ?? {});
      tables[name] = [...rows].map(([key, row]) => {
        if (parts.length === 0) return [key, row];
        const saved = { ...(row as Row) };
        for (const part of parts) saved[part] = [...(saved[part] as Map<string, unknown>)];
        return [key, saved];
      });
    }
    return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, tables, sessions: { nextSessionId: this.nextSessionId, sessions: [...this.sessions.values()] }, fileLinkKey: this.fileLinkKey, messageIdKey: this.messageIdKey };
  }

  private setRow(rows: Map<string, unknown>, codec: RowCodec<unknown, unknown>, key: string, value: unknown): void {
    const parts = Object.keys(codec.parts ?? {});
    if (parts.length === 0) {
      rows.set(key, value);
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.refuse(`row ${key} is not a record`);
    const row = value as Row;
    const before = rows.get(key) as Row | undefined;
    const kept = { ...row };
    for (const part of parts) {
      const given = row[part];
      if (given === null) {
        // A shell: the part stays as the row had it.
        if (!before) this.refuse(`row ${key} is updated but was never set`);
        kept[part] = before[part];
      } else if (Array.isArray(given)) {
        kept[part] = new Map(given.map((entry) => (Array.isArray(entry) && isKey(entry[0]) ? [entry[0], entry[1]] : this.refuse(`row ${key} has a part ${part} that is not a list of entries`))));
      } else {
        this.refuse(`row ${key} has a part ${part} that is not a list of entries`);
      }
    }
    rows.set(key, kept);
  }

  private table(name: unknown): Map<string, unknown> {
    const rows = isKey(name) ? this.tables.get(name) : undefined;
    if (!rows) this.refuse(`it names the table ${JSON.stringify(name)}, which a Parley state does not have`);
    return rows;
  }

  private part(tableName: unknown, key: unknown, part: unknown): Map<string, unknown> {
    const rows = this.table(tableName);
    const parts = this.codecs.get(tableName as string)!.parts;
    // Own names only: a part called `constructor` or `toString` in a log names nothing inherited.
    if (!isKey(key) || !isKey(part) || parts === undefined || !Object.hasOwn(parts, part)) {
      this.refuse(`it names no part of a row of table ${JSON.stringify(tableName)}`);
    }
    const row = rows.get(key) as Row | undefined;
    if (!row) this.refuse(`it changes part ${part} of row ${key}, which table ${tableName as string} does not have`);
    return row[part] as Map<string, unknown>;
  }

  private refuse(reason: string): never {
    throw new SnapshotError(`change ${this.count} of the log is not valid: ${reason}.`);
  }
}
