import type { IncomingMessage, ServerResponse } from 'node:http';
import { bundleAssets } from './bundle-assets.js';

/**
 * GraphiQL for browsers: `GET /graphql` from a client that prefers `text/html` gets a page, and
 * the page loads its bundle from `/graphiql/...`. The bundle (graphiql, React, graphql-ws's
 * client) is built into `dist/graphiql/` by `npm run build` (scripts/build-graphiql.ts), so
 * nothing comes from a CDN and the page works offline. Files are read on the first request, not
 * at start-up.
 */

/** Where the bundle lives: `dist/graphiql/` of the package, from `src/...` and `dist/...` alike. */
const BUNDLE_DIR = new URL('../../../dist/graphiql/', import.meta.url);

/** The bundle's files and their media types: a Map, so a name from the URL (`constructor`, `__proto__`) finds nothing inherited. */
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['graphiql.js', 'text/javascript; charset=utf-8'],
  ['graphiql.css', 'text/css; charset=utf-8'],
]);

/**
 * The page may talk to its own origin only (HTTP and WebSocket); graphiql inlines its fonts and
 * icons, and sets inline styles. A request to any other origin is refused by the browser.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Parley mock · GraphiQL</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/graphiql/graphiql.css">
<style>html, body, #graphiql { height: 100%; margin: 0; }</style>
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script type="module" src="/graphiql/graphiql.js"></script>
</body>
</html>
`;

/**
 * Serves the page and its bundle; the bundle is read once, on first use.
 * @param bundleDir where graphiql.js and graphiql.css are. @default dist/graphiql/ of the package
 */
export function graphiqlRoute(bundleDir: URL = BUNDLE_DIR) {
  const bundle = bundleAssets({ dir: bundleDir, types: ASSETS, missing: "GraphiQL's bundle is not built: run `npm run build` (it writes dist/graphiql/)" });

  return {
    /** `GET /graphql` from a browser. */
    async page(res: ServerResponse): Promise<void> {
      if (!(await bundle.find('graphiql.js'))) return bundle.missing(res);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(PAGE),
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        // The same URL answers GraphQL to other clients: caches must key on Accept.
        vary: 'Accept',
      });
      res.end(PAGE);
    },
    /** `GET /graphiql/<file>`: the bundle. */
    asset(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
      return bundle.serve(req, res, name, `/graphiql/${name}`);
    },
  };
}
