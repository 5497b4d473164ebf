import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import { DomainError } from '../state/errors.js';
import type { MockState } from '../state/mock-state.js';
import { uploadRules } from '../state/files/uploads.js';
import { BodyTooLarge, readBody } from './body.js';
import { sendError, sendJson } from './respond.js';
import { userContentHeaders } from './user-content.js';

const STATUS: Partial<Record<ErrorCode, number>> = { FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, BAD_USER_INPUT: 400, QUOTA_EXCEEDED: 413 };

/** The request's `Content-Length`, or null when it has none (a chunked body). */
function declaredLength(req: IncomingMessage): number | null {
  const declared = Number(req.headers['content-length']);
  return req.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : null;
}

/** The `signature` parameter of the request's URL, or null. */
function signatureOf(req: IncomingMessage): string | null {
  // Any origin does: only the query is read, and it is parsed, never followed.
  return new URL(req.url ?? '/', 'http://upload.invalid').searchParams.get('signature');
}

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
 * `/files`, which check who may see the file. `stored` is called after
 * a PUT stored bytes (the engine's change signal, for persistence).
 */
export async function uploadsRoute(state: MockState, req: IncomingMessage, res: ServerResponse, key: string, stored: () => void = () => {}): Promise<void> {
  if (req.method === 'PUT') {
    let bodyRead = false;
    try {
      const writable = await state.uploadUrls.writable(key, signatureOf(req));
      const declared = declaredLength(req);
      // Above the size limit, readBody's own refusal says so.
      const receipt = state.uploads.receive(writable, declared !== null && declared <= uploadRules.maxBytes ? declared : null);
      let body: Buffer;
      try {
        body = await readBody(req, uploadRules.maxBytes, (bytes) => receipt.add(bytes));
      } finally {
        receipt.end();
      }
      bodyRead = true;
      const upload = state.uploads.put(key, body);
      stored();
      return sendJson(res, 200, { key: upload.key, size: body.byteLength });
    } catch (error) {
      if (error instanceof BodyTooLarge) return sendError(res, 413, ErrorCode.BAD_USER_INPUT, error.message, { connection: 'close' });
      // A PUT refused before its body was read: close, rather than let Node drain up to any number of unwanted bytes.
      if (error instanceof DomainError) return sendError(res, STATUS[error.code] ?? 400, error.code, error.message, bodyRead ? {} : { connection: 'close' });
      throw error;
    }
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const upload = state.uploads.find(key);
    if (!upload?.body) return sendError(res, 404, ErrorCode.NOT_FOUND, 'no file has been uploaded under this key');
    if (upload.scope === 'PRIVATE') {
      return sendError(res, 403, ErrorCode.FORBIDDEN, 'a PRIVATE upload is not served here: ask attachmentDownloadUrl or storedFileDownloadUrl for a signed link');
    }
    res.writeHead(200, {
      ...userContentHeaders({ contentType: upload.contentType, fileName: upload.fileName, wanted: 'inline' }),
      'content-length': upload.body.byteLength,
    });
    res.end(req.method === 'GET' ? upload.body : undefined);
    return;
  }
  sendError(res, 405, ErrorCode.BAD_REQUEST, `${req.method} is not allowed here; use PUT or GET`, { allow: 'PUT, GET, HEAD' });
}
