import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '../../schema/error-codes.js';
import { sendError } from './respond.js';

/** A file of a built bundle, read once. */
export interface BundleAsset {
  readonly body: Buffer;
  readonly etag: string;
}

/** How {@link bundleAssets} names its files in answers. */
export interface BundleAssetsOptions {
  /** Where the files are (`dist/<app>/` of the package). */
  readonly dir: URL;
  /** The files served and their media types: a Map, so a name from the URL (`constructor`, `__proto__`) finds nothing inherited. */
  readonly types: ReadonlyMap<string, string>;
  /** What the 503 says when the bundle is not built. */
  readonly missing: string;
}

/**
 * The files of one page's bundle (GraphiQL's, the dev console's), built into `dist/` by
 * `npm run build`: each read on its first request (not at start-up) and kept, a missing one looked
 * for again next time (someone may be running the build). Answers GET and HEAD with an ETag, 304
 * to `If-None-Match`, 404 for a name it does not serve, 405 for another method.
 */
export function bundleAssets(options: BundleAssetsOptions) {
  const loaded = new Map<string, Promise<BundleAsset | null>>();

  function find(name: string): Promise<BundleAsset | null> {
    let found = loaded.get(name);
    if (!found) {
      const file = new URL(name, options.dir);
      found = Promise.all([readFile(file), stat(file)]).then(
        ([body, info]) => ({ body, etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"` }),
        () => null,
      );
      void found.then((asset) => asset ?? loaded.delete(name));
      loaded.set(name, found);
    }
    return found;
  }

  return {
    find,
    /** Answers the 503 that says the bundle is not built. */
    missing(res: ServerResponse): void {
      sendError(res, 503, ErrorCode.INTERNAL_SERVER_ERROR, options.missing);
    },
    /** `GET <path>` for the file `name` of the bundle, where `path` is how the request named it. */
    async serve(req: IncomingMessage, res: ServerResponse, name: string, path: string): Promise<void> {
      const type = options.types.get(name);
      if (!type) return sendError(res, 404, ErrorCode.NOT_FOUND, `nothing is served at ${path}`);
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, ErrorCode.BAD_REQUEST, `use GET ${path}`, { allow: 'GET, HEAD' });
      const found = await find(name);
      if (!found) return sendError(res, 503, ErrorCode.INTERNAL_SERVER_ERROR, options.missing);
      const headers = { etag: found.etag, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' };
      if (req.headers['if-none-match'] === found.etag) {
        res.writeHead(304, headers).end();
        return;
      }
      res.writeHead(200, { ...headers, 'content-type': type, 'content-length': found.body.length });
      res.end(req.method === 'HEAD' ? undefined : found.body);
    },
  };
}
