import { expect } from 'vitest';
import { gql, ok } from '../../support/client.js';
import type { Actor } from '../../support/world.js';
import { uploadBytes } from '../../support/files.js';

/** Helpers of the files tests: upload bytes the way a client does, register them, ask for links. */

export const ENTRY_FIELDS = 'id kind fileName contentType size deletedAt uploaderId conversationId folderId folderName isPinned allowDownload canManage visibility';

export interface Entry {
  readonly id: string;
  readonly kind: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly size: number;
  readonly deletedAt: string | null;
  readonly uploaderId: string;
  readonly conversationId: string | null;
  readonly folderId: string | null;
  readonly folderName: string | null;
  readonly isPinned: boolean;
  readonly allowDownload: boolean;
  readonly canManage: boolean;
  readonly visibility: string | null;
}

export const REGISTER = `mutation($i: RegisterStoredFileInput!) { registerStoredFile(input: $i) { ${ENTRY_FIELDS} } }`;

/** createUploadUrl, then PUT `bytes` to its URL; returns the key. */
export function upload(url: string, actor: Actor, bytes: Uint8Array, contentType = 'application/octet-stream'): Promise<string> {
  return uploadBytes(url, actor, { fileName: 'upload', contentType }, bytes);
}

export interface RegisterOptions {
  readonly fileName?: string;
  readonly contentType?: string;
  readonly visibility?: 'WORKSPACE' | 'CHANNEL';
  readonly conversationId?: string;
  readonly folderId?: string;
  readonly allowDownload?: boolean;
  readonly bytes?: Uint8Array;
}

/** Uploads and registers a stored file of `workspaceId` as `actor`; returns its entry. */
export async function registerFile(url: string, actor: Actor, workspaceId: string, options: RegisterOptions = {}): Promise<Entry> {
  const bytes = options.bytes ?? new TextEncoder().encode(`file of ${actor.id} ${Math.random()}`);
  const contentType = options.contentType ?? 'text/plain';
  const key = await upload(url, actor, bytes, contentType);
  const input = {
    workspaceId,
    key,
    fileName: options.fileName ?? 'notes.txt',
    contentType,
    size: bytes.byteLength,
    visibility: options.visibility ?? 'WORKSPACE',
    ...(options.conversationId ? { conversationId: options.conversationId } : {}),
    ...(options.folderId ? { folderId: options.folderId } : {}),
    ...(options.allowDownload === undefined ? {} : { allowDownload: options.allowDownload }),
  };
  return ok(await gql<{ registerStoredFile: Entry }>(url, REGISTER, { i: input }, actor.token)).registerStoredFile;
}

export async function createFolder(url: string, actor: Actor, workspaceId: string, name: string, parentId: string | null = null): Promise<string> {
  const { createFileFolder } = ok(await gql<{ createFileFolder: { id: string } }>(url, 'mutation($w: ID!, $n: String!, $p: ID) { createFileFolder(workspaceId: $w, name: $n, parentId: $p) { id } }', { w: workspaceId, n: name, p: parentId }, actor.token));
  return createFileFolder.id;
}

/** One of the four link queries; returns the URL. */
export async function linkOf(url: string, actor: Actor, field: 'storedFileDownloadUrl' | 'storedFilePreviewUrl' | 'attachmentDownloadUrl' | 'attachmentPreviewUrl', id: string): Promise<string> {
  const argument = field.startsWith('attachment') ? 'attachmentId' : 'id';
  const data = ok(await gql<Record<string, string>>(url, `query($id: ID!) { ${field}(${argument}: $id) }`, { id }, actor.token));
  return data[field]!;
}

/** The general channel (the workspace's default conversation) as `actor` lists it. */
export async function defaultChannel(url: string, actor: Actor, workspaceId: string): Promise<string> {
  const { conversations } = ok(await gql<{ conversations: { nodes: { id: string; isDefault: boolean }[] } }>(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id isDefault } } }', { w: workspaceId }, actor.token));
  return conversations.nodes.find((c) => c.isDefault)!.id;
}
