import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

/**
 * The MSW door in a fresh Node process (over dist/, as a user's test imports it):
 * - from the start of the script (Node booted) until `createParleyHandlers()` with demo data has
 *   answered its first GraphQL request through `setupServer`: what a test file pays once;
 * - `reset()`: median of repeated resets back to the seed (a restore from the seed's snapshot),
 *   and the first few of a process apart: V8 has not compiled the restore yet, so they cost
 *   several times the median (what the first tests of a test file see);
 * - a 30-message page of #general through MSW (fetch, intercepted) against the same page through
 *   the HTTP door (fetch over loopback to a server in the same process), each door as users get it
 *   (MSW: graphql-js; HTTP: adaptive graphql-jit), in alternating rounds: the ratio of request times.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESETS = 200;
/** How many of the first resets of each run are reported one by one. */
export const FIRST_RESETS = 3;
const PAGE_ROUNDS = 6;
const PAGES_PER_ROUND = 150;

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

const { startMockServer } = await import('./dist/index.js');
const http = await startMockServer({ port: 0, seed: 1 });
const post = (url, query, variables, token) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: JSON.stringify({ query, variables }) }).then((r) => r.json());
async function pageOf(url) {
  const { data: { login } } = await post(url, 'mutation($i: LoginInput!) { login(input: $i) { accessToken } }', { i: { email: 'alice@acme.test', password: 'parley-demo' } });
  const { data: { workspaces } } = await post(url, '{ workspaces { id } }', {}, login.accessToken);
  const { data: { conversations } } = await post(url, 'query($w: ID!) { conversations(workspaceId: $w) { nodes { id title } } }', { w: workspaces[0].id }, login.accessToken);
  const c = conversations.nodes.find((n) => n.title === 'general').id;
  const query = 'query Messages($c: ID!) { messages(conversationId: $c, first: 30) { nodes { id sequence content senderId createdAt reactions { emoji userIds } } endCursor hasNextPage } }';
  return async () => { const body = await post(url, query, { c }, login.accessToken); if (!body.data) throw new Error(JSON.stringify(body)); };
}
const mswPage = await pageOf('http://parley.bench/graphql');
server.close();
const httpPage = await pageOf(http.url);
async function round(page) {
  for (let i = 0; i < 20; i += 1) await page();
  const at = performance.now();
  for (let i = 0; i < ${PAGES_PER_ROUND}; i += 1) await page();
  return (performance.now() - at) / ${PAGES_PER_ROUND};
}
const pages = [];
for (let r = 0; r < ${PAGE_ROUNDS}; r += 1) {
  server.listen({ onUnhandledRequest: 'error' });
  const mswMs = await round(mswPage);
  server.close();
  const httpMs = await round(httpPage);
  pages.push({ mswMs, httpMs });
}
await http.close();
console.log(JSON.stringify({ firstMs, resets, pages }));
`;

export interface MswDoorResult {
  /** Per run: script start to the first answered request. */
  readonly firstRequestMs: readonly number[];
  readonly medianFirstRequestMs: number;
  /** Median of every reset of every run, */
  readonly medianResetMs: number;
  /** of this many. */
  readonly resetCount: number;
  /** Per run: the first {@link FIRST_RESETS} resets of the process, in order. */
  readonly firstResetsMs: readonly (readonly number[])[];
  /** Per request, medians over every round of every run: a messages page through MSW and through the HTTP door. */
  readonly pageMswMs: number;
  readonly pageHttpMs: number;
  /** Median of the rounds' MSW / HTTP ratios. */
  readonly pageRatio: number;
}

export function measureMswDoor(runs = 3): MswDoorResult {
  const firsts: number[] = [];
  const resets: number[] = [];
  const firstResets: number[][] = [];
  const pages: { mswMs: number; httpMs: number }[] = [];
  for (let run = 0; run < runs; run += 1) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`the MSW bench child failed: ${result.stderr}`);
    const measured = JSON.parse(result.stdout.trim().split('\n').pop()!) as { firstMs: number; resets: number[]; pages: { mswMs: number; httpMs: number }[] };
    firsts.push(measured.firstMs);
    resets.push(...measured.resets);
    firstResets.push(measured.resets.slice(0, FIRST_RESETS));
    pages.push(...measured.pages);
  }
  return {
    firstRequestMs: firsts,
    medianFirstRequestMs: median(firsts),
    medianResetMs: median(resets),
    resetCount: resets.length,
    firstResetsMs: firstResets,
    pageMswMs: median(pages.map((page) => page.mswMs)),
    pageHttpMs: median(pages.map((page) => page.httpMs)),
    pageRatio: median(pages.map((page) => page.mswMs / page.httpMs)),
  };
}
