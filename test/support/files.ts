import { randomUUID } from 'node:crypto';
import type { WorkspaceFileVisibility } from '../../src/mock-server/state/files/records.js';
import { gql, ok } from './client.js';
import type { Actor } from './world.js';

/**
 * Arranging the file library in tests, through HTTP as a client would: `seedStoredFile` uploads
 * (createUploadUrl + PUT) and calls registerStoredFile, then setStoredFilePinned and
 * trashStoredFile as asked; `seedFolder` calls createFileFolder; `sendAttachment` uploads and
 * sends a message. Times (createdAt, when pinned, when trashed) are the server's clock: a test
 * that needs them precise starts the server on a ManualClock and sets it before the call.
 */

export interface StoredFileSeed {
  readonly workspaceId: string;
  /** Registers the file, and pins and trashes it when asked. */
  readonly uploader: Actor;
  readonly fileName: string;
  readonly contentType: string;
  /** The file's bytes: `size` is their length. @default 16 bytes of 'x' */
  readonly body?: Uint8Array;
  /** @default 'WORKSPACE' */
  readonly visibility?: WorkspaceFileVisibility;
  readonly conversationId?: string | null;
  readonly folderId?: string | null;
  /** @default true */
  readonly allowDownload?: boolean;
  /** Pinned (setStoredFilePinned) once registered, at the clock's time. */
  readonly pinned?: boolean;
  /** Trashed (trashStoredFile) once registered (and pinned), at the clock's time. */
  readonly trashed?: boolean;
}

/** createUploadUrl for `file` (scope PRIVATE unless given), then PUT `body` to its URL; returns the key. */
export async function uploadBytes(
  url: string,
  actor: Actor,
  file: { readonly fileName: string; readonly contentType: string; readonly scope?: 'PUBLIC' | 'PRIVATE' },
  body: string | Uint8Array,
): Promise<string> {
  const { createUploadUrl } = ok(
    await gql<{ createUploadUrl: { key: string; uploadUrl: string } }>(
      url,
      'mutation($i: CreateUploadUrlInput!) { createUploadUrl(input: $i) { key uploadUrl } }',
      { i: { contentType: file.contentType, scope: file.scope ?? 'PRIVATE', fileName: file.fileName } },
      actor.token,
    ),
  );
  const put = await fetch(createUploadUrl.uploadUrl, {
    method: 'PUT',
    body: body as string | Uint8Array<ArrayBuffer>,
    headers: { 'content-type': file.contentType, authorization: `Bearer ${actor.token}` },
  });
  if (!put.ok) throw new Error(`PUT ${createUploadUrl.uploadUrl} answered ${put.status}`);
  return createUploadUrl.key;
}

/** Uploads and registers a stored file (then pins and trashes it as asked), through HTTP; returns its id. */
export async function seedStoredFile(url: string, seed: StoredFileSeed): Promise<string> {
  const body = seed.body ?? new TextEncoder().encode('x'.repeat(16));
  const token = seed.uploader.token;
  const key = await uploadBytes(url, seed.uploader, seed, body);
  const input = {
    workspaceId: seed.workspaceId,
    key,
    fileName: seed.fileName,
    contentType: seed.contentType,
    size: body.byteLength,
    visibility: seed.visibility ?? 'WORKSPACE',
    allowDownload: seed.allowDownload ?? true,
    conversationId: seed.conversationId ?? null,
    folderId: seed.folderId ?? null,
  };
  const { registerStoredFile } = ok(
    await gql<{ registerStoredFile: { id: string } }>(url, 'mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { id } }', { i: input }, token),
  );
  const id = registerStoredFile.id;
  if (seed.pinned) ok(await gql(url, 'mutation($id: ID!) { setStoredFilePinned(id: $id, pinned: true) { id } }', { id }, token));
  if (seed.trashed) ok(await gql(url, 'mutation($id: ID!) { trashStoredFile(id: $id) { id } }', { id }, token));
  return id;
}

/** Creates a folder of the file library (createFileFolder) as `creator`; returns its id. */
export async function seedFolder(url: string, workspaceId: string, creator: Actor, name: string, parentId: string | null = null): Promise<string> {
  const { createFileFolder } = ok(
    await gql<{ createFileFolder: { id: string } }>(url, 'mutation($w: ID!, $n: String!, $p: ID) { createFileFolder(workspaceId: $w, name: $n, parentId: $p) { id } }', { w: workspaceId, n: name, p: parentId }, creator.token),
  );
  return createFileFolder.id;
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
  const key = await uploadBytes(url, sender, file, body);
  const size = file.size ?? new TextEncoder().encode(body).byteLength;
  const { sendMessage } = ok(
    await gql<{ sendMessage: { id: string; attachments: { id: string }[] } }>(
      url,
      'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id attachments { id } } }',
      { input: { conversationId, clientMessageId: randomUUID(), content: '', attachments: [{ key, fileName: file.fileName, contentType: file.contentType, size }] } },
      sender.token,
    ),
  );
  return { messageId: sendMessage.id, attachmentId: sendMessage.attachments[0]!.id };
}
