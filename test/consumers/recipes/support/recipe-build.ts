import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { inject } from 'vitest';
import { run, type Finished } from '../../child-processes.js';
import type { RecipeProject } from './recipe-page.js';

/**
 * Builds a recipe's project the way a user does: a package.json as `npm create vite` leaves it
 * (`"type": "module"`; the recipes say so), then every file of the page exactly as shown, then the
 * page's setup commands exactly as shown, in order, with one substitution: the word `parley` in an
 * `npm install` line names the tarball packed from this checkout (Parley as a user gets it, not
 * a package of that name on the registry).
 */

/** npm's settings for every command: no audit or fund notices, the cache first (the registry when it lacks a version). */
const NPM_SETTINGS = {
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'warn',
};

/** A temporary folder for one test file's projects, and the tarball of Parley they install. */
export interface Workspace {
  readonly dir: string;
  readonly tarball: string;
  remove(): Promise<void>;
}

/**
 * A new temporary folder, and Parley's tarball: packed once for the whole `consumers` project
 * (test/consumers/pack-once.ts, after test/global-setup.ts built dist/).
 */
export function packedWorkspace(prefix: string): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), `parley-recipe-${prefix}-`));
  return Promise.resolve({
    dir,
    tarball: inject('parleyPack').tarball,
    // node_modules of a frontend project: thousands of files, slow to remove on a loaded machine.
    remove: () => rm(dir, { recursive: true, force: true }),
  });
}

/** A setup line as run: `parley` in an `npm install` line becomes the tarball's path. */
export function asRun(command: string, tarball: string): string {
  if (!/^npm (install|i) /.test(command)) return command;
  return command
    .split(' ')
    .map((word) => (word === 'parley' ? tarball : word))
    .join(' ');
}

export interface Built {
  readonly dir: string;
  /** Each setup command as written on the page, with what it printed. */
  readonly setup: readonly (Finished & { readonly command: string })[];
}

/**
 * Writes `project`'s files into `dir` (created) and runs its setup commands there, one after
 * another. Rejects with a command's output when one fails.
 */
export async function buildProject(dir: string, project: RecipeProject, tarball: string): Promise<Built> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: basename(dir), private: true, type: 'module' }, null, 2)}\n`);
  writeFiles(dir, project);
  const setup: (Finished & { command: string })[] = [];
  for (const command of project.setup) {
    const finished = await run('sh', ['-c', asRun(command, tarball)], dir, { env: NPM_SETTINGS, timeout: 600_000 });
    if (finished.status !== 0) throw new Error(`in ${dir}: \`${command}\` failed (${finished.status}):\n${finished.stdout}\n${finished.stderr}`);
    setup.push({ ...finished, command });
  }
  return { dir, setup };
}

/**
 * Variants of one page that share their installs: the union of their setup commands runs once in
 * `dir`, and each variant's files go to `dir/<variant>/`, which resolves packages from the shared
 * node_modules above it as Node does. Only for variants whose setup is all `npm install` lines
 * (a command such as `npx msw init public` writes into the folder it runs in).
 */
export async function buildSharedProjects(dir: string, projects: ReadonlyMap<string, RecipeProject>, tarball: string): Promise<Built> {
  const setup: string[] = [];
  for (const project of projects.values()) {
    for (const command of project.setup) {
      if (!/^npm (install|i) /.test(command)) throw new Error(`\`${command}\` cannot be shared between variants: build them apart`);
      if (!setup.includes(command)) setup.push(command);
    }
  }
  const built = await buildProject(dir, { files: new Map(), setup, run: [] }, tarball);
  for (const [variant, project] of projects) writeFiles(join(dir, variant), project);
  return built;
}

function writeFiles(dir: string, project: RecipeProject): void {
  for (const [path, code] of project.files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
}

/**
 * The tests a runner's JSON report holds (Jest's `--json`, Vitest's `json` reporter: the same
 * shape), as `status: title`, sorted, each failure's message after it; a file that could not run
 * at all is one `failed to run:` line.
 */
export function outcomes(reportFile: string): string[] {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: { name: string; message?: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
  };
  return report.testResults
    .flatMap((file) => [
      ...(file.message && file.assertionResults.length === 0 ? [`failed to run: ${file.name} ${file.message}`] : []),
      ...file.assertionResults.map((test) => `${test.status}: ${test.title} ${test.failureMessages.join('\n')}`.trim()),
    ])
    .sort();
}

/** What makes Vitest write the JSON report {@link runWithReport} reads. */
export const VITEST_REPORT = '--reporter=json --outputFile=report.json';

/**
 * Runs a page's test command in `dir` as the page shows it, plus `flags` that make the runner
 * write `report.json` (Vitest's {@link VITEST_REPORT}, Jest's `--json --outputFile=report.json`);
 * resolves with what it printed and the report's {@link outcomes}. Rejects, with the output, when
 * the runner wrote no report.
 */
export async function runWithReport(dir: string, command: string, flags: string): Promise<{ finished: Finished; outcomes: string[] }> {
  const finished = await run('sh', ['-c', `${command} ${flags}`], dir, { timeout: 210_000 });
  const report = join(dir, 'report.json');
  if (!existsSync(report)) throw new Error(`\`${command}\` wrote no report (${finished.status}):\n${finished.stdout}\n${finished.stderr}`);
  return { finished, outcomes: outcomes(report) };
}
