import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import { errorResponse } from './respond.js';
import type { RouteHost } from './route-host.js';
import { userContentHeaders } from './user-content.js';

const STATUS: Partial<Record<ErrorCode, number>> = { FORBIDDEN: 403, NOT_FOUND: 404 };

/**
 * `/files/<token>`: the signed URLs of `attachmentDownloadUrl`, `attachmentPreviewUrl`,
 * `storedFileDownloadUrl` and `storedFilePreviewUrl`. GET and HEAD serve the bytes with the
 * recorded type; a download says `Content-Disposition: attachment` with the file's base name
 * (RFC 6266, the name also in RFC 8187 form when it is not plain ASCII), a preview `inline`, but
 * only for a passive type (an HTML or SVG preview is an attachment too: see `userContentHeaders`).
 * A tampered or expired token is 403, a file gone since the link was made 404, both with a JSON
 * error body.
 *
 * The response may be kept in the browser's own cache until the link expires, never in a shared
 * one.
 */
export async function filesRoute(host: RouteHost, request: Request, token: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(405, ErrorCode.BAD_REQUEST, `${request.method} is not allowed here; use GET`, { allow: 'GET, HEAD' });
  }
  const { state } = host;
  let file;
  try {
    file = await state.fileLinks.open(token);
  } catch (error) {
    if (error instanceof DomainError) return errorResponse(STATUS[error.code] ?? 400, error.code, error.message, { 'cache-control': 'no-store' });
    throw error;
  }
  const maxAge = Math.max(0, Math.floor((file.expiresAt - state.clock.now()) / 1000));
  const headers = {
    ...userContentHeaders({ contentType: file.contentType, fileName: file.fileName, wanted: file.purpose === 'download' ? 'attachment' : 'inline' }),
    'content-length': String(file.bytes.byteLength),
    'cache-control': `private, max-age=${maxAge}`,
  };
  // The state's bytes are never a SharedArrayBuffer's view, which is all the cast rules out.
  return new Response(request.method === 'GET' ? (file.bytes as Uint8Array<ArrayBuffer>) : null, { status: 200, headers });
}
