import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin for Parley's bundles (scripts/build-cli.ts, scripts/build-cjs.ts): in every
 * module under `<root>src/`, `import.meta.url` becomes `url(built)`, an expression for the URL of
 * that module's file in tsc's build (`built` is its path under dist/, such as
 * `schema/load.js`). So `new URL('../../schema.graphql', import.meta.url)` finds in a bundle what
 * it finds in dist/schema/load.js, wherever the bundle's files sit.
 */
export function importMetaUrlPlugin(root: string, url: (built: string) => string): Plugin {
  return {
    name: 'import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const built = relative(`${root}src`, args.path).replace(/\.ts$/, '.js');
        return { contents: source.replaceAll('import.meta.url', url(built)), loader: 'ts' };
      });
    },
  };
}
