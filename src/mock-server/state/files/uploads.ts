import { badInput, forbidden, notFound } from '../errors.js';
import { quote, requireName } from '../input.js';
import type { UploadRecord, UploadScope } from './records.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import { usedUpload } from './upload-urls.js';

/** Limits of the upload flow. SPEC.md leaves them open (section 8, gaps); these are the mock's. */
export const uploadRules = {
  /** How long an upload URL accepts its PUT. */
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
 * is then used once, by its creator: as their avatar, a workspace's icon, a message's attachment
 * or a stored file. The HTTP door serves the PUT (signed: see `UploadUrls`) and GET of those URLs.
 */
export class Uploads {
  constructor(private readonly ctx: AreaContext<FileTables>) {}

  create(input: { contentType: string; scope: UploadScope; fileName?: string | null }, userId: string): UploadRecord {
    const now = this.ctx.clock.now();
    const upload: UploadRecord = {
      key: `up_${this.ctx.secrets(18)}`,
      ownerId: userId,
      contentType: requireContentType(input.contentType, 'input.contentType'),
      fileName: input.fileName == null ? null : requireName(input.fileName, 'input.fileName', { max: uploadRules.fileNameMax }),
      scope: input.scope,
      createdAt: now,
      expiresAt: now + uploadRules.urlLifetimeMs,
      body: null,
      attachedTo: null,
    };
    this.ctx.tables.uploads.set(upload.key, upload);
    return upload;
  }

  /**
   * Stores the bytes PUT to an upload URL. Who may write is the door's question, asked first
   * (`UploadUrls.writable`); fixtures write directly. Throws NOT_FOUND for an unknown key,
   * CONFLICT once the key is used (asked again here: it may have been used while the body came).
   */
  put(key: string, body: Uint8Array): UploadRecord {
    const upload = this.ctx.tables.uploads.get(key);
    if (!upload) throw notFound('no upload URL has this key');
    if (upload.expiresAt <= this.ctx.clock.now()) throw badInput('this upload URL has expired; ask for a new one');
    if (upload.attachedTo !== null) throw usedUpload();
    if (body.byteLength > uploadRules.maxBytes) throw badInput(`an upload may have at most ${uploadRules.maxBytes} bytes`);
    upload.body = body;
    this.ctx.tables.uploads.touch(key);
    return upload;
  }

  find(key: string): UploadRecord | undefined {
    return this.ctx.tables.uploads.get(key);
  }

  /**
   * The upload under `key`, checked for use as a picture everyone may see (an avatar, a workspace
   * icon): made by `ownerId`, of scope PUBLIC, an image, its bytes PUT, and unused, or already
   * used by `user` (the user or workspace it is for: setting the same picture again is no new
   * use). `argument` names the argument in errors. Mark it with {@link use} once every argument
   * is checked.
   */
  publicImage(key: string, ownerId: string, argument: string, user: string | null): UploadRecord {
    const upload = this.find(key);
    if (!upload) throw notFound('no upload has this key: ask createUploadUrl for one', argument);
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
    upload.attachedTo = user;
    this.ctx.tables.uploads.touch(upload.key);
  }
}
