import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../child-processes.js';
import { buildProject, packedWorkspace, type Workspace, runWithReport, VITEST_REPORT } from './support/recipe-build.js';
import { readRecipe, recipeProject, type RecipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/apollo-client.md, followed word for word with Apollo Client 3 and with 4: two
 * installs (one node_modules cannot hold both majors), built side by side. In each project, the
 * page's own commands: `npx tsc --noEmit` (its modules against that major's types), then
 * `npx vitest run` with a JSON report.
 */

const page = readRecipe('apollo-client.md');
const projects = new Map<string, RecipeProject>(page.variants.map((variant) => [variant, recipeProject(page, variant)]));

let workspace: Workspace;

beforeAll(async () => {
  workspace = await packedWorkspace('apollo');
  await Promise.all([...projects].map(([variant, project]) => buildProject(join(workspace.dir, variant), project, workspace.tarball)));
}, 600_000);

afterAll(() => workspace?.remove(), 120_000);

it('the page names Apollo Client 3 and 4, shares its modules between them, and tells how to check and run', () => {
  expect([...page.variants].sort()).toEqual(['apollo3', 'apollo4']);
  for (const project of projects.values()) expect(project.run).toEqual(['npx tsc --noEmit', 'npx vitest run']);
  const modules = ['src/apollo/operations.ts', 'src/apollo/cache.ts', 'src/apollo/client.ts'];
  // The React recipe takes these files of this page: they must belong to every variant.
  for (const path of modules) expect(page.blocks.find((block) => block.path === path)?.variant, path).toBeUndefined();
  expect(projects.get('apollo3')!.files.get('test/parley.ts')).toBe(readRecipe('vitest.md').blocks.find((block) => block.path === 'test/parley.ts')!.code);
});

describe.each(page.variants)('docs/recipes/apollo-client.md with %s', (variant) => {
  it('the modules and the test type-check against its types', { timeout: 120_000 }, async () => {
    const result = await run('sh', ['-c', projects.get(variant)!.run[0]!], join(workspace.dir, variant), { timeout: 100_000 });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it("the project's tests pass: paging back, a live messageCreated, the optimistic send, the catch-up, a reset between tests", { timeout: 240_000 }, async () => {
    const dir = join(workspace.dir, variant);
    const { finished: result, outcomes } = await runWithReport(dir, projects.get(variant)!.run[1]!, VITEST_REPORT);
    expect(outcomes, result.stderr).toEqual([
      'passed: ...is gone in the next: each test starts from the seed',
      'passed: a message sent in one test...',
      'passed: after a reconnect, alice catches up with messagesSince on what was sent while her socket was down',
      'passed: alice reads #general and pages back with fetchMore: one list, ascending, each message once',
      'passed: alice sends optimistically: her messages show at once, and once each when their echoes and answers are in',
      "passed: bob's message reaches alice's list once, through her messageCreated subscription",
    ]);
    expect(result.status).toBe(0);
  });
});
