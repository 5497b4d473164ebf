/** The most named snapshots a mock keeps (`POST /dev/snapshots`). */
export const DEFAULT_MAX_NAMED_SNAPSHOTS = 20;
/** The most bytes (as JSON, UTF-8) the named snapshots of a mock hold in all. @default 64 MiB */
export const DEFAULT_MAX_NAMED_SNAPSHOT_BYTES = 64 * 1024 ** 2;

/** What a snapshot's name may be: 1 to 64 of `A-Z a-z 0-9 . _ -`, not only dots. */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** Why a name or a save was refused: `field` names what to change, `status` the HTTP answer. */
export class NamedSnapshotError extends Error {
  constructor(
    message: string,
    readonly code: 'BAD_USER_INPUT' | 'NOT_FOUND' | 'QUOTA_EXCEEDED',
    readonly field: string,
    readonly status: 400 | 404 | 429,
  ) {
    super(message);
    this.name = 'NamedSnapshotError';
  }
}

/** One saved snapshot, as `GET /dev/snapshots` lists it. */
export interface NamedSnapshotInfo {
  readonly name: string;
  /** ISO 8601, on the mock's clock. */
  readonly savedAt: string;
  /** Its size as JSON, UTF-8. */
  readonly bytes: number;
}

interface Saved extends NamedSnapshotInfo {
  readonly json: string;
}

const encoder = new TextEncoder();

/** `name` when it is a valid snapshot name; a {@link NamedSnapshotError} otherwise. */
export function checkSnapshotName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name) || /^\.+$/.test(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name) : typeof name;
    throw new NamedSnapshotError(`name must be 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-" (not only dots), but got ${shown}`, 'BAD_USER_INPUT', 'name', 400);
  }
  return name;
}

/**
 * Snapshots of the state kept in memory under names (`/dev/snapshots`), for a developer who wants
 * to go back to "before the demo" without a file: at most {@link maxCount} of them and
 * {@link maxBytes} in all. Names are keys of a Map, never of an object or a path. Not persisted:
 * a restart forgets them (download one with `GET /dev/snapshots/file`).
 */
export class NamedSnapshots {
  private readonly saved = new Map<string, Saved>();
  private total = 0;

  constructor(
    readonly maxCount: number = DEFAULT_MAX_NAMED_SNAPSHOTS,
    readonly maxBytes: number = DEFAULT_MAX_NAMED_SNAPSHOT_BYTES,
  ) {
    if (!Number.isInteger(maxCount) || maxCount < 1) throw new RangeError(`devControls.maxNamedSnapshots must be a whole number above 0, but got ${maxCount}`);
    if (!(maxBytes > 0)) throw new RangeError(`devControls.maxNamedSnapshotBytes must be above 0, but got ${maxBytes}`);
  }

  /** Every saved snapshot, in the order they were (last) saved. */
  list(): NamedSnapshotInfo[] {
    return [...this.saved.values()].map(({ name, savedAt, bytes }) => ({ name, savedAt, bytes }));
  }

  /** Bytes held in all. */
  get bytes(): number {
    return this.total;
  }

  /** Keeps `json` under `name`, replacing one of that name; refused past the count or the bytes. */
  save(name: string, json: string, savedAt: number): NamedSnapshotInfo {
    checkSnapshotName(name);
    const bytes = encoder.encode(json).byteLength;
    const replaced = this.saved.get(name);
    const count = this.saved.size + (replaced ? 0 : 1);
    if (count > this.maxCount) {
      throw new NamedSnapshotError(`at most ${this.maxCount} named snapshots are kept: delete one first (DELETE /dev/snapshots?name=...)`, 'QUOTA_EXCEEDED', 'name', 429);
    }
    const total = this.total - (replaced?.bytes ?? 0) + bytes;
    if (total > this.maxBytes) {
      throw new NamedSnapshotError(`named snapshots may hold ${this.maxBytes} bytes in all; this one (${bytes} bytes) would make ${total}: delete one first`, 'QUOTA_EXCEEDED', 'name', 429);
    }
    this.saved.delete(name);
    const entry: Saved = { name, savedAt: new Date(savedAt).toISOString(), bytes, json };
    this.saved.set(name, entry);
    this.total = total;
    return { name, savedAt: entry.savedAt, bytes };
  }

  /** The JSON saved under `name`; NOT_FOUND when there is none. */
  json(name: string): string {
    return this.find(name).json;
  }

  /** Forgets the snapshot saved under `name`; NOT_FOUND when there is none. */
  delete(name: string): void {
    const found = this.find(name);
    this.saved.delete(found.name);
    this.total -= found.bytes;
  }

  private find(name: string): Saved {
    checkSnapshotName(name);
    const found = this.saved.get(name);
    if (!found) throw new NamedSnapshotError(`no snapshot is saved under the name ${JSON.stringify(name)}; GET /dev/snapshots lists them`, 'NOT_FOUND', 'name', 404);
    return found;
  }
}
