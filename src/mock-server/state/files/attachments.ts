import type { AreaContext } from '../context.js';
import { badInput, notFound } from '../errors.js';
import { quote, requireName } from '../input.js';
import type { AttachmentRecord, MessageRecord } from '../messages/records.js';
import { forgetIndexedAttachments, indexAttachments } from './attachment-index.js';
import { uploadedBytes, type FileQuota } from './quota.js';
import type { StoredFileRecord, UploadRecord } from './records.js';
import { checkSharedFiles, sharedFileAttachment } from './shared-files.js';
import type { FileTables } from './tables.js';
import { requireContentType, uploadRules } from './uploads.js';
import type { UnusedUploads } from './unused-uploads.js';

/** A file sent with a message (`sendMessage`'s `attachments`): an upload key and what the client says of the file. */
export interface AttachmentInput {
  readonly key: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
}

/** An upload that may be sent with a message, and its input with the name and type checked. */
export interface CheckedUpload {
  readonly upload: UploadRecord;
  readonly input: AttachmentInput;
}

/**
 * The files of messages, as the messages area asks for them: it checks what a message would
 * carry ({@link checkUploads}, {@link checkShared}), counts it against the quota
 * ({@link reserve}), makes the attachment records ({@link records}), and then hands the stored
 * message back: {@link attach} when it is sent, {@link release} when it is deleted. Every files
 * record a message touches (an upload's use, where each attachment was sent, the index of each
 * conversation's files, the quota) is written here, never by `Messages`.
 */
export class Attachments {
  constructor(
    private readonly ctx: AreaContext<FileTables>,
    private readonly quota: FileQuota,
    private readonly unused: UnusedUploads,
  ) {}

  /**
   * The uploads `sendMessage` names in `input.attachments`: each issued to the sender by
   * `createUploadUrl`, its bytes PUT, never used before and named once, with a size, a file name
   * and a content type in bounds. How many a message may carry is the messages area's rule.
   */
  checkUploads(attachments: readonly AttachmentInput[], senderId: string): CheckedUpload[] {
    const seen = new Set<string>();
    return attachments.map((attachment, index) => {
      const argument = `input.attachments[${index}]`;
      const upload = this.unused.live(attachment.key);
      if (!upload || upload.ownerId !== senderId) {
        throw notFound(`${argument}.key ${quote(attachment.key)} was not issued to you by createUploadUrl, or it expired before it was used`);
      }
      if (upload.body === null) throw badInput(`${argument}.key has no file yet: PUT the file to its uploadUrl first`);
      if (upload.attachedTo !== null || seen.has(upload.key)) {
        throw badInput(`${argument}.key is already attached to a message`);
      }
      seen.add(upload.key);
      if (!Number.isInteger(attachment.size) || attachment.size < 0 || attachment.size > uploadRules.maxBytes) {
        throw badInput(`${argument}.size must be between 0 and ${uploadRules.maxBytes} bytes`);
      }
      const input: AttachmentInput = {
        key: upload.key,
        fileName: requireName(attachment.fileName, `${argument}.fileName`, { max: uploadRules.fileNameMax }),
        contentType: requireContentType(attachment.contentType, `${argument}.contentType`),
        size: attachment.size,
      };
      return { upload, input };
    });
  }

  /** The stored files `sendMessage` shares (`input.sharedFileIds`): see `checkSharedFiles`. */
  checkShared(ids: readonly string[], workspaceId: string, senderId: string): StoredFileRecord[] {
    return checkSharedFiles(this.ctx, ids, workspaceId, senderId);
  }

  /**
   * Counts the bytes of `uploads` against the workspace's quota, or throws QUOTA_EXCEEDED
   * (argument `input.attachments`) and counts nothing. Shared stored files are counted already.
   */
  reserve(workspaceId: string, uploads: readonly CheckedUpload[]): void {
    if (uploads.length === 0) return;
    const bytes = uploads.reduce((sum, { upload }) => sum + upload.body!.byteLength, 0);
    this.quota.reserve(workspaceId, bytes, 'input.attachments');
  }

  /** The attachment records of a new message: the uploads, then the shared files, each with a new id in that order. */
  records(uploads: readonly CheckedUpload[], shared: readonly StoredFileRecord[]): AttachmentRecord[] {
    return [
      ...uploads.map(
        ({ upload, input }): AttachmentRecord => ({
          id: this.ctx.ids(),
          uploadKey: upload.key,
          storedFileId: null,
          fileName: input.fileName,
          contentType: input.contentType,
          size: input.size,
        }),
      ),
      ...shared.map((file) => sharedFileAttachment(file, this.ctx.ids())),
    ];
  }

  /**
   * A message carrying {@link records} was stored: each upload it carries is used by it from now
   * on (its bytes are final), and each attachment resolves to it, by id and in its conversation's
   * files.
   */
  attach(message: MessageRecord): void {
    const { tables } = this.ctx;
    for (const attachment of message.attachments) {
      if (attachment.storedFileId !== null) continue;
      this.unused.use(tables.uploads.get(attachment.uploadKey)!, message.id);
    }
    for (const attachment of message.attachments) tables.attachmentMessages.set(attachment.id, message.id);
    indexAttachments(tables, message);
  }

  /**
   * A message of `workspaceId` is deleted, before its attachments are emptied: their ids no longer
   * resolve, and the bytes of its own uploads leave the quota. The uploads stay used.
   */
  release(message: MessageRecord, workspaceId: string): void {
    const { tables } = this.ctx;
    forgetIndexedAttachments(tables, message);
    for (const attachment of message.attachments) {
      tables.attachmentMessages.delete(attachment.id);
      if (attachment.storedFileId === null) this.quota.release(workspaceId, uploadedBytes(tables, attachment.uploadKey));
    }
  }
}
