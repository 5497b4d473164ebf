/**
 * Bundles the mock's GraphiQL page (src/graphiql-app: graphiql, React, graphql-ws's client) with
 * esbuild into dist/graphiql/graphiql.js and graphiql.css, which the HTTP door serves at
 * /graphiql/... (src/mock-server/http/graphiql-route.ts). Run by `npm run build`; nothing is
 * fetched at run time, so the page works offline.
 *
 *   npx tsx scripts/build-graphiql.ts [--force]
 *
 * Skips the work (about 2 s) when the bundle is newer than its sources and the lock file.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const appDir = `${root}src/graphiql-app`;
const outDir = `${root}dist/graphiql`;
const outputs = [`${outDir}/graphiql.js`, `${outDir}/graphiql.css`];

function newestInput(): number {
  const inputs = [...readdirSync(appDir).map((name) => `${appDir}/${name}`), `${root}package-lock.json`, fileURLToPath(import.meta.url)];
  return Math.max(...inputs.map((file) => statSync(file).mtimeMs));
}

function upToDate(): boolean {
  if (!outputs.every((file) => existsSync(file))) return false;
  return Math.min(...outputs.map((file) => statSync(file).mtimeMs)) >= newestInput();
}

/** Builds the bundle unless it is up to date (or `force`); resolves with whether it built. */
export async function buildGraphiQL(force = false): Promise<boolean> {
  if (!force && upToDate()) return false;
  await build({
    entryPoints: { graphiql: `${appDir}/main.tsx` },
    outdir: outDir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'firefox111', 'safari16'],
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    // graphiql's stylesheet inlines its fonts; any other asset would be a file next to the bundle.
    loader: { '.woff2': 'dataurl', '.woff': 'dataurl', '.ttf': 'dataurl', '.svg': 'dataurl' },
    legalComments: 'linked',
    logLevel: 'warning',
  });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const built = await buildGraphiQL(process.argv.includes('--force'));
  if (built) console.log(`graphiql bundle built in ${Math.round(performance.now() - started)} ms (dist/graphiql)`);
}
