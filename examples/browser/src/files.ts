import { request } from './api.js';

const UPLOAD = 'mutation CreateUploadUrl($input: CreateUploadUrlInput!) { createUploadUrl(input: $input) { key uploadUrl } }';
const SEND = 'mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { attachments { id } } }';
const LINKS = 'query Links($id: ID!) { attachmentDownloadUrl(attachmentId: $id) attachmentPreviewUrl(attachmentId: $id) }';
const AVATAR = 'mutation UpdateAvatar($key: String) { updateAvatar(key: $key) { avatarUrl } }';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** createUploadUrl, then PUT the file's bytes to the URL it handed out, as against a real backend. */
async function upload(file: File, scope: 'PUBLIC' | 'PRIVATE', token: string): Promise<string> {
  const { createUploadUrl } = await request<{ createUploadUrl: { key: string; uploadUrl: string } }>(UPLOAD, { input: { contentType: file.type, scope, fileName: file.name } }, token);
  const stored = await fetch(createUploadUrl.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
  if (!stored.ok) throw new Error(`the upload failed with ${stored.status}`);
  return createUploadUrl.key;
}

/**
 * A picture as your avatar (shown from its `avatarUrl`), and a file sent to `#general` as an
 * attachment (its preview shown, its download linked): uploads and file links, answered by Parley
 * in the browser as the rest of the app.
 */
export function startFiles(token: string, conversationId: string): void {
  const files = $<HTMLElement>('files');
  const status = $<HTMLParagraphElement>('files-status');
  files.hidden = false;
  const failed = (error: unknown): void => void (status.textContent = `failed: ${error instanceof Error ? error.message : String(error)}`);

  $<HTMLInputElement>('avatar').addEventListener('change', (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    (async () => {
      const key = await upload(file, 'PUBLIC', token);
      const { updateAvatar } = await request<{ updateAvatar: { avatarUrl: string } }>(AVATAR, { key }, token);
      $<HTMLImageElement>('avatar-image').src = updateAvatar.avatarUrl;
      status.textContent = 'avatar set';
    })().catch(failed);
  });

  $<HTMLInputElement>('attachment').addEventListener('change', (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    (async () => {
      const key = await upload(file, 'PRIVATE', token);
      const attachment = { key, fileName: file.name, contentType: file.type, size: file.size };
      const { sendMessage } = await request<{ sendMessage: { attachments: { id: string }[] } }>(SEND, { input: { conversationId, clientMessageId: crypto.randomUUID(), content: '', attachments: [attachment] } }, token);
      const links = await request<{ attachmentDownloadUrl: string; attachmentPreviewUrl: string }>(LINKS, { id: sendMessage.attachments[0]!.id }, token);
      $<HTMLImageElement>('preview').src = links.attachmentPreviewUrl;
      const download = $<HTMLAnchorElement>('download');
      download.href = links.attachmentDownloadUrl;
      download.textContent = `download ${file.name}`;
      status.textContent = 'attachment sent';
    })().catch(failed);
  });
}
