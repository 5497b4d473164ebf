import type { IncomingMessage } from 'node:http';

/** Thrown when a request body is larger than the route accepts; the door answers 413. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
  }
}

/**
 * Reads a request body into memory, refusing more than `limit` bytes: a `Content-Length` above
 * it is refused before anything is read, and a chunked body as soon as it passes the limit.
 * `onChunk`, when given, is told the size of each chunk before it is kept; when it throws, reading
 * stops and the promise rejects with what it threw (a cap that several requests share).
 */
export function readBody(req: IncomingMessage, limit: number, onChunk?: (bytes: number) => void): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (reason: unknown): void => {
      req.removeAllListeners('data');
      req.resume();
      reject(reason);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(new BodyTooLarge(limit));
      try {
        onChunk?.(chunk.length);
      } catch (error) {
        return stop(error);
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}
