import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CJS_ENTRIES, CJS_EXTERNAL, commonJsBuildOptions } from '../../scripts/build-cjs.js';

/**
 * Parley's CommonJS build (scripts/build-cjs.ts), what Jest loads (issue 28): `require` gets it
 * through the exports map, `import` keeps the ESM build; it requires nothing but graphql, msw and
 * Node's own modules, and no `import()` is left in it for Jest to fail on. test/consumers/recipes/jest.test.ts
 * runs it under Jest 29 and 30 (docs/recipes/jest.md); here it runs in plain Node.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { exports: Record<string, string | Record<string, string>> };
// Parley requires itself by name, as a consumer does (a package may name itself when it has an exports map).
const requireFromRoot = createRequire(`${root}package.json`);

describe("Parley's CommonJS build", () => {
  it('is what `require` resolves parley and parley/msw to; `import` still gets the ESM build', () => {
    for (const { subpath, file } of CJS_ENTRIES) {
      const target = manifest.exports[subpath] as Record<string, string>;
      expect(Object.keys(target)).toEqual(['types', 'require', 'default']);
      expect(target['require']).toBe(`./dist/cjs/${file}`);
      expect(requireFromRoot.resolve(`parley${subpath.slice(1)}`)).toBe(`${root}dist/cjs/${file}`);
      expect(import.meta.resolve(`parley${subpath.slice(1)}`)).toBe(`file://${root}${target['default']!.slice(2)}`);
    }
  });

  it('requires only graphql, msw and Node modules at run time, and holds no import() of anything', async () => {
    const result = await build({ ...commonJsBuildOptions(), write: false, logLevel: 'silent' });
    const output = Object.entries(result.metafile.outputs).find(([file]) => file.endsWith('/parley.cjs'))![1];
    const nodeModules = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const externals = output.imports.filter((entry) => entry.external);
    const allowed = (path: string) => nodeModules.has(path) || CJS_EXTERNAL.some((pattern) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));
    expect(externals.filter((entry) => !allowed(entry.path) && !['bufferutil', 'utf-8-validate'].includes(entry.path)).map((entry) => entry.path)).toEqual([]);
    expect(externals.filter((entry) => entry.kind === 'dynamic-import').map((entry) => entry.path)).toEqual([]);
    // Every lazy dependency of the MSW door is inside (jose, @noble/hashes, faker, csv-stringify, slugify).
    const inputs = Object.keys(result.metafile.inputs).join('\n');
    for (const name of ['jose', '@noble/hashes', '@faker-js/faker', 'csv-stringify', 'slugify']) expect(inputs).toContain(`node_modules/${name}/`);
  }, 60_000);

  it('answers a login in plain Node, and parley and parley/msw share their classes', async () => {
    type Msw = typeof import('../../src/msw/index.js');
    type Root = typeof import('../../src/index.js');
    const msw = requireFromRoot('parley/msw') as Msw;
    const parley = requireFromRoot('parley') as Root;
    expect(msw.MockData).toBe(parley.MockData);
    const backend = await msw.createParleyBackend();
    const response = await backend.answer(
      new Request('http://parley.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { user { username } } }', variables: { i: { email: 'alice@acme.test', password: 'parley-demo' } } }),
      }),
    );
    expect(await response.json()).toEqual({ data: { login: { user: { username: 'alice' } } } });
    expect(readFileSync(parley.schemaPath, 'utf8')).toContain('type Query');
  }, 30_000);
});
