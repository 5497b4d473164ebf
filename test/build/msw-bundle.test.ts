import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Names that exist in Node and not in a browser page (as in browser-bundle.test.ts). */
const NODE_GLOBALS = /\b(Buffer|process|setImmediate|clearImmediate|require|module|__dirname|__filename|global)\b/g;

/** The source files esbuild bundles for a browser from `entry` (it refuses any `node:` import on the way). */
async function browserBundleInputs(entry: string): Promise<string[]> {
  const result = await build({ absWorkingDir: root, entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', target: 'es2022', write: false, metafile: true, logLevel: 'silent' });
  return Object.keys(result.metafile.inputs);
}

/**
 * `parley/msw` runs in a page (with `setupWorker`), so its entry bundles for the browser: esbuild
 * refuses any `node:` import on the way, and none of the Node doors (http/, ws/) comes along. The
 * subscriptions' graphql-ws sessions (realtime/) come along, free of Node globals.
 */
it('the MSW entry bundles for the browser, without the Node doors', async () => {
  const inputs = await browserBundleInputs('src/msw/index.ts');
  expect(inputs).toContain('src/mock-server/routes/graphql-over-http.ts');
  expect(inputs).toContain('src/mock-server/realtime/graphql-ws-session.ts');
  expect(inputs).toContain('src/msw/graphql-ws-link.ts');
  const found: string[] = [];
  for (const input of inputs.filter((name) => /^src\/(mock-server\/realtime|msw)\//.test(name))) {
    // Compiled without comments and types, so only code is searched.
    const { code } = await transform(readFileSync(`${root}${input}`, 'utf8'), { loader: 'ts', format: 'esm' });
    for (const match of code.matchAll(NODE_GLOBALS)) found.push(`${input}: ${match[0]}`);
  }
  expect(found).toEqual([]);
  expect(inputs.filter((name) => /^src\/mock-server\/(http|ws|platform)\//.test(name))).toEqual([]);
}, 60_000);

/** `parley/msw/shared-worker` runs in a SharedWorker: no Node, and no msw (it only answers the page's handlers). */
it('the shared-worker entry bundles for a worker, without msw or the Node doors', async () => {
  const inputs = await browserBundleInputs('src/msw/shared-worker.ts');
  expect(inputs).toContain('src/msw/shared-worker/host.ts');
  expect(inputs).toContain('src/mock-server/realtime/graphql-ws-session.ts');
  expect(inputs.filter((name) => /node_modules\/msw\/|^src\/mock-server\/(http|ws|platform)\/|^src\/msw\/handlers\.ts$/.test(name))).toEqual([]);
}, 60_000);
