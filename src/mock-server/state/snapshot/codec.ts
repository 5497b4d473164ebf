/**
 * How one area's tables go into a snapshot document and come back: the area's part of
 * `exportSnapshot` and `restoreSnapshot`. `Saved` is the area's part of the document's `tables`,
 * inferred from the area's schema fragment (`<area>/snapshot-schema.ts`), so a codec that writes
 * or reads a field its schema does not know is a compile error. The codec holds no valibot: the
 * schemas load only when a document is checked, not at start-up.
 */
export interface AreaCodec<OwnTables, Saved> {
  /** How each table saves one row: what {@link save} is made of, and what `--persist` logs. */
  readonly rows: RowCodecs<OwnTables, Saved>;
  /** The area's tables as JSON-compatible entry lists, in each table's order, sharing nothing with the state. */
  save(tables: OwnTables): Saved;
  /**
   * Fills the area's empty tables from what {@link save} wrote, each value a fresh object (the
   * document stays unshared). What the shape cannot say is checked here, with a `SnapshotError`.
   */
  load(saved: Saved, tables: OwnTables): void;
}

/** A saved table, or a Map inside a record: its entries, in its order. */
export type Entries<K, V> = readonly (readonly [K, V])[];

/** The entries of `map`, each value saved by `save`. */
export const list = <K, V, S>(map: Iterable<readonly [K, V]>, save: (value: V) => S): [K, S][] => {
  const saved: [K, S][] = [];
  for (const [key, value] of map) saved.push([key, save(value)]);
  return saved;
};

/** Fills `map` from saved entries, each value made by `load`. */
export function fill<K, S, V>(map: Map<K, V>, saved: Entries<K, S>, load: (value: S) => V): void {
  for (const [key, value] of saved) map.set(key, load(value));
}

/** A new Map of saved entries, each value made by `load`. */
export const map = <K, S, V>(saved: Entries<K, S>, load: (value: S) => V): Map<K, V> => {
  const loaded = new Map<K, V>();
  fill(loaded, saved, load);
  return loaded;
};

/** A value kept as it is (strings, numbers). */
export const same = <V>(value: V): V => value;
/** A shallow copy of a flat record. */
export const copy = <V extends object>(value: V): V => ({ ...value });
/** A new array of the values (a Set or an array saved, an array loaded). */
export const array = <V>(values: Iterable<V>): V[] => [...values];

/** The value type of a Map type. */
type ValueOf<M> = M extends Iterable<readonly [unknown, infer V]> ? V : never;
/** The saved value type of a table's entry list. */
type SavedValueOf<E> = E extends Entries<unknown, infer S> ? S : never;

/**
 * How one row of a table is saved: the snapshot's entry and the `--persist` log's row are the same
 * value. A row whose record holds a map that grows without bound (a conversation's members and
 * sent message ids) names it in `parts`, with how each of its entries is saved: the log then
 * writes the row without it (`shell`, the part `null`) and the part entry by entry, so that a
 * change to one member costs one member.
 */
export interface RowCodec<V, S> {
  /** The row as the snapshot saves it, parts and all. */
  readonly save: (value: V) => S;
  /** The row with each part `null`; only for a row with parts. */
  readonly shell?: (value: V) => S;
  /** Each part (a Map field of the record) and how one of its entries is saved. */
  readonly parts?: { readonly [part: string]: (entry: never) => unknown };
}

/** How each table of an area is saved, row by row, in the order of the snapshot's tables. */
export type RowCodecs<OwnTables, Saved> = { readonly [T in keyof Saved & keyof OwnTables]: RowCodec<ValueOf<OwnTables[T]>, SavedValueOf<Saved[T]>> };

/** What a row's shell holds in place of a part (see {@link rowWithParts}). */
export const PART = null as never;

/** A row codec without parts. */
export const row = <V, S>(save: (value: V) => S): RowCodec<V, S> => ({ save });

/**
 * A row codec with parts: `shell` saves the row with each part `null`; the whole row is the
 * shell with each part's entries filled in, in the part's order (so in the field's place).
 */
export function rowWithParts<V, S>(shell: (value: V) => S, parts: { readonly [part: string]: (entry: never) => unknown }): RowCodec<V, S> {
  const names = Object.keys(parts);
  return {
    shell,
    parts,
    save: (value) => {
      const saved = shell(value) as Record<string, unknown>;
      for (const name of names) saved[name] = list((value as Record<string, ReadonlyMap<unknown, never>>)[name]!, parts[name]!);
      return saved as S;
    },
  };
}

/** An area's tables saved with its row codecs: every table's entries, in the order of `rows`. */
export function saveRows<OwnTables, Saved>(rows: RowCodecs<OwnTables, Saved>, tables: OwnTables): Saved {
  const saved: Record<string, unknown> = {};
  const byName = rows as unknown as Record<string, RowCodec<unknown, unknown>>;
  for (const name of Object.keys(byName)) saved[name] = list((tables as Record<string, Iterable<readonly [unknown, unknown]>>)[name]!, byName[name]!.save);
  return saved as Saved;
}
