import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildCli } from '../scripts/build-cli.js';
import { buildCommonJs } from '../scripts/build-cjs.js';
import { buildConsole } from '../scripts/build-console.js';
import { buildGraphiQL } from '../scripts/build-graphiql.js';

/**
 * Vitest runs a global setup once per project (the root one included, one after the other, before
 * any test), and loads this file anew for each: the build is shared through a process-wide symbol,
 * so `npm test` builds once, not six times.
 */
const BUILT = Symbol.for('parley.test.global-setup.build');

async function build(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  await Promise.all([buildCli(), buildGraphiQL(), buildConsole(), buildCommonJs()]);
}

/**
 * Builds dist/ once before the tests, so CLI tests run what users run (`node dist/cli/main.js`,
 * the bundled command: scripts/build-cli.ts), GraphiQL's and the dev console's bundles, which the HTTP door serves from dist/, and the CommonJS build Jest loads
 * (dist/cjs/; both bundles are skipped when they are up to date).
 */
export default async function setup(): Promise<void> {
  const shared = globalThis as { [BUILT]?: Promise<void> };
  shared[BUILT] ??= build();
  await shared[BUILT];
}
