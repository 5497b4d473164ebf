import { forbidden, notFound } from '../errors.js';
import { requireId } from '../input.js';
import type { AttachmentRecord, MessageRecord } from '../messages/records.js';
import type { AreaContext } from '../context.js';
import type { FileTables } from './tables.js';
import { canManageStoredFile, canSeeStoredFile, storedFileEntry } from './entries.js';
import { isAttachmentAccessible } from './shared-files.js';
import { loadJwt, type SigningKey } from './signing-key.js';
import { visibleStoredFile } from './stored-files.js';

/** Signed file URLs. SPEC.md leaves them open; these are the mock's (docs/mock-behaviour.md, "Files"). */
export const fileLinkRules = {
  /** How long a download or preview URL works. */
  lifetimeMs: 5 * 60_000,
  /** Longer tokens are refused unread. */
  tokenMax: 2048,
} as const;

/** `download` serves the file as an attachment (save as), `preview` inline (shown in the browser). */
export type FileLinkPurpose = 'download' | 'preview';

/** What a valid link serves. */
export interface LinkedFile {
  readonly bytes: Uint8Array;
  readonly fileName: string;
  readonly contentType: string;
  readonly purpose: FileLinkPurpose;
  /** Epoch milliseconds; the link stops working then. */
  readonly expiresAt: number;
}


const ISSUER = 'parley-mock/files';
const PURPOSES: readonly string[] = ['download', 'preview'] satisfies FileLinkPurpose[];

/** What a link names: an attachment (`a:<id>`) or a stored file (`s:<id>`). */
type Subject = { readonly kind: 'attachment' | 'stored'; readonly id: string };

const subjectClaim = (subject: Subject) => `${subject.kind === 'attachment' ? 'a' : 's'}:${subject.id}`;

function parseSubject(claim: unknown): Subject | null {
  if (typeof claim !== 'string') return null;
  const match = /^([as]):(.+)$/.exec(claim);
  return match ? { kind: match[1] === 'a' ? 'attachment' : 'stored', id: match[2]! } : null;
}

/**
 * Signed, expiring URLs for the bytes of attachments and stored files. A link is a JWT (HS256,
 * signed with jose) naming the file, the purpose, the caller and the expiry; the HTTP door serves
 * `/files/<token>`. The key is the state's {@link SigningKey}, shared with upload URLs; it lives
 * as long as the state and its snapshots (a restarted mock without one refuses old links).
 *
 * Who gets a link: who may see the file now (an attachment: members of its message's
 * conversation, while the message is not deleted and, for a shared stored file, while that file
 * is not trashed or deleted; a stored file: as `storedFileEntry` says, so a trashed one only its
 * managers). A download link is refused when the file does not allow downloads, unless the caller
 * manages the file. Opening a link checks all of this again for the caller it was issued to, so
 * a file trashed, deleted or closed to them since is refused.
 */
export class FileLinks {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly key: SigningKey,
  ) {}

  /** A token for an attachment's bytes (SPEC.md: `attachmentDownloadUrl`, `attachmentPreviewUrl`). */
  async forAttachment(attachmentId: string, purpose: FileLinkPurpose, userId: string): Promise<string> {
    requireId(attachmentId, 'attachmentId');
    this.attachmentBytes(attachmentId, purpose, userId, 'issue');
    return this.sign({ kind: 'attachment', id: attachmentId }, purpose, userId);
  }

  async forStoredFile(id: string, purpose: FileLinkPurpose, userId: string): Promise<string> {
    const { file, entry } = visibleStoredFile(this.ctx, id, userId);
    if (purpose === 'download' && !file.allowDownload && !entry.canManage) {
      throw forbidden('this file allows previews only: its uploader turned downloads off');
    }
    return this.sign({ kind: 'stored', id: file.id }, purpose, userId);
  }

  /**
   * The file a token names, checked again for the caller it was issued to. Throws FORBIDDEN for a
   * token that is malformed, tampered with or expired, or whose caller may no longer see the file,
   * and NOT_FOUND when the file is gone (deleted, trashed, or its message deleted).
   */
  async open(token: string): Promise<LinkedFile> {
    const claims = await this.verify(token);
    const { subject, purpose, userId, expiresAt } = claims;
    if (subject.kind === 'attachment') {
      const { attachment, bytes } = this.attachmentBytes(subject.id, purpose, userId, 'open');
      return { bytes, fileName: attachment.fileName, contentType: attachment.contentType, purpose, expiresAt };
    }
    const { tables } = this.ctx;
    const file = tables.storedFiles.get(subject.id);
    if (!file) throw notFound('this file has been deleted');
    const entry = storedFileEntry(this.ctx.access, file, userId);
    if (!entry) {
      if (file.deletedAt !== null && canSeeStoredFile(this.ctx.access, file, userId)) throw notFound('this file has been moved to the trash');
      throw forbidden('the user this link was issued to may no longer see this file');
    }
    if (purpose === 'download' && !file.allowDownload && !entry.canManage) throw forbidden('this file allows previews only');
    const bytes = tables.uploads.get(file.uploadKey)?.body;
    if (!bytes) throw notFound('this file has been deleted');
    return { bytes, fileName: file.fileName, contentType: file.contentType, purpose, expiresAt };
  }

  /**
   * The attachment and its bytes, if `userId` may have them for `purpose`. At `issue` the errors
   * speak of the argument; at `open` they speak of the link.
   */
  private attachmentBytes(attachmentId: string, purpose: FileLinkPurpose, userId: string, moment: 'issue' | 'open'): { attachment: AttachmentRecord; bytes: Uint8Array } {
    const { tables } = this.ctx;
    const gone = moment === 'issue' ? `attachment ${attachmentId} does not exist (or its message was deleted)` : 'this file has been deleted';
    const messageId = tables.attachmentMessages.get(attachmentId);
    if (messageId === undefined) throw notFound(gone, moment === 'issue' ? 'attachmentId' : undefined);
    let message: MessageRecord;
    try {
      ({ message } = this.ctx.access.messageOfMember(messageId, userId, 'attachmentId'));
    } catch (error) {
      throw moment === 'issue' ? error : forbidden('the user this link was issued to may no longer see this file');
    }
    const attachment = message.deletedAt === null ? message.attachments.find((a) => a.id === attachmentId) : undefined;
    if (!attachment || !isAttachmentAccessible(tables, attachment)) throw notFound(gone, moment === 'issue' ? 'attachmentId' : undefined);
    if (purpose === 'download' && attachment.storedFileId !== null) {
      const file = tables.storedFiles.get(attachment.storedFileId)!;
      if (!file.allowDownload && !canManageStoredFile(this.ctx.access, file, userId)) throw forbidden('this shared file allows previews only');
    }
    const bytes = tables.uploads.get(attachment.uploadKey)?.body;
    if (!bytes) throw notFound(gone, moment === 'issue' ? 'attachmentId' : undefined);
    return { attachment, bytes };
  }

  /** The signing key, for a snapshot: null until the first link or upload URL was signed or checked. */
  savedKey(): Uint8Array | null {
    return this.key.saved();
  }

  /** Signs and checks with a snapshot's key from now on, so links and upload URLs issued before it still work. */
  loadKey(key: Uint8Array): void {
    this.key.load(key);
  }

  private async sign(subject: Subject, purpose: FileLinkPurpose, userId: string): Promise<string> {
    const { SignJWT } = await loadJwt();
    const key = await this.key.cryptoKey();
    // Whole seconds, as JWT has them; the clock is the state's, never the system's.
    const now = Math.floor(this.ctx.clock.now() / 1000);
    return new SignJWT({ file: subjectClaim(subject), use: purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + fileLinkRules.lifetimeMs / 1000)
      .sign(key);
  }

  private async verify(token: string): Promise<{ subject: Subject; purpose: FileLinkPurpose; userId: string; expiresAt: number }> {
    if (token.length > fileLinkRules.tokenMax) throw forbidden('this file link is not valid');
    const { jwtVerify } = await loadJwt();
    const key = await this.key.cryptoKey();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: new Date(this.ctx.clock.now()), requiredClaims: ['exp', 'sub'] }));
    } catch (error) {
      const expired = error instanceof Error && 'code' in error && error.code === 'ERR_JWT_EXPIRED';
      throw forbidden(expired ? 'this file link has expired: ask for a new one' : 'this file link is not valid (malformed or tampered with)');
    }
    const subject = parseSubject(payload['file']);
    const purpose = payload['use'];
    if (!subject || typeof purpose !== 'string' || !PURPOSES.includes(purpose) || typeof payload.exp !== 'number') {
      throw forbidden('this file link is not valid (malformed or tampered with)');
    }
    return { subject, purpose: purpose as FileLinkPurpose, userId: payload.sub!, expiresAt: payload.exp * 1000 };
  }
}
