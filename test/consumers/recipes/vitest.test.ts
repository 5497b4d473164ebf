import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSharedProjects, packedWorkspace, type Workspace, runWithReport, VITEST_REPORT } from './support/recipe-build.js';
import { readRecipe, recipeProject, type RecipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/vitest.md, followed word for word in each of its environments (node, jsdom,
 * happy-dom). The three share one install (the union of their `npm install` lines), each in a
 * folder of its own below it; then the page's `npx vitest run`, with a JSON report.
 */

const page = readRecipe('vitest.md');
const projects = new Map<string, RecipeProject>(page.variants.map((variant) => [variant, recipeProject(page, variant)]));

let workspace: Workspace;

beforeAll(async () => {
  workspace = await packedWorkspace('vitest');
  await buildSharedProjects(join(workspace.dir, 'project'), projects, workspace.tarball);
}, 600_000);

afterAll(() => workspace?.remove(), 120_000);

it('the page names its three environments and tells how to run the tests', () => {
  expect([...page.variants].sort()).toEqual(['happy-dom', 'jsdom', 'node']);
  for (const project of projects.values()) expect(project.run).toEqual(['npx vitest run']);
});

// Vitest's 5 s test and 1 s expect.poll defaults failed a login and a few requests on a busy
// 2-core machine now and then: each environment's config raises both, as the Apollo and urql pages do.
it.each(page.variants)('vitest.config.ts in %s sets waits that hold on a busy machine', (variant) => {
  const config = projects.get(variant)!.files.get('vitest.config.ts')!;
  expect(config).toContain('testTimeout: 15_000,');
  expect(config).toContain('expect: { poll: { timeout: 5_000 } },');
});

describe.each(page.variants)('docs/recipes/vitest.md in %s', (variant) => {
  it("the project's tests pass: alice reads and pages back #general, a live messageCreated, a reset between tests", { timeout: 240_000 }, async () => {
    const dir = join(workspace.dir, 'project', variant);
    // The page's own command, with a JSON report added.
    const { finished: result, outcomes } = await runWithReport(dir, projects.get(variant)!.run[0]!, VITEST_REPORT);
    expect(outcomes, result.stderr).toEqual([
      "passed: ...is gone in the next: each test starts from the seed",
      'passed: a message sent in one test...',
      "passed: alice reads #general and pages back: ascending, each message once",
      "passed: alice's messageCreated subscription receives what bob sends",
    ]);
    expect(result.status).toBe(0);
  });
});
