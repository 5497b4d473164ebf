import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

/**
 * The MSW door in a fresh Node process (over dist/, as a user's test imports it):
 * - from the start of the script (Node booted) until `createParleyHandlers()` with demo data has
 *   answered its first GraphQL request through `setupServer`: what a test file pays once;
 * - `reset()`: median of repeated resets back to the seed (a restore from the seed's snapshot).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESETS = 200;

const CHILD = `
const started = performance.now();
const { createParleyHandlers } = await import('./dist/msw/index.js');
const { setupServer } = await import('msw/node');
const parley = await createParleyHandlers({ endpoint: 'http://parley.bench/graphql' });
const server = setupServer(...parley.handlers);
server.listen({ onUnhandledRequest: 'error' });
const response = await fetch('http://parley.bench/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
await response.json();
const firstMs = performance.now() - started;
const resets = [];
for (let round = 0; round < ${RESETS}; round += 1) {
  const at = performance.now();
  await parley.reset();
  resets.push(performance.now() - at);
}
server.close();
console.log(JSON.stringify({ firstMs, resets }));
`;

export interface MswDoorResult {
  /** Per run: script start to the first answered request. */
  readonly firstRequestMs: readonly number[];
  readonly medianFirstRequestMs: number;
  /** Median of every reset of every run. */
  readonly medianResetMs: number;
}

export function measureMswDoor(runs = 3): MswDoorResult {
  const firsts: number[] = [];
  const resets: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`the MSW bench child failed: ${result.stderr}`);
    const measured = JSON.parse(result.stdout.trim().split('\n').pop()!) as { firstMs: number; resets: number[] };
    firsts.push(measured.firstMs);
    resets.push(...measured.resets);
  }
  return { firstRequestMs: firsts, medianFirstRequestMs: median(firsts), medianResetMs: median(resets) };
}
