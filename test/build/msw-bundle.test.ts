import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `parley/msw` runs in a page (with `setupWorker`), so its entry bundles for the browser: esbuild
 * refuses any `node:` import on the way, and none of the Node doors (http/, ws/) comes along.
 */
it('the MSW entry bundles for the browser, without the Node doors', async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/msw/index.ts'],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs).toContain('src/mock-server/engine/graphql-over-http.ts');
  expect(inputs.filter((name) => /^src\/mock-server\/(http|ws|platform)\//.test(name))).toEqual([]);
}, 60_000);
