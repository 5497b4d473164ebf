import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Builds dist/ once before the tests, so CLI tests run what users run (`node dist/cli/main.js`). */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}${result.stderr}`);
}
