/** Thrown when a request body is larger than the route accepts; the route answers 413. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
  }
}

/** The request's `Content-Length`, or null when it has none (a chunked body, or a client that does not say). */
export function declaredLength(request: Request): number | null {
  const header = request.headers.get('content-length');
  const declared = Number(header);
  return header !== null && header.trim() !== '' && Number.isFinite(declared) ? declared : null;
}

/**
 * Reads a request body into memory, chunk by chunk as it arrives, refusing more than `limit`
 * bytes: a `Content-Length` above it is refused before anything is read, and a body without one
 * as soon as it passes the limit (the rest is never read). `onChunk`, when given, is told the
 * size of each chunk before it is kept; when it throws, reading stops and the promise rejects
 * with what it threw (a cap that several requests share).
 */
export async function readBody(request: Request, limit: number, onChunk?: (bytes: number) => void): Promise<Uint8Array> {
  const declared = declaredLength(request);
  if (declared !== null && declared > limit) {
    cancel(request.body?.cancel());
    throw new BodyTooLarge(limit);
  }
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    try {
      if (size > limit) throw new BodyTooLarge(limit);
      onChunk?.(value.byteLength);
    } catch (error) {
      cancel(reader.cancel());
      throw error;
    }
    chunks.push(value);
  }
  // One copy at the exact size, whatever the chunks were views of: what is stored holds no more.
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * Lets go of a body not read to its end, without waiting: a stream's source may settle its cancel
 * only when its producer does (MSW's interceptor), and the refusal need not wait for that.
 */
function cancel(cancelled: Promise<void> | undefined): void {
  cancelled?.catch(() => {});
}

/** The request's body as UTF-8 text, at most `limit` bytes (else {@link BodyTooLarge}). */
export async function readText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBody(request, limit));
}
