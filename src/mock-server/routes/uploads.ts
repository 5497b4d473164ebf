import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import { uploadRules } from '../state/files/uploads.js';
import { BodyTooLarge, declaredLength, readBody } from './body.js';
import { errorResponse, jsonResponse } from './respond.js';
import type { RouteHost } from './route-host.js';
import { userContentHeaders } from './user-content.js';

const STATUS: Partial<Record<ErrorCode, number>> = { FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, BAD_USER_INPUT: 400, QUOTA_EXCEEDED: 413 };

/** The request's body, unread, is not wanted: the Node door closes the connection rather than drain it. */
const CLOSE = { connection: 'close' };

/**
 * `/uploads/<key>`: the URLs `createUploadUrl` hands out. PUT stores the file when the URL carries
 * the signature `createUploadUrl` gave its creator, and only until the key is used
 * (`UploadUrls.writable`: 403 without a valid signature, 409 once used); the signature is checked
 * before the body is read. The bytes count against the creator's cap on unused uploads as they
 * arrive (`UnusedUploads`): a `Content-Length` that does not fit, or the first chunk that does
 * not, is 413 `QUOTA_EXCEEDED`, so no more than the cap is ever buffered. GET serves a PUBLIC
 * upload (avatars, icons: its `publicUrl`) back with the type it was declared with, as user
 * content (`userContentHeaders`: nosniff, a sandboxing CSP, active types as attachments), until
 * it expires unused. PRIVATE bytes are served only through the signed, expiring links of
 * `/files`, which check who may see the file. A PUT that stored bytes calls `host.changed()`.
 */
export async function uploadsRoute(host: RouteHost, request: Request, key: string): Promise<Response> {
  const { state } = host;
  if (request.method === 'PUT') {
    let bodyRead = false;
    try {
      const writable = await state.uploadUrls.writable(key, new URL(request.url).searchParams.get('signature'));
      const declared = declaredLength(request);
      // Above the size limit, readBody's own refusal says so.
      const receipt = state.uploads.receive(writable, declared !== null && declared <= uploadRules.maxBytes ? declared : null);
      let body: Uint8Array;
      try {
        body = await readBody(request, uploadRules.maxBytes, (bytes) => receipt.add(bytes));
      } finally {
        receipt.end();
      }
      bodyRead = true;
      const upload = state.uploads.put(key, body);
      host.changed();
      return jsonResponse(200, { key: upload.key, size: body.byteLength });
    } catch (error) {
      if (error instanceof BodyTooLarge) return errorResponse(413, ErrorCode.BAD_USER_INPUT, error.message, CLOSE);
      // A PUT refused before its body was read: close, rather than let Node drain up to any number of unwanted bytes.
      if (error instanceof DomainError) return errorResponse(STATUS[error.code] ?? 400, error.code, error.message, bodyRead ? {} : CLOSE);
      throw error;
    }
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const upload = state.uploads.find(key);
    if (!upload?.body) return errorResponse(404, ErrorCode.NOT_FOUND, 'no file has been uploaded under this key');
    if (upload.scope === 'PRIVATE') {
      return errorResponse(403, ErrorCode.FORBIDDEN, 'a PRIVATE upload is not served here: ask attachmentDownloadUrl or storedFileDownloadUrl for a signed link');
    }
    const headers = { ...userContentHeaders({ contentType: upload.contentType, fileName: upload.fileName, wanted: 'inline' }), 'content-length': String(upload.body.byteLength) };
    // The state's bytes are never a SharedArrayBuffer's view, which is all the cast rules out.
    return new Response(request.method === 'GET' ? (upload.body as Uint8Array<ArrayBuffer>) : null, { status: 200, headers });
  }
  return errorResponse(405, ErrorCode.BAD_REQUEST, `${request.method} is not allowed here; use PUT or GET`, { allow: 'PUT, GET, HEAD' });
}
