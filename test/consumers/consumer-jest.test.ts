import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, succeed, type Finished } from './child-processes.js';
import { engineWarnings } from './consumer-project/install-output.js';
import {
  babelConfig,
  JEST_COMMON_PACKAGES,
  JEST_VERSIONS,
  jestChatTest,
  jestConfig,
  jestEntriesTest,
  jestPackageJson,
  jestServerTest,
} from './consumer-project/jest-files.js';

/**
 * Issue 28: Parley under Jest, where many frontend teams test. `npm pack`, then two fresh projects,
 * Jest 29 and Jest 30, each with jsdom (jest-fixed-jsdom, as MSW asks) and TypeScript through
 * babel-jest, install the tarball and run a real test: alice logs in, reads #general, sends a
 * message and reads it back; a reset between tests; a live `messageCreated` over MSW's WebSocket
 * interception; `parley` and `parley/msw` through Parley's CommonJS build, which the projects'
 * Jest configuration does not mention.
 *
 * Heavy (two installs of about 500 packages: some 25 s each from npm's cache, minutes on a loaded
 * machine or a cold cache), so it is in test/consumers/, which `.ci/run` runs on one Node version.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/** msw and graphql-ws at the versions this repository installed: npm's cache has them. */
const repoPackages = ['msw', 'graphql-ws'].map((name) => {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return `${name}@${version}`;
});

interface JestReport {
  numFailedTests: number;
  testResults: { name: string; message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

let workspace: string;
const installs = new Map<number, Finished>();

beforeAll(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'parley-jest-'));
  // dist/ is fresh: test/global-setup.ts built it (dist/cjs/ too); the pack skips scripts, as in consumer-project.test.ts.
  const [pack] = JSON.parse(await succeed('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', workspace], root)) as [{ filename: string }];
  await Promise.all(
    majors.map(async (major) => {
      const project = join(workspace, `jest${major}`);
      mkdirSync(project);
      writeFileSync(join(project, 'package.json'), jestPackageJson(major));
      writeFileSync(join(project, 'babel.config.js'), babelConfig);
      writeFileSync(join(project, 'jest.config.js'), jestConfig);
      writeFileSync(join(project, 'chat.test.ts'), jestChatTest);
      writeFileSync(join(project, 'entries.test.ts'), jestEntriesTest);
      writeFileSync(join(project, 'server.test.ts'), jestServerTest);
      const jest = Object.entries(JEST_VERSIONS[major]).map(([name, version]) => `${name}@${version}`);
      // Warnings are kept (not --loglevel=error): the install must print no EBADENGINE.
      const args = ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', `../${pack.filename}`, ...repoPackages, ...jest, ...JEST_COMMON_PACKAGES];
      const installed = await run('npm', args, project, { timeout: 420_000 });
      if (installed.status !== 0) throw new Error(`npm install in jest${major} failed (${installed.status}):\n${installed.stdout}\n${installed.stderr}`);
      installs.set(major, installed);
    }),
  );
}, 480_000);

// Two node_modules of about 150 MB each: slow to remove on a loaded machine.
afterAll(async () => {
  if (workspace) await rm(workspace, { recursive: true, force: true });
}, 180_000);

const majors = Object.keys(JEST_VERSIONS).map(Number) as (keyof typeof JEST_VERSIONS)[];

it("docs/msw.md shows, line for line, the Jest configuration and hooks these projects run", () => {
  const docs = readFileSync(join(root, 'docs/msw.md'), 'utf8');
  const settings = jestConfig.split('\n').filter((line) => /^\s+(testEnvironment|transform|transformIgnorePatterns):/.test(line));
  expect(settings).toHaveLength(3);
  for (const line of settings) expect(docs).toContain(line);
  for (const line of ['beforeEach(() => parley.reset());', 'afterEach(() => server.resetHandlers());']) {
    expect(jestChatTest).toContain(line);
    expect(docs).toContain(line);
  }
});

describe('Parley packed and installed into Jest projects (jsdom)', () => {
  for (const major of majors) {
    describe(`Jest ${major}`, () => {
      it('installs without an engine warning (EBADENGINE) on this Node', () => {
        const installed = installs.get(major)!;
        expect(engineWarnings(installed.stdout + installed.stderr)).toEqual([]);
      });

      it("runs the project's tests: chat through MSW, a live subscription, a reset between tests, both entries", { timeout: 240_000 }, async () => {
        const project = join(workspace, `jest${major}`);
        // The transform cache in the project (removed with it), not in the machine's tmpdir.
        const result = await run(process.execPath, ['node_modules/jest/bin/jest.js', '--ci', '--json', '--outputFile=report.json', '--cacheDirectory=.jest-cache'], project, { timeout: 210_000 });
        expect(existsSync(join(project, 'report.json')), `jest wrote no report (${result.status}):\n${result.stdout}\n${result.stderr}`).toBe(true);
        const report = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8')) as JestReport;
        const outcomes = report.testResults.flatMap((file) => [
          ...(file.message && file.assertionResults.length === 0 ? [`failed to run: ${file.name} ${file.message}`] : []),
          ...file.assertionResults.map((test) => `${test.status}: ${test.title} ${test.failureMessages.join('\n')}`.trim()),
        ]);
        expect(outcomes.sort(), result.stderr).toEqual([
          'passed: alice logs in, reads #general, sends a message and reads it back',
          "passed: alice's messageCreated subscription sees bob's message, over MSW's WebSocket interception",
          'passed: each test starts from the seed again (reset in beforeEach)',
          'passed: parley and parley/msw load under Jest, sharing their classes',
          "passed: signs an upload URL (jose's HS256, on a Web Crypto with subtle, which jsdom's crypto lacks)",
          'passed: startMockServer serves on port 0 from a Jest test',
          'passed: the next test after a subscription starts clean too: its client was disposed before the reset',
        ]);
        expect(result.status).toBe(0);
      });
    });
  }
});
