import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Where test/consumers/ makes its projects: memory (`/dev/shm`, a tmpfs) where the machine has one
 * we may write, else the system's temporary folder. Those files install a dozen fresh projects
 * (tens of thousands of small files each, then removed), which on a tmpfs costs the kernel far
 * less than on a disk (docs/benchmarks.md, "The test suite"). `PARLEY_TEST_TMPDIR` names another
 * place.
 */
function scratchDir(): string | undefined {
  const named = process.env['PARLEY_TEST_TMPDIR'];
  if (named) return named;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return statSync('/dev/shm').isDirectory() ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}
const scratch = scratchDir();

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (index.js) and ESM (index.mjs) without an exports map. Node loads the
    // CJS build for every package in node_modules; Vite would pick the ESM one for our sources,
    // and two graphql instances cannot share a schema. Resolve ours the way Node does.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // Test files here spend much of their time waiting on sockets and servers, so one worker per
    // core keeps both busy. More workers than cores oversubscribed them: a conformance run's
    // request then waited past its 10 s timeout now and then (docs/benchmarks.md, "The test suite").
    maxWorkers: availableParallelism(),
    globalSetup: ['test/global-setup.ts'],
    // The rules of SPEC.md run through both execution paths of the engine (graphql-jit and
    // graphql-js); everything else runs once, on the default adaptive path. test/consumers/ is
    // Parley where users take it (the packed package in fresh projects, the docs' recipes, a fresh
    // clone, headless Chromium): heavy installs and builds, which `.ci/run` runs on one Node
    // version (`--project consumers` is left out of its second run).
    //
    // `isolate: false` where the files allow it: a worker then imports Parley once for all the
    // files it runs, not once per file. The conformance files stay isolated: run in one process
    // after faulty-servers-a, faulty-servers-b's runs timed out now and then (a leak between
    // files not found yet; isolated, both pass).
    //
    // A global setup runs once per project: test/global-setup.ts builds once for all of them, and
    // the `consumers` project packs Parley once for its files (test/consumers/pack-once.ts).
    projects: [
      { extends: true, test: { name: 'spec:compiled', include: ['test/spec/**/*.test.ts'], isolate: false, env: { PARLEY_EXECUTION: 'compiled' } } },
      { extends: true, test: { name: 'spec:interpreted', include: ['test/spec/**/*.test.ts'], isolate: false, env: { PARLEY_EXECUTION: 'interpreted' } } },
      { extends: true, test: { name: 'parley', include: ['test/**/*.test.ts'], exclude: ['test/spec/**', 'test/conformance/**', 'test/consumers/**'], isolate: false } },
      { extends: true, test: { name: 'conformance', include: ['test/conformance/**/*.test.ts'] } },
      { extends: true, test: { name: 'consumers', include: ['test/consumers/**/*.test.ts'], globalSetup: ['test/global-setup.ts', 'test/consumers/pack-once.ts'], env: scratch ? { TMPDIR: scratch } : {} } },
    ],
  },
});
