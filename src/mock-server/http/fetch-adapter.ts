import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import { sendError } from './respond.js';

/**
 * The HTTP door's one adapter between Node's `req`/`res` and the Fetch routes (`routes/`): a
 * Request built from the IncomingMessage, its body a stream that reads the socket only as the
 * route asks for more (so a route that stops reading, such as an upload over its cap, leaves the
 * rest unread), and the Response written back.
 */

/**
 * A Request for `req`, with `origin` (`http://<Host>`) and the request target as its URL, every
 * header, and the body (not for GET and HEAD) as a stream. Null when its headers are no Fetch
 * headers (Node's parser lets through what the Fetch API refuses).
 */
export function requestOf(req: IncomingMessage, origin: string): Request | null {
  const target = req.url ?? '/';
  // An absolute-form target (`GET http://x/ HTTP/1.1`) stays a path, as the door's own routing reads it.
  const url = `${origin}${target.startsWith('/') ? target : `/${target}`}`;
  const method = req.method ?? 'GET';
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const each of value) headers.append(name, each);
      else if (value !== undefined) headers.set(name, value);
    }
    const hasBody = method !== 'GET' && method !== 'HEAD';
    return new Request(url, { method, headers, body: hasBody ? bodyOf(req) : null, duplex: 'half' } as RequestInit);
  } catch {
    return null;
  }
}

/**
 * `req`'s body as a stream of its chunks, one at a time: the socket is read when the reader asks
 * (Node keeps it paused otherwise). A reader that cancels (a route that refused the body) leaves
 * the rest to Node, which drains it unless the answer closes the connection. An error of the
 * request (the client went away) is the stream's error, as it came.
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let open = true;
  const settle = (act: () => void): void => {
    if (!open) return;
    open = false;
    act();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.on('end', () => settle(() => controller.close()));
        req.on('error', (error) => settle(() => controller.error(error)));
      },
      pull() {
        req.resume();
      },
      cancel() {
        open = false;
        req.removeAllListeners('data');
        req.resume();
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * Writes `response` to `res`: its status, its headers, and its body with its exact `content-length`;
 * an event stream (`text/event-stream`, `GET /dev/events`) as it comes instead.
 */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (response.body !== null && headers['content-type']?.startsWith('text/event-stream')) return streamResponse(res, response.status, headers, response.body);
  // The routes' bodies are in memory already: one buffer, at its exact size.
  const body = response.body === null ? null : new Uint8Array(await response.arrayBuffer());
  if (body !== null && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
  if (response.statusText) res.writeHead(response.status, response.statusText, headers);
  else res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Writes an event stream chunk by chunk, reading the next only once the socket took the last: a
 * client that does not read leaves what is sent to it in the stream's own bounded queue (which
 * drops it past its bound: the read fails and the connection ends). The client going away cancels
 * the stream.
 */
async function streamResponse(res: ServerResponse, status: number, headers: Record<string, string>, body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  void gone.then(() => reader.cancel().catch(() => {}));
  // Settles when the stream ends or is dropped, even while nothing reads it (a full socket).
  const ended = reader.closed.then(
    () => {},
    () => {},
  );
  res.writeHead(status, headers);
  res.flushHeaders();
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch {
      // Dropped (it did not read) or failed: the connection ends without a clean end of body.
      res.destroy();
      return;
    }
    if (res.destroyed) return;
    if (next.done) {
      res.end();
      return;
    }
    if (!res.write(next.value)) await Promise.race([new Promise<void>((resolve) => res.once('drain', resolve)), gone, ended]);
  }
}

/** Answers `req` with the Fetch route `route`. */
export async function serveFetch(req: IncomingMessage, res: ServerResponse, origin: string, route: (request: Request) => Promise<Response>): Promise<void> {
  const request = requestOf(req, origin);
  if (request === null) return sendError(res, 400, ErrorCode.BAD_REQUEST, 'the request has a header the mock cannot read');
  return sendResponse(res, await route(request));
}
