import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildGraphiQL } from '../scripts/build-graphiql.js';

/**
 * Builds dist/ once before the tests, so CLI tests run what users run (`node dist/cli/main.js`),
 * and GraphiQL's bundle (skipped when it is up to date), which the HTTP door serves from dist/.
 */
export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
  await buildGraphiQL();
}
