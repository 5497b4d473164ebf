import type { IncomingMessage, ServerResponse } from 'node:http';
import { bundleAssets } from './bundle-assets.js';

/**
 * The dev console for browsers: `GET /dev` (or a sandbox's `/sandboxes/<id>/dev`) from a client
 * that prefers `text/html` gets a page, and the page loads its bundle from `<base>/dev/console/...`.
 * The bundle (React and the console's views, src/console-app) is built into `dist/console/` by
 * `npm run build` (scripts/build-console.ts): nothing comes from a CDN, the page works offline.
 * The page speaks only to the dev routes and `/graphql` of its own origin. Files are read on the
 * first request, not at start-up. Served only where `/dev` is, behind the same Host and Origin
 * checks (the door calls it after them).
 */

/** Where the bundle lives: `dist/console/` of the package, from `src/...` and `dist/...` alike. */
const BUNDLE_DIR = new URL('../../../dist/console/', import.meta.url);

/** The bundle's files and their media types: a Map, so a name from the URL (`constructor`, `__proto__`) finds nothing inherited. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['console.js', 'text/javascript; charset=utf-8'],
  ['console.css', 'text/css; charset=utf-8'],
]);

/** The path the assets are under, after the place's base. */
export const CONSOLE_ASSET_PATH = '/dev/console/';

/**
 * The page may talk to its own origin only and loads nothing inline: its script and stylesheet
 * are files of the same origin. A request to any other origin is refused by the browser.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** `base` is '' or `/sandboxes/<id>`: a sandbox's page loads the bundle under its own path. */
function page(base: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley dev console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${base}${CONSOLE_ASSET_PATH}console.css">
</head>
<body>
<div id="console"><noscript>The dev console needs JavaScript. Every dev route is listed as JSON at ${base}/dev (with an Accept header of application/json).</noscript></div>
<script type="module" src="${base}${CONSOLE_ASSET_PATH}console.js"></script>
</body>
</html>
`;
}

/**
 * Serves the page and its bundle; the bundle is read once, on first use.
 * @param bundleDir where console.js and console.css are. @default dist/console/ of the package
 */
export function consoleRoute(bundleDir: URL = BUNDLE_DIR) {
  const bundle = bundleAssets({ dir: bundleDir, types: ASSETS, missing: "the dev console's bundle is not built: run `npm run build` (it writes dist/console/)" });

  return {
    /**
     * `GET /dev` from a browser: the page, for the place under `base`. Resolves false, having sent
     * nothing, when the bundle is not built: the door then answers the route index as before.
     */
    async page(req: IncomingMessage, res: ServerResponse, base: string): Promise<boolean> {
      if (!(await bundle.find('console.js'))) return false;
      // The page's first calls are dev routes, which the router loads on their first request: start
      // loading them now, while the browser fetches the bundle, not after.
      void import('../routes/dev/routes.js');
      const html = page(base);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(html),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        // The same URL answers JSON to other clients: caches must key on Accept.
        vary: 'Accept',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
      return true;
    },
    /** `GET <base>/dev/console/<file>`: the bundle. */
    asset(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
      return bundle.serve(req, res, name, `${CONSOLE_ASSET_PATH}${name}`);
    },
  };
}

/** Where a console request is: the place's base ('' or `/sandboxes/<id>`) and the path under it. */
export interface ConsolePlace {
  readonly base: string;
  readonly sandboxId: string | null;
  /** `/dev`, `/dev/` or `/dev/console/<file>`. */
  readonly rest: string;
}

/**
 * The console's part of a `/dev` request: the page (`<base>/dev`) or an asset
 * (`<base>/dev/console/<file>`), at the root or in a sandbox (`sandbox` is the door's reading of
 * `/sandboxes/...`); null for every other path, which the dev routes answer.
 */
export function consolePlaceOf(pathname: string, sandbox: { readonly id: string | null; readonly rest: string } | null): ConsolePlace | null {
  const at: ConsolePlace | null = sandbox === null ? { base: '', sandboxId: null, rest: pathname } : sandbox.id === null ? null : { base: `/sandboxes/${sandbox.id}`, sandboxId: sandbox.id, rest: sandbox.rest };
  if (at === null) return null;
  return at.rest === '/dev' || at.rest === '/dev/' || at.rest.startsWith(CONSOLE_ASSET_PATH) ? at : null;
}
