/**
 * Parley's CommonJS build, for Jest (issue 28). Jest's module runtime requires what a test
 * imports, and on Node 20 it neither requires an ES module nor runs an `import()` (not without
 * --experimental-vm-modules), while Parley is ESM and imports ESM-only dependencies lazily
 * (@noble/hashes, jose, faker). package.json's `exports` give `require` of `parley` and
 * `parley/msw` these files; `import` keeps the ESM build.
 *
 * - dist/cjs/parley.cjs: one esbuild bundle of both entries and every dependency but graphql and
 *   msw, which stay the consumer's own single instances. Each entry loads on first access, so
 *   `parley` never requires msw; both share one copy of the code, so their classes are the same,
 *   as in ESM. esbuild turns each lazy `import()` of a bundled module into a lazy require of it:
 *   nothing runs before it is used, as in the ESM build.
 * - dist/cjs/index.cjs and dist/cjs/msw.cjs: the two entries, one line each.
 *
 *   npx tsx scripts/build-cjs.ts [--force]
 *
 * Skips the work (1 to 4 s) when the bundle is newer than every source under src/, this script,
 * its shims and the lock file.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { importMetaUrlPlugin } from './import-meta-url.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist/cjs`;

/** One instance each, the consumer's: MSW's handlers and interceptors, and graphql's classes (which check `instanceof`). */
export const CJS_EXTERNAL = ['graphql', 'graphql/*', 'msw', 'msw/*'];

/** The entries of the CommonJS build: `exports` subpath, the name of its one-line file, its source. */
export const CJS_ENTRIES = [
  { subpath: '.', file: 'index.cjs', getter: 'root', source: './src/index.ts' },
  { subpath: './msw', file: 'msw.cjs', getter: 'msw', source: './src/msw/index.ts' },
] as const;

/**
 * `import.meta.url` of a module under src/ is the URL of its ESM build under dist/, which sits one
 * folder up from dist/cjs/: so `new URL('../../schema.graphql', import.meta.url)` (the schema
 * file) finds what it finds in the ESM build. esbuild would leave it empty in CommonJS.
 */
const importMetaUrl = importMetaUrlPlugin(
  root,
  (built) => `require('node:url').pathToFileURL(require('node:path').join(__dirname, '..', ${JSON.stringify(built)})).href`,
);

function newestInput(): number {
  const sources = readdirSync(`${root}src`, { recursive: true, encoding: 'utf8' }).map((name) => join(root, 'src', name));
  const shims = readdirSync(`${root}scripts/cjs`).map((name) => `${root}scripts/cjs/${name}`);
  return Math.max(...[...sources, ...shims, `${root}package-lock.json`, `${root}scripts/import-meta-url.ts`, fileURLToPath(import.meta.url)].map((file) => statSync(file).mtimeMs));
}

function upToDate(): boolean {
  const outputs = [`${outDir}/parley.cjs`, ...CJS_ENTRIES.map(({ file }) => `${outDir}/${file}`)];
  if (!outputs.every((file) => existsSync(file))) return false;
  return Math.min(...outputs.map((file) => statSync(file).mtimeMs)) >= newestInput();
}

/** esbuild's options for dist/cjs/parley.cjs (a test builds with them too, without writing). */
export function commonJsBuildOptions(): BuildOptions & { metafile: true } {
  const getters = CJS_ENTRIES.map(({ getter, source }) => `get ${getter}() { return require(${JSON.stringify(source)}); }`);
  return {
    absWorkingDir: root,
    stdin: { contents: `module.exports = { ${getters.join(', ')} };`, resolveDir: root, sourcefile: 'parley.cjs', loader: 'js' },
    outfile: `${outDir}/parley.cjs`,
    bundle: true,
    format: 'cjs',
    // A test environment (jsdom) is Node underneath.
    platform: 'node',
    target: 'node20',
    // ws's optional native helpers, which it requires in a try.
    external: [...CJS_EXTERNAL, 'bufferutil', 'utf-8-validate'],
    // A `require` of an external module, not an `import()` Jest cannot run.
    supported: { 'dynamic-import': false },
    // Web Crypto with `subtle`, which jsdom's lacks (scripts/cjs/web-crypto.ts).
    inject: ['scripts/cjs/web-crypto.ts'],
    define: { 'globalThis.crypto': 'parleyWebCrypto' },
    plugins: [importMetaUrl],
    metafile: true,
    // Unminified and without a source map: a stack trace points at readable code that is in the
    // package (a map would point at src/, which is not), and the tarball stays 0.26 MB smaller.
    legalComments: 'linked',
    logLevel: 'warning',
  };
}

/** Builds dist/cjs/ unless it is up to date (or `force`); resolves with the metafile, or null when it did not build. */
export async function buildCommonJs(force = false): Promise<Metafile | null> {
  if (!force && upToDate()) return null;
  const result = await build(commonJsBuildOptions());
  mkdirSync(outDir, { recursive: true });
  for (const { file, getter } of CJS_ENTRIES) writeFileSync(`${outDir}/${file}`, `'use strict';\nmodule.exports = require('./parley.cjs').${getter};\n`);
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const metafile = await buildCommonJs(process.argv.includes('--force'));
  if (!metafile) process.exit(0);
  const size = Object.entries(metafile.outputs).find(([file]) => file.endsWith('.cjs'))?.[1].bytes ?? 0;
  console.log(`CommonJS build in ${Math.round(performance.now() - started)} ms (dist/cjs/parley.cjs, ${Math.round(size / 1024)} KiB)`);
}
