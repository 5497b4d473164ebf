import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../child-processes.js';
import { browserTestsRun, CHROMIUM } from '../chromium.js';
import { buildProject, packedWorkspace, type Workspace } from './support/recipe-build.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/playwright.md, followed word for word: Playwright Test with `npx parley mock serve`
 * and Vite's dev server as its two `webServer`s, and a worker-scoped fixture that takes a sandbox
 * of the mock per worker (`POST /sandboxes`). The page's `npx playwright test` with 2 workers, then
 * its `--workers=4`, each with a JSON report: every test passes, on more than one worker. The
 * tests count what a page shows, so a message one worker sends that reached another worker's
 * page would fail them (as it does on one shared state).
 *
 * `CI=1`: Playwright starts its own servers (and fails if the page's ports 4710 and 5710 are
 * taken) rather than reuse whatever listens there. `CHROMIUM_PATH`: the page's setting for a
 * browser already installed; `npx playwright install chromium`, which downloads one, is not run.
 */

const page = readRecipe('playwright.md');
const project = recipeProject(page);

let workspace: Workspace;
let dir: string;

interface Report {
  readonly suites: readonly ReportSuite[];
  readonly stats: { readonly expected: number; readonly unexpected: number; readonly flaky: number; readonly skipped: number };
}
interface ReportSuite {
  readonly suites?: readonly ReportSuite[];
  readonly specs: readonly { readonly title: string; readonly ok: boolean; readonly tests: readonly { readonly results: readonly { readonly workerIndex: number; readonly error?: { message?: string } }[] }[] }[];
}

/** Every test of a Playwright JSON report as `passed: title` / `failed: title error`, sorted, and the workers that ran them. */
function summary(report: Report): { outcomes: string[]; workers: number } {
  const outcomes: string[] = [];
  const workers = new Set<number>();
  const visit = (suite: ReportSuite): void => {
    for (const spec of suite.specs) {
      const results = spec.tests.flatMap((test) => test.results);
      results.forEach((result) => workers.add(result.workerIndex));
      const errors = results.flatMap((result) => (result.error?.message ? [result.error.message] : []));
      outcomes.push(`${spec.ok ? 'passed' : 'failed'}: ${spec.title} ${errors.join('\n')}`.trim());
    }
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return { outcomes: outcomes.sort(), workers: workers.size };
}

const EXPECTED = [
  'passed: alice sees the newest 20 messages of #general',
  ...[1, 2, 3, 4].map((round) => `passed: bob's message shows live in alice's page, and only in this test's sandbox (${round})`),
  'passed: pages back: older messages go in front',
];

describe.skipIf(!browserTestsRun)('docs/recipes/playwright.md: a sandbox per worker', () => {
  beforeAll(async () => {
    workspace = await packedWorkspace('playwright');
    dir = join(workspace.dir, 'project');
    await buildProject(dir, project, workspace.tarball);
  }, 600_000);

  afterAll(() => workspace?.remove(), 120_000);

  it('the page installs Playwright Test and Vite, and runs the tests with the default workers and with 4', () => {
    expect(project.setup).toEqual(['npm install --save-dev parley @playwright/test@1 vite@8', 'npm install graphql-ws@6']);
    expect(project.run).toEqual(['npx playwright install chromium', 'npx playwright test', 'npx playwright test --workers=4']);
  });

  it.each([
    ['2 workers', `${project.run[1]!} --workers=2`, 2],
    ['4 workers', project.run[2]!, 4],
  ])('every test passes with %s, each worker on its own sandbox', { timeout: 240_000 }, async (_name, command, workers) => {
    const report = join(dir, 'report.json');
    const result = await run('sh', ['-c', `${command} --reporter=json`], dir, {
      env: { CI: '1', CHROMIUM_PATH: CHROMIUM, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      timeout: 210_000,
    });
    if (!existsSync(report)) throw new Error(`\`${command}\` wrote no report (${result.status}):\n${result.stdout}\n${result.stderr}`);
    const { outcomes, workers: used } = summary(JSON.parse(readFileSync(report, 'utf8')) as Report);
    expect(outcomes, result.stderr).toEqual(EXPECTED);
    expect(used).toBe(workers);
    expect(result.status).toBe(0);
  });
});
