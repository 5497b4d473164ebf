import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../child-processes.js';
import { engineWarnings } from '../consumer-project/install-output.js';
import { buildProject, packedWorkspace, type Built, type Workspace, runWithReport } from './support/recipe-build.js';
import { readRecipe, recipeProject, type RecipeProject } from './support/recipe-page.js';

/**
 * docs/recipes/jest.md, followed word for word with Jest 29 and with Jest 30 (jsdom through
 * jest-fixed-jsdom, TypeScript through babel-jest): two projects, two installs (each its own Jest
 * major, about 500 packages: some 50 s side by side from npm's cache, minutes on a loaded machine
 * or a cold cache), then the page's `npx jest` in each, with a JSON report. What the tests there
 * prove: `parley` and `parley/msw` load under Jest through Parley's CommonJS build with no setting
 * for Parley, and share their classes; a live subscription over MSW's WebSocket interception; the
 * reset in `beforeEach` (Jest runs `afterEach` hooks in declaration order); an upload URL signed
 * with jose, on jsdom's crypto, which has no `subtle`; `startMockServer` in a file in Jest's node
 * environment; a React component in a `.tsx` test, through the page's babel.config.cjs.
 */

const page = readRecipe('jest.md');
const projects = new Map<string, RecipeProject>(page.variants.map((variant) => [variant, recipeProject(page, variant)]));

let workspace: Workspace;
const built = new Map<string, Built>();

beforeAll(async () => {
  workspace = await packedWorkspace('jest');
  await Promise.all(
    [...projects].map(async ([variant, project]) => {
      built.set(variant, await buildProject(join(workspace.dir, variant), project, workspace.tarball));
    }),
  );
}, 600_000);

// Two node_modules of about 150 MB each: slow to remove on a loaded machine.
afterAll(() => workspace?.remove(), 180_000);

it('the page names Jest 29 and 30, its configuration files are .cjs, and it tells how to run the tests', () => {
  expect([...page.variants].sort()).toEqual(['jest29', 'jest30']);
  for (const project of projects.values()) {
    expect([...project.files.keys()].filter((path) => /config/.test(path))).toEqual(['jest.config.cjs', 'babel.config.cjs']);
    expect(project.run).toEqual(['npx jest']);
  }
});

describe.each(page.variants)('docs/recipes/jest.md with %s', (variant) => {
  const dir = () => built.get(variant)!.dir;

  it("installs without an engine warning (EBADENGINE) on this Node: none of Parley's dependencies, nor Jest's, requires a newer one", () => {
    const { setup } = built.get(variant)!;
    expect(setup.length).toBeGreaterThan(0);
    expect(setup.flatMap((command) => engineWarnings(command.stdout + command.stderr))).toEqual([]);
  });

  it('Jest finds jest.config.cjs by itself, and babel-jest babel.config.cjs', { timeout: 120_000 }, async () => {
    const shown = await run('sh', ['-c', 'npx jest --showConfig'], dir(), { timeout: 90_000 });
    expect(shown.status, shown.stderr).toBe(0);
    const [config] = (JSON.parse(shown.stdout) as { configs: { testEnvironment: string; transform: [string, string, unknown][] }[] }).configs;
    expect(config!.testEnvironment).toContain('/node_modules/jest-fixed-jsdom/');
    expect(config!.transform.map(([, transformer]) => transformer)).toEqual([expect.stringContaining('/node_modules/babel-jest/')]);
    // The file babel-jest's Babel finds for a test file: babel-jest asks with the project as `cwd`, as here.
    const babel = await run(
      process.execPath,
      [
        '-e',
        "const c = require('@babel/core').loadPartialConfig({ cwd: process.cwd(), filename: require('node:path').resolve('test/chat.test.ts') }); console.log(JSON.stringify({ file: c.config, presets: c.options.presets.map((p) => p.file.request) }))",
      ],
      dir(),
    );
    expect(babel.status, babel.stderr).toBe(0);
    expect(JSON.parse(babel.stdout)).toEqual({ file: join(dir(), 'babel.config.cjs'), presets: ['@babel/preset-env', '@babel/preset-typescript', '@babel/preset-react'] });
  });

  it("the project's tests pass: alice reads and pages back #general, a live messageCreated, a reset before each test, both entries, node and jsdom, JSX", { timeout: 240_000 }, async () => {
    // The page's own command, with a JSON report, and Jest's cache in the project (removed with it) rather than in the machine's tmpdir.
    const { finished: result, outcomes } = await runWithReport(dir(), projects.get(variant)!.run[0]!, '--ci --json --outputFile=report.json --cacheDirectory=.jest-cache');
    expect(outcomes, result.stderr).toEqual([
      "passed: ...and the next test starts from the seed: bob's message is gone",
      'passed: a React component shows the newest messages of #general',
      'passed: alice gets a signed upload URL for her avatar',
      'passed: alice reads #general and pages back: ascending, each message once',
      "passed: alice's access token expires after 15 minutes, without waiting for them",
      "passed: alice's messageCreated subscription receives what bob sends",
      'passed: startMockServer serves GraphQL on a free port',
    ]);
    expect(result.status).toBe(0);
  });
});
