import { randomUUID } from 'node:crypto';
import type { MockState } from '../../src/mock-server/state/mock-state.js';
import type { FileFolderRecord, StoredFileRecord, WorkspaceFileVisibility } from '../../src/mock-server/state/files/records.js';
import { gql, ok } from './client.js';
import type { Actor } from './world.js';

/**
 * Arranging the file library in tests.
 *
 * `seedStoredFile` and `seedFolder` write records straight into the state, as `registerStoredFile`
 * and `createFileFolder` would, because those mutations are built on another branch: once they are
 * merged, switch these helpers to call them through HTTP (the tests that use them need not change).
 * `sendAttachment` goes through HTTP already: createUploadUrl, PUT, sendMessage.
 */

export interface StoredFileSeed {
  readonly workspaceId: string;
  readonly uploader: Actor;
  readonly fileName: string;
  readonly contentType: string;
  /** The file's bytes: `size` is their length. @default 16 bytes of 'x' */
  readonly body?: Uint8Array;
  /** @default 'WORKSPACE' */
  readonly visibility?: WorkspaceFileVisibility;
  readonly conversationId?: string | null;
  readonly folderId?: string | null;
  readonly allowDownload?: boolean;
  /** Pinned at this moment (epoch ms), or not pinned. */
  readonly pinnedAt?: number | null;
  /** In the trash since this moment (epoch ms), or not trashed. */
  readonly deletedAt?: number | null;
  /** @default the state's clock */
  readonly createdAt?: number;
}

/** Writes a stored file (its upload with bytes, the record, its bytes counted against the quota) and returns its id. */
export function seedStoredFile(state: MockState, seed: StoredFileSeed): string {
  const now = seed.createdAt ?? state.clock.now();
  const body = seed.body ?? new TextEncoder().encode('x'.repeat(16));
  const key = `up_seed_${randomUUID()}`;
  state.tables.uploads.set(key, {
    key,
    ownerId: seed.uploader.id,
    contentType: seed.contentType,
    fileName: seed.fileName,
    scope: 'PRIVATE',
    createdAt: now,
    expiresAt: now + 15 * 60_000,
    body,
    attachedTo: null,
  });
  state.fileQuota.reserve(seed.workspaceId, body.byteLength);
  const file: StoredFileRecord = {
    id: randomUUID(),
    workspaceId: seed.workspaceId,
    uploadKey: key,
    fileName: seed.fileName,
    contentType: seed.contentType,
    size: body.byteLength,
    uploaderId: seed.uploader.id,
    visibility: seed.visibility ?? 'WORKSPACE',
    allowDownload: seed.allowDownload ?? true,
    conversationId: seed.conversationId ?? null,
    folderId: seed.folderId ?? null,
    pinnedAt: seed.pinnedAt ?? null,
    createdAt: now,
    updatedAt: now,
    deletedAt: seed.deletedAt ?? null,
  };
  state.tables.storedFiles.set(file.id, file);
  return file.id;
}

/** Writes a folder of the file library and returns its id. */
export function seedFolder(state: MockState, workspaceId: string, creator: Actor, name: string, parentId: string | null = null): string {
  const folder: FileFolderRecord = { id: randomUUID(), workspaceId, name, parentId, createdBy: creator.id, createdAt: state.clock.now() };
  state.tables.fileFolders.set(folder.id, folder);
  return folder.id;
}

export interface SentAttachment {
  readonly messageId: string;
  readonly attachmentId: string;
}

/** Uploads `body` (createUploadUrl + PUT) and sends it as the one attachment of a message, through HTTP. */
export async function sendAttachment(
  url: string,
  sender: Actor,
  conversationId: string,
  file: { readonly fileName: string; readonly contentType: string; readonly body?: string; readonly size?: number },
): Promise<SentAttachment> {
  const body = file.body ?? `contents of ${file.fileName}`;
  const { createUploadUrl } = ok(
    await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(
      url,
      'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }',
      { i: { contentType: file.contentType, scope: 'PRIVATE', fileName: file.fileName } },
      sender.token,
    ),
  );
  const put = await fetch(createUploadUrl.uploadUrl, { method: 'PUT', body, headers: { 'content-type': file.contentType, authorization: `Bearer ${sender.token}` } });
  if (!put.ok) throw new Error(`PUT ${createUploadUrl.uploadUrl} answered ${put.status}`);
  const size = file.size ?? new TextEncoder().encode(body).byteLength;
  const { sendMessage } = ok(
    await gql<{ sendMessage: { id: string; attachments: { id: string }[] } }>(
      url,
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id attachments { id } } }',
      { input: { conversationId, clientMessageId: randomUUID(), content: '', attachments: [{ key: createUploadUrl.key, fileName: file.fileName, contentType: file.contentType, size }] } },
      sender.token,
    ),
  );
  return { messageId: sendMessage.id, attachmentId: sendMessage.attachments[0]!.id };
}
