/**
 * What happened to one key since the changes were last taken:
 * - `updated`: it was there then and is there now, changed (its place in the map is the same);
 * - `added`: it was not there then (it goes at the end of the map);
 * - `moved`: it was there then, was deleted and added again (it left its place for the end);
 * - `deleted`: it is not there now.
 */
export type RowChange = 'updated' | 'added' | 'moved' | 'deleted';

/**
 * The keys of one map that changed since the last {@link take}, in the order that, replayed on
 * the map as it was then (an update in place, a delete, an add at the end), gives the map as it
 * is now, order included: a key that is added is moved to the end of this list, as a JS Map
 * moves it. Each key is held once, however often it changed, so a burst of changes to one record
 * costs one entry.
 */
export class RowChanges<K> {
  private changes = new Map<K, RowChange>();

  /** `key` was set; `added` when the map did not have it. */
  set(key: K, added: boolean): void {
    const changes = this.changes;
    const before = changes.get(key);
    if (!added) {
      if (before === undefined) changes.set(key, 'updated');
      return;
    }
    changes.delete(key);
    // Deleted since it was last taken, and added again: it was there then, in another place.
    changes.set(key, before === 'deleted' ? 'moved' : 'added');
  }

  /** `key` was deleted from the map. */
  deleted(key: K): void {
    // (Added since it was last taken and gone again: nothing to say, but saying it is harmless.)
    this.changes.delete(key);
    this.changes.set(key, 'deleted');
  }

  /** What happened to `key`, if anything. */
  get(key: K): RowChange | undefined {
    return this.changes.get(key);
  }

  get size(): number {
    return this.changes.size;
  }

  /** The changes so far, in replay order; this starts empty again. */
  take(): Map<K, RowChange> {
    const taken = this.changes;
    this.changes = new Map();
    return taken;
  }
}
