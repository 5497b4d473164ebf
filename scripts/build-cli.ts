/**
 * The `parley` command as one bundle: esbuild bundles `src/cli/main.ts` over tsc's
 * `dist/cli/main.js`, with code splitting, so what the command loads before it runs is a few files
 * instead of about 170 modules. On Node 20 each ES module costs about a millisecond and a half to
 * resolve, read and link: `mock serve` reached /ready about 85 ms sooner bundled (bench/startup.ts,
 * interleaved runs on a 2-core machine: medians 480 against 565 ms). Splitting keeps every lazy `import()` a
 * chunk of its own, loaded when it is first used, as in tsc's build (the WebSocket door, the dev
 * routes, faker, the conformance suite). Dependencies stay in node_modules.
 *
 *   npx tsx scripts/build-cli.ts
 *
 * Runs after tsc (`npm run build`, test/global-setup.ts): tsc writes dist/cli/main.js, and this
 * replaces it. Takes about half a second.
 */
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { importMetaUrlPlugin } from './import-meta-url.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist/cli`;
/** The bundle's chunks, beside main.js; each build removes the previous build's. */
const CHUNK_PREFIX = 'chunk-';

/**
 * `import.meta.url` of a module under src/ is the URL of its file in tsc's build: every output of
 * this bundle is in dist/cli/, so `new URL('../../schema.graphql', import.meta.url)` in
 * src/schema/load.ts finds what it finds in dist/schema/load.js.
 */
const importMetaUrl = importMetaUrlPlugin(root, (built) => `new URL(${JSON.stringify(`../${built}`)}, import.meta.url).href`);

/** esbuild's options for the CLI bundle (a test builds with them too, without writing). */
export function cliBuildOptions(): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir: outDir,
    chunkNames: `${CHUNK_PREFIX}[hash]`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [importMetaUrl],
    metafile: true,
    logLevel: 'warning',
  };
}

/** Replaces dist/cli/main.js (tsc's) with the bundle and its chunks. */
export async function buildCli(): Promise<void> {
  for (const name of readdirSync(outDir)) if (name.startsWith(CHUNK_PREFIX)) rmSync(`${outDir}/${name}`);
  await build(cliBuildOptions());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildCli();
  console.log(`parley command bundled in ${Math.round(performance.now() - started)} ms (dist/cli/main.js)`);
}
