import { RowChanges, type RowChange } from './row-changes.js';

/** A table's changes as taken: each changed row, and each changed entry of a row's parts. */
export interface TakenChanges<K> {
  readonly rows: Map<K, RowChange>;
  readonly parts: Map<K, Map<string, RowChanges<unknown>>>;
}

/**
 * The changes of one table since they were last taken: its rows, and for rows whose record holds
 * a map that grows (a conversation's members and sent message ids, a workspace's members) the
 * entries of that map, so that a change to one member costs one member, not the conversation.
 */
export class TableChanges<K> {
  readonly rows = new RowChanges<K>();
  /** row key -> part name -> the part's changed entries */
  parts = new Map<K, Map<string, RowChanges<unknown>>>();

  /** An entry of the part `part` of row `key` was set (`added`: it was not there) or deleted. */
  part(key: K, part: string, entry: unknown, change: 'set' | 'added' | 'deleted'): void {
    const row = this.rows.get(key);
    // A row added (or moved) since the last take is written whole, parts and all.
    if (row === 'added' || row === 'moved') return;
    let parts = this.parts.get(key);
    if (!parts) this.parts.set(key, (parts = new Map()));
    let entries = parts.get(part);
    if (!entries) parts.set(part, (entries = new RowChanges()));
    if (change === 'deleted') entries.deleted(entry);
    else entries.set(entry, change === 'added');
  }

  /** The changes so far; this starts empty again. */
  take(): TakenChanges<K> {
    const parts = this.parts;
    this.parts = new Map();
    return { rows: this.rows.take(), parts };
  }
}

/**
 * A record of a table as its {@link TrackedMap.update} changes it: the record with its fields
 * writable (one level: a field that holds a readonly array, set or map stays readonly, and is
 * replaced, not changed), or a readonly array, set or map as its writable kind.
 */
export type Draft<V> =
  V extends ReadonlyMap<infer K, infer T> ? Map<K, T> : V extends ReadonlySet<infer T> ? Set<T> : V extends readonly (infer T)[] ? T[] : { -readonly [P in keyof V]: V[P] };

/**
 * A table of the state: a Map that, while changes are being recorded (`--persist`), notes which
 * keys were set and deleted, so that what is written after a change is proportional to the change.
 * Reads are the Map's own. A record is changed only through the table: replaced with `set`, or
 * changed in place with {@link update}, which records the change. Records are typed readonly
 * (their fields, arrays, sets and maps), so a change in place outside {@link update} is a
 * compile error. Recording is off until a journal attaches (`state/changes/journal.ts`), so a
 * mock without `--persist` (and the browser) pays one check per write.
 */
export class TrackedMap<K, V> extends Map<K, V> {
  /** Where changes are recorded, or null (the default) when nobody records them. */
  changes: TableChanges<K> | null = null;

  override set(key: K, value: V): this {
    // Undefined, not null, while Map's constructor sets initial entries before the field exists.
    const changes = this.changes;
    if (!changes) return super.set(key, value);
    const added = !super.has(key);
    super.set(key, value);
    changes.rows.set(key, added);
    return this;
  }

  override delete(key: K): boolean {
    const deleted = super.delete(key);
    if (deleted && this.changes) this.changes.rows.deleted(key);
    return deleted;
  }

  override clear(): void {
    if (this.changes) for (const key of super.keys()) this.changes.rows.deleted(key);
    super.clear();
  }

  /**
   * Changes the record under `key` in place through `change`, which gets it writable, and records
   * the change (the row is written again). Returns the record; throws when there is none.
   */
  update(key: K, change: (draft: Draft<V>) => void): V {
    const value = super.get(key);
    if (value === undefined) throw new Error(`a table has no row ${String(key)} to update`);
    change(value as unknown as Draft<V>);
    this.changes?.rows.set(key, false);
    return value;
  }
}

/**
 * A map inside a record of a {@link TrackedMap} (a conversation's members): its sets and deletes
 * are recorded as changes to that part of that row. Records made without a table at hand (a
 * snapshot's document) use plain Maps; the tables' records always use these.
 */
export class PartMap<K, V> extends Map<K, V> {
  private owner: TrackedMap<string, unknown> | undefined;
  private rowKey = '';
  private part = '';

  /** A part map of row `rowKey` of `owner`, named `part` (the record's field), with `entries`. */
  static of<K, V>(owner: TrackedMap<string, unknown>, rowKey: string, part: string, entries?: Iterable<readonly [K, V]>): PartMap<K, V> {
    const map = new PartMap<K, V>(entries);
    map.owner = owner;
    map.rowKey = rowKey;
    map.part = part;
    return map;
  }

  override set(key: K, value: V): this {
    const changes = this.owner?.changes;
    if (!changes) return super.set(key, value);
    const added = !super.has(key);
    super.set(key, value);
    changes.part(this.rowKey, this.part, key, added ? 'added' : 'set');
    return this;
  }

  override delete(key: K): boolean {
    const deleted = super.delete(key);
    if (deleted) this.owner?.changes?.part(this.rowKey, this.part, key, 'deleted');
    return deleted;
  }

  override clear(): void {
    const changes = this.owner?.changes;
    if (changes) for (const key of super.keys()) changes.part(this.rowKey, this.part, key, 'deleted');
    super.clear();
  }

  /**
   * Changes the entry under `key` in place through `change` (a member's read marker), recording
   * the change as one entry of the part. Returns the entry; throws when there is none.
   */
  update(key: K, change: (draft: Draft<V>) => void): V {
    const value = super.get(key);
    if (value === undefined) throw new Error(`a part has no entry ${String(key)} to update`);
    change(value as unknown as Draft<V>);
    this.owner?.changes?.part(this.rowKey, this.part, key, 'set');
    return value;
  }
}
