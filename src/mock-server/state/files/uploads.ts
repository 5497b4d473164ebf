import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireName } from '../input.js';
import type { UploadRecord, UploadScope } from './records.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import { usedUpload } from './upload-urls.js';
import type { UnusedUploads, UploadReceipt } from './unused-uploads.js';

/** Limits of the upload flow. SPEC.md leaves them open (section 8, gaps); these are the mock's. */
export const uploadRules = {
  /** How long an upload URL accepts its PUT, and how long an upload waits to be used (then it is dropped: see `UnusedUploads`). */
  urlLifetimeMs: 15 * 60_000,
  /** Largest body a PUT may carry. */
  maxBytes: 25 * 1024 * 1024,
  fileNameMax: 255,
} as const;

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** Validates a MIME type such as `image/png` (parameters are not allowed). */
export function requireContentType(value: string, argument: string): string {
  const contentType = value.trim();
  if (!MIME_TYPE.test(contentType)) throw badInput(`${argument} must be a MIME type such as image/png, but got ${quote(value)}`);
  return contentType.toLowerCase();
}

/**
 * Upload keys: `createUploadUrl` issues a key and a URL; the client PUTs the bytes there; the key
 * is then used once, by its creator, before it expires: as their avatar, a workspace's icon, a
 * message's attachment or a stored file. The HTTP door serves the PUT (signed: see `UploadUrls`)
 * and GET of those URLs. What unused uploads may hold, and when they go: `UnusedUploads`.
 */
export class Uploads {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly unused: UnusedUploads,
  ) {}

  /** Throws QUOTA_EXCEEDED (field `input`) when the user holds as much in unused uploads as they may. */
  create(input: { contentType: string; scope: UploadScope; fileName?: string | null }, userId: string): UploadRecord {
    const contentType = requireContentType(input.contentType, 'input.contentType');
    const fileName = input.fileName == null ? null : requireName(input.fileName, 'input.fileName', { max: uploadRules.fileNameMax });
    this.unused.admit(userId);
    const now = this.ctx.clock.now();
    const upload: UploadRecord = {
      key: `up_${this.ctx.secrets(18)}`,
      ownerId: userId,
      contentType,
      fileName,
      scope: input.scope,
      createdAt: now,
      expiresAt: now + uploadRules.urlLifetimeMs,
      body: null,
      attachedTo: null,
    };
    this.ctx.tables.uploads.set(upload.key, upload);
    this.unused.track(upload);
    return upload;
  }

  /**
   * Stores the bytes PUT to an upload URL. Who may write is the door's question, asked first
   * (`UploadUrls.writable`), and the door counts the bytes as they come ({@link receive});
   * fixtures write directly. Throws NOT_FOUND for an unknown or expired key, CONFLICT once the
   * key is used (asked again here: it may have been used while the body came), QUOTA_EXCEEDED
   * when the owner's unused uploads would hold more than they may.
   */
  put(key: string, body: Uint8Array): UploadRecord {
    const upload = this.unused.peek(key);
    if (!upload) throw notFound('no upload URL has this key, or it expired (an upload not used by its expiry is dropped)');
    if (upload.attachedTo !== null) throw usedUpload();
    if (body.byteLength > uploadRules.maxBytes) throw badInput(`an upload may have at most ${uploadRules.maxBytes} bytes`);
    this.unused.store(upload, body);
    return this.ctx.tables.uploads.update(key, (draft) => {
      draft.body = body;
    });
  }

  /**
   * The door's count of a PUT to `upload` as its bytes arrive: `declared` (its Content-Length,
   * when it has one) is checked first, then each chunk; QUOTA_EXCEEDED as soon as one does not fit.
   */
  receive(upload: UploadRecord, declared: number | null): UploadReceipt {
    if (declared !== null) this.unused.fits(upload, declared);
    return this.unused.receive(upload);
  }

  /** The upload under `key`, or undefined (as for one not used by its expiry, which the next sweep drops). Changes nothing. */
  find(key: string): UploadRecord | undefined {
    return this.unused.peek(key);
  }

  /** Drops the uploads that expired unused; returns how many (doors call it now and then, so none lingers). */
  sweep(): number {
    return this.unused.sweep();
  }

  /** Bytes held in unused uploads (PUTs under way included): by `ownerId`, or by everyone. Sweeps first (a change). */
  unusedBytes(ownerId?: string): number {
    return this.unused.bytes(ownerId);
  }

  /** How many upload keys are not used yet (everyone's). Sweeps first (a change). */
  unusedCount(): number {
    return this.unused.count();
  }

  /** Rebuilds the counts of unused uploads from the table (after a snapshot is restored). */
  resync(): void {
    this.unused.resync();
  }

  /**
   * The upload under `key`, checked for use as a picture everyone may see (an avatar, a workspace
   * icon): made by `ownerId`, of scope PUBLIC, an image, its bytes PUT, and unused, or already
   * used by `user` (the user or workspace it is for: setting the same picture again is no new
   * use). `argument` names the argument in errors. Mark it with {@link use} once every argument
   * is checked.
   */
  publicImage(key: string, ownerId: string, argument: string, user: string | null): UploadRecord {
    const upload = this.unused.live(key);
    if (!upload) throw notFound('no upload has this key (or it expired before it was used): ask createUploadUrl for one', argument);
    if (upload.ownerId !== ownerId) throw forbidden('this upload belongs to another user');
    if (upload.attachedTo !== null && upload.attachedTo !== user) {
      throw badInput(`${argument} is already used (an avatar, a workspace icon, an attachment or a stored file): upload the image again`, argument);
    }
    if (upload.scope !== 'PUBLIC') throw badInput(`${argument} must be an upload of scope PUBLIC`, argument);
    if (!upload.contentType.startsWith('image/')) throw badInput(`${argument} must be an image, but the upload is ${upload.contentType}`, argument);
    if (!upload.body) throw badInput('nothing was uploaded under this key yet: PUT the image to its uploadUrl first', argument);
    return upload;
  }

  /** Marks `upload` used by `user` (a user's id for an avatar, a workspace's for an icon): its bytes are final. */
  use(upload: UploadRecord, user: string): void {
    this.unused.use(upload, user);
  }

  /**
   * The picture under `key` that `user` (a user or a workspace) no longer shows, because another
   * replaced it or it was removed: dropped, record and bytes, so that setting a picture again and
   * again holds one, not all of them. Its URL answers 404 from then on. Nothing for null, or for
   * a key `user` does not use.
   */
  retire(key: string | null, user: string): void {
    if (key === null) return;
    const upload = this.ctx.tables.uploads.get(key);
    if (upload?.attachedTo === user) this.ctx.tables.uploads.delete(key);
  }
}
