import { ErrorCode } from '../../../schema/error-codes.js';
import { DomainError } from '../errors.js';
import type { AreaContext } from '../context.js';
import type { UploadRecord } from './records.js';
import type { FileTables } from './tables.js';

/** Bytes one user may hold in unused uploads by default: four uploads of the largest size (25 MiB) at once. */
export const defaultMaxUnusedUploadBytes = 100 * 1024 * 1024;

/** Unused upload keys one user may hold at once (each is a record, bytes or not). */
export const maxUnusedUploadKeys = 1000;

/** The `parley mock serve` flag that raises {@link defaultMaxUnusedUploadBytes}, named in refusals. */
export const unusedUploadBytesFlag = '--max-unused-upload-bytes';

/** A PUT being received: {@link add} counts each chunk against its owner's room, {@link end} stops counting it. */
export interface UploadReceipt {
  /** Throws QUOTA_EXCEEDED when `bytes` more do not fit, and counts nothing then. */
  add(bytes: number): void;
  end(): void;
}

const isExpired = (upload: UploadRecord, now: number): boolean => upload.attachedTo === null && upload.expiresAt <= now;

/**
 * Uploads that are not used yet (a key issued by `createUploadUrl`, bytes PUT or not, never an
 * avatar, an icon, an attachment or a stored file), and what each user holds in them. Two rules:
 *
 * - **A cap per user:** the bytes of a user's unused uploads, and of their PUTs being received,
 *   stay within {@link maxBytes}; a PUT that would pass it is refused as its bytes arrive (the
 *   door counts each chunk: {@link receive}), never after buffering them. At most
 *   {@link maxUnusedUploadKeys} keys are unused at once.
 * - **Expiry:** an upload not used by its `expiresAt` (when its URL stops taking PUTs) is dropped,
 *   record and bytes: at once when a write looks it up ({@link live}; a read sees it gone,
 *   {@link peek}), for all of them when an upload is created, and whenever a door calls
 *   {@link sweep}. A used upload is never dropped.
 *
 * Counts are kept as uploads change (never a scan); {@link resync} rebuilds them from the table
 * after a snapshot is restored. Every use of a key goes through {@link use}.
 */
export class UnusedUploads {
  /** Every unused upload by key, in the order they were created, which is the order they expire. */
  private readonly unused = new Map<string, UploadRecord>();
  /** owner -> unused keys */
  private readonly keys = new Map<string, number>();
  /** owner -> bytes PUT under unused keys */
  private readonly held = new Map<string, number>();
  /** owner -> bytes of PUTs being received */
  private readonly receiving = new Map<string, number>();

  constructor(
    private readonly ctx: AreaContext<FileTables>,
    readonly maxBytes: number = defaultMaxUnusedUploadBytes,
  ) {}

  /**
   * Before `ownerId` gets a new key: drops what expired, then throws QUOTA_EXCEEDED (field
   * `input`) when they hold {@link maxUnusedUploadKeys} unused keys, or no byte of room is left.
   */
  admit(ownerId: string): void {
    this.sweep();
    if (count(this.keys, ownerId) >= maxUnusedUploadKeys) {
      throw new DomainError(ErrorCode.QUOTA_EXCEEDED, `you hold ${maxUnusedUploadKeys} upload keys that are not used yet: use them, or wait until they expire`, 'input');
    }
    if (this.maxBytes > 0 && this.heldBy(ownerId) >= this.maxBytes) throw this.full(ownerId, 0, 'input');
  }

  /** A new upload, unused. */
  track(upload: UploadRecord): void {
    this.unused.set(upload.key, upload);
    add(this.keys, upload.ownerId, 1);
  }

  /**
   * Counts `body` as the bytes of the unused `upload` from now on, in place of the ones it had;
   * throws QUOTA_EXCEEDED and changes nothing when the owner's bytes (PUTs being received
   * included) would pass the cap.
   */
  store(upload: UploadRecord, body: Uint8Array): void {
    const before = upload.body?.byteLength ?? 0;
    const after = this.heldBy(upload.ownerId) - before + body.byteLength;
    if (after > this.maxBytes) throw this.full(upload.ownerId, body.byteLength - before);
    add(this.held, upload.ownerId, body.byteLength - before);
  }

  /** Counts the bytes of a PUT to `upload` as they arrive (see {@link UploadReceipt}). */
  receive(upload: UploadRecord): UploadReceipt {
    const owner = upload.ownerId;
    let counted = 0;
    return {
      add: (bytes) => {
        if (this.heldBy(owner) + bytes > this.maxBytes) throw this.full(owner, counted + bytes);
        counted += bytes;
        add(this.receiving, owner, bytes);
      },
      end: () => {
        add(this.receiving, owner, -counted);
        counted = 0;
      },
    };
  }

  /** Throws QUOTA_EXCEEDED unless a PUT of `bytes` (its declared length) fits in its owner's room now. */
  fits(upload: UploadRecord, bytes: number): void {
    if (this.heldBy(upload.ownerId) + bytes > this.maxBytes) throw this.full(upload.ownerId, bytes);
  }

  /** The upload under `key`, or undefined when there is none or it expired unused; changes nothing (for reads). */
  peek(key: string): UploadRecord | undefined {
    const upload = this.ctx.tables.uploads.get(key);
    return upload && !isExpired(upload, this.ctx.clock.now()) ? upload : undefined;
  }

  /** The upload under `key`, or undefined when there is none, or it expired unused (it is dropped then: for writes). */
  live(key: string): UploadRecord | undefined {
    const upload = this.ctx.tables.uploads.get(key);
    if (!upload || !isExpired(upload, this.ctx.clock.now())) return upload;
    this.drop(upload);
    return undefined;
  }

  /** Marks `upload` used by `by` (a message, a stored file, a user, a workspace): its bytes are final, and never swept. */
  use(upload: UploadRecord, by: string): void {
    this.ctx.tables.uploads.update(upload.key, (draft) => {
      draft.attachedTo = by;
    });
    this.forget(upload);
  }

  /** Drops every upload that expired unused; returns how many. */
  sweep(): number {
    const now = this.ctx.clock.now();
    let dropped = 0;
    for (const upload of this.unused.values()) {
      if (upload.attachedTo !== null) {
        // Used without `use` (no code does): it only leaves the count.
        this.forget(upload);
        continue;
      }
      if (upload.expiresAt > now) break;
      this.drop(upload);
      dropped += 1;
    }
    return dropped;
  }

  /** Bytes `ownerId` holds in unused uploads, with PUTs being received; every owner's when none is named. */
  bytes(ownerId?: string): number {
    this.sweep();
    if (ownerId !== undefined) return this.heldBy(ownerId);
    let total = 0;
    for (const bytes of this.held.values()) total += bytes;
    for (const bytes of this.receiving.values()) total += bytes;
    return total;
  }

  /** How many keys are unused (every owner's), after dropping what expired. */
  count(): number {
    this.sweep();
    return this.unused.size;
  }

  /** Rebuilds every count from the table (after a snapshot is restored). */
  resync(): void {
    this.unused.clear();
    this.keys.clear();
    this.held.clear();
    const unused = [...this.ctx.tables.uploads.values()].filter((upload) => upload.attachedTo === null);
    // Expiry order, whatever order the table kept.
    unused.sort((a, b) => a.expiresAt - b.expiresAt);
    for (const upload of unused) {
      this.track(upload);
      add(this.held, upload.ownerId, upload.body?.byteLength ?? 0);
    }
  }

  private heldBy(ownerId: string): number {
    return count(this.held, ownerId) + count(this.receiving, ownerId);
  }

  /** An unused upload goes: its record and its bytes. */
  private drop(upload: UploadRecord): void {
    this.ctx.tables.uploads.delete(upload.key);
    this.forget(upload);
  }

  private forget(upload: UploadRecord): void {
    if (!this.unused.delete(upload.key)) return;
    add(this.keys, upload.ownerId, -1);
    add(this.held, upload.ownerId, -(upload.body?.byteLength ?? 0));
  }

  private full(ownerId: string, wanted: number, field?: string): DomainError {
    return new DomainError(
      ErrorCode.QUOTA_EXCEEDED,
      `you hold ${this.heldBy(ownerId)} bytes in uploads not used yet (PUTs under way included), and may hold ${this.maxBytes}` +
        `${wanted > 0 ? `; ${wanted} more do not fit` : ''}. Use them (an attachment, a stored file, an avatar, an icon) or wait until they expire;` +
        ` the mock's limit is raised with ${unusedUploadBytesFlag}`,
      field,
    );
  }
}

function count(map: Map<string, number>, key: string): number {
  return map.get(key) ?? 0;
}

/** Adds `delta` to `map`'s count of `key`, dropping the entry at zero (so owners with nothing leave no trace). */
function add(map: Map<string, number>, key: string, delta: number): void {
  const next = count(map, key) + delta;
  if (next > 0) map.set(key, next);
  else map.delete(key);
}
