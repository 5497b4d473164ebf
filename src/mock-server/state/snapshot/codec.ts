/**
 * How one area's tables go into a snapshot document and come back: the area's part of
 * `exportSnapshot` and `restoreSnapshot`. `Saved` is the area's part of the document's `tables`,
 * inferred from the area's schema fragment (`<area>/snapshot-schema.ts`), so a codec that writes
 * or reads a field its schema does not know is a compile error. The codec holds no valibot: the
 * schemas load only when a document is checked, not at start-up.
 */
export interface AreaCodec<OwnTables, Saved> {
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
export const list = <K, V, S>(map: ReadonlyMap<K, V>, save: (value: V) => S): [K, S][] => {
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
