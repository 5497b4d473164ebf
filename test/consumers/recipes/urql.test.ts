import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { run } from '../child-processes.js';
import { buildProject, packedWorkspace, type Workspace, runWithReport, VITEST_REPORT } from './support/recipe-build.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/urql.md, followed word for word: the project it builds, then the page's own
 * commands, `npx tsc --noEmit` (its modules against urql's and Graphcache's types) and
 * `npx vitest run` with a JSON report.
 */

const page = readRecipe('urql.md');
const project = recipeProject(page);

let workspace: Workspace;
let dir: string;

beforeAll(async () => {
  workspace = await packedWorkspace('urql');
  dir = join(workspace.dir, 'project');
  await buildProject(dir, project, workspace.tarball);
}, 600_000);

afterAll(() => workspace?.remove(), 120_000);

it('the page keeps Graphcache and the client in modules of their own, and tells how to check and run', () => {
  expect(page.variants).toEqual([]);
  expect([...project.files.keys()]).toEqual(expect.arrayContaining(['src/urql/graphcache.ts', 'src/urql/client.ts', 'src/urql/operations.ts']));
  expect(project.run).toEqual(['npx tsc --noEmit', 'npx vitest run']);
});

it('the modules and the test type-check', { timeout: 120_000 }, async () => {
  const result = await run('sh', ['-c', project.run[0]!], dir, { timeout: 100_000 });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});

it("the project's tests pass: paging back, a live messageCreated, the optimistic send, the catch-up, a reset between tests", { timeout: 240_000 }, async () => {
  const { finished: result, outcomes } = await runWithReport(dir, project.run[1]!, VITEST_REPORT);
  expect(outcomes, result.stderr).toEqual([
    'passed: ...is gone in the next: each test starts from the seed',
    'passed: a message sent in one test...',
    'passed: after a reconnect, alice catches up with messagesSince on what was sent while her socket was down',
    'passed: alice reads #general and pages back with before: one list, ascending, each message once',
    'passed: alice sends optimistically: her messages show at once, and once each when their echoes and answers are in',
    "passed: bob's message reaches alice's list once, through her messageCreated subscription",
  ]);
  expect(result.status).toBe(0);
});
