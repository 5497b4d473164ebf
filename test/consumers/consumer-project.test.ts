import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { run, succeed, type Finished } from './child-processes.js';
import { engineWarnings, npmWarnings } from './consumer-project/install-output.js';
import { againstPort, installArguments, readInstalledPage, serve } from './consumer-project/installed-page.js';
import { chatTestBody, consumerPackageJson, consumerTsconfig, entriesTest, readmeDataBlock, readmeMswSetup } from './consumer-project/files.js';

/**
 * Issue 19, "in a consumer's tests": Parley as users get it. `npm pack`, install the tarball into
 * a fresh project with vitest and msw, and run a test there whose setup is the README's MSW lines,
 * verbatim; type-check it with the project's own tsc. This proves the `files` list, the `exports`
 * map and the types, which no test importing src/ can.
 *
 * Issue 39, "Parley in your project": the same project is the one docs/installed.md describes. Its
 * `npm install` lines are the install (whose whole output must hold no warning of Parley's), its
 * test files run under the project's vitest, its `npx parley mock serve` and `curl` lines run there,
 * and its codegen.ts runs GraphQL Code Generator on the installed schema.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
};

/** The consumer's tools, at the versions this repository installed: npm's cache already has them. */
const tools = ['vitest', 'msw', 'typescript', '@types/node'].map((name) => {
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
  return `${name}@${version}`;
});

let project: string;
let packed: string[];
let install: Finished;
const setup = readmeMswSetup(readFileSync(join(root, 'README.md'), 'utf8'));
const page = readInstalledPage();

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'parley-consumer-'));
  // Packed once for the project's files (test/consumers/pack-once.ts), after test/global-setup.ts built dist/.
  const pack = inject('parleyPack');
  packed = [...pack.files];
  const filename = basename(pack.tarball);
  copyFileSync(pack.tarball, join(project, filename));
  writeFileSync(join(project, 'package.json'), consumerPackageJson);
  writeFileSync(join(project, 'tsconfig.json'), consumerTsconfig);
  writeFileSync(join(project, 'chat.test.ts'), setup + chatTestBody);
  writeFileSync(join(project, 'entries.test.ts'), entriesTest(readmeDataBlock(readFileSync(join(root, 'README.md'), 'utf8'))));
  for (const [path, code] of page.files) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), code);
  }
  // Warnings are kept (not --loglevel=error): the install must print no warning of Parley's.
  // docs/installed.md's install lines, in one install with the project's tools.
  install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', ...installArguments(page.packages, `./${filename}`), ...tools], project);
  if (install.status !== 0) throw new Error(`npm install failed (${install.status}):\n${install.stdout}\n${install.stderr}`);
}, 180_000);

// node_modules there is about 130 MB in thousands of files: slow to remove on a loaded machine.
afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
}, 120_000);

// Each step takes seconds (install about 15 s, tsc and vitest 1 to 3 s each) and many times that
// when the rest of the suite loads the machine: generous timeouts, not the suite's 20 s.
describe('Parley packed and installed into a fresh project', { timeout: 120_000 }, () => {
  it('the tarball holds every exports and bin target, the schema, the fixtures format and the credentials example, and nothing test-only', () => {
    const targets = Object.values(rootPackage.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)));
    for (const target of [...targets, ...Object.values(rootPackage.bin)]) expect(packed).toContain(target.replace(/^\.\//, ''));
    expect(packed).toContain('schema.graphql');
    expect(packed).toContain('fixtures/parley-fixtures.schema.json');
    expect(packed).toContain('conformance/credentials.example.json');
    expect(packed).toContain('dist/graphiql/graphiql.js');
    expect(packed).toContain('dist/console/console.js');
    expect(packed.filter((path) => !/^(dist\/|fixtures\/|conformance\/|schema\.graphql$|README\.md$|LICENSE|package\.json$)/.test(path))).toEqual([]);
    expect(packed.filter((path) => /\.test\.|(^|\/)(test|bench|scripts|examples)\//.test(path))).toEqual([]);
  });

  it('installs without an engine warning (EBADENGINE) on this Node: no dependency of Parley requires a newer one than it declares', () => {
    expect(engineWarnings(install.stdout + install.stderr)).toEqual([]);
  });

  it("installs with no warning of Parley's in npm's whole output: no install script, no EBADENGINE, no deprecation (npm's own and msw's are allowed)", () => {
    expect(npmWarnings(install.stdout + install.stderr)).toEqual([]);
  });

  it("the README's MSW setup is under 10 lines", () => {
    expect(setup.split('\n').filter((line) => line.trim() !== '').length).toBeLessThan(10);
  });

  it("the consumer's tests pass under its own vitest: alice sends a message to #general and reads it back through MSW", async () => {
    const result = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'chat.test.ts', 'entries.test.ts', '--reporter=json', '--outputFile=report.json'], project);
    const report = JSON.parse(readFileSync(join(project, 'report.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    const outcomes = report.testResults.flatMap((file) => file.assertionResults.map((test) => `${test.status}: ${test.title} ${test.failureMessages.join('\n')}`.trim()));
    expect(outcomes.sort(), result.stderr).toEqual([
      'passed: alice logs in, sends a message to #general and reads it back',
      'passed: each test starts from the seed again (reset in afterEach)',
      'passed: every entry of the exports map loads, with its types',
    ]);
    expect(result.status).toBe(0);
  });

  it("the consumer's tests type-check against Parley's .d.ts files (strict, skipLibCheck off)", async () => {
    // One thread: TypeScript 7 checks on every core otherwise, and the rest of the suite runs beside it.
    const result = await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.', '--singleThreaded'], project);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the parley command runs from the installed package', async () => {
    expect(await succeed(join(project, 'node_modules/.bin/parley'), ['schema', 'print'], project)).toContain('type Query');
  });
});

describe('docs/installed.md, followed in that project', { timeout: 120_000 }, () => {
  it("its test files pass under the project's vitest: graphql-ws on Node 20 with the ws package, mock.reset(), sandboxes", async () => {
    const tests = [...page.files.keys()].filter((path) => path.endsWith('.test.ts'));
    expect(tests).toEqual(['mock.test.ts', 'sandboxes.test.ts']);
    const result = await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...tests, '--reporter=json', '--outputFile=page-report.json'], project);
    const report = JSON.parse(readFileSync(join(project, 'page-report.json'), 'utf8')) as {
      testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    const outcomes = report.testResults.flatMap((file) => file.assertionResults.map((test) => `${test.status}: ${test.title} ${test.failureMessages.join('\n')}`.trim()));
    expect(outcomes.sort(), result.stdout + result.stderr).toEqual([
      'passed: a sandbox made over HTTP serves GraphQL at its own url',
      'passed: a subscriber hears the message sent',
      'passed: the next test starts from the reset: ann is gone',
      'passed: what one sandbox does, another never sees',
    ]);
  });

  it('every `npx parley mock serve` line listens and answers; its curl lines (reset, a sandbox) answer JSON', async () => {
    expect(page.serves.length).toBeGreaterThanOrEqual(8);
    for (const flag of ['--port', '--empty', '--fixtures', '--persist', '--host', '--cors-origin', '--seed']) expect(page.serves.some((line) => line.includes(` ${flag}`)), flag).toBe(true);
    // One after the other: each is a Node process with the whole mock, and the machine has 2 cores.
    for (const line of page.serves) {
      const server = await serve(line, project, { viaNpx: line === page.serves[0] });
      try {
        const response = await fetch(`http://127.0.0.1:${server.port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' });
        expect(await response.json(), `${line}\n${server.output()}`).toEqual({ data: { health: 'ok' } });
        if (line === 'npx parley mock serve') {
          for (const curl of page.curls) {
            const result = await run('bash', ['-c', againstPort(curl, server.port)], project);
            expect(result.status, `${curl}\n${result.stderr}`).toBe(0);
            expect(JSON.parse(result.stdout) as unknown, curl).not.toHaveProperty('errors');
          }
        }
      } finally {
        // npx's shell ends on the SIGINT itself; the mock under it closes and exits 0.
        expect([0, 'SIGINT'], `${line}\n${server.output()}`).toContain(await server.stop());
      }
    }
    expect(page.curls.length).toBe(2);
    expect(existsSync(join(project, 'parley-state.json'))).toBe(true);
  });

  it("its codegen.ts runs GraphQL Code Generator's client preset on the installed node_modules/parley/schema.graphql", async () => {
    expect(page.files.get('codegen.ts')).toContain("schema: 'node_modules/parley/schema.graphql'");
    // The repository's own @graphql-codegen packages, linked in: an install of them would add a
    // minute and warnings of theirs to the install checked above.
    mkdirSync(join(project, 'node_modules/@graphql-codegen'), { recursive: true });
    for (const name of ['cli', 'client-preset']) symlinkSync(join(root, 'node_modules/@graphql-codegen', name), join(project, 'node_modules/@graphql-codegen', name));
    symlinkSync('../@graphql-codegen/cli/esm/bin.js', join(project, 'node_modules/.bin/graphql-codegen'));
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src/workspaces.ts'), "import { graphql } from './gql/index.js';\n\nexport const Workspaces = graphql(`query Workspaces { workspaces { id name } }`);\n");
    const result = await run('npx', ['graphql-codegen'], project);
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(readFileSync(join(project, 'src/gql/graphql.ts'), 'utf8')).toContain('export type WorkspacesQuery');
  });
});
