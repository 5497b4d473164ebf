import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { asRun } from '../recipes/support/recipe-build.js';
import { parseRecipe, recipeProject, type RecipeProject } from '../recipes/support/recipe-page.js';
import { childEnv } from '../child-processes.js';

/**
 * docs/installed.md ("Parley in your project") read as the project it describes, for
 * test/consumers/consumer-project.test.ts: its `npm install` lines, its files (```` ```ts PATH ````
 * blocks) and its other commands (`npx parley mock serve ...`, `curl ...`), read as the recipes'
 * pages are (test/consumers/recipes/support/recipe-page.ts).
 */

export const INSTALLED_PAGE = new URL('../../../docs/installed.md', import.meta.url);

export interface InstalledPage {
  /** path → content: the test files and codegen.ts a reader writes. */
  readonly files: ReadonlyMap<string, string>;
  /** What the page's `npm install --save-dev ...` lines install (`parley` among them). */
  readonly packages: readonly string[];
  /** `npx parley mock serve ...` lines, as written. */
  readonly serves: readonly string[];
  /** `curl ...` lines, as written (against `127.0.0.1:4000`). */
  readonly curls: readonly string[];
}

export function readInstalledPage(): InstalledPage {
  const project: RecipeProject = recipeProject(parseRecipe('installed.md', readFileSync(INSTALLED_PAGE, 'utf8')));
  const packages = project.setup.flatMap((line) => {
    const words = /^npm install --save-dev (.+)$/.exec(line)?.[1];
    if (words === undefined) throw new Error(`docs/installed.md: a setup line the test does not run: ${line}`);
    return words.split(/\s+/);
  });
  const serves = project.run.filter((line) => line.startsWith('npx parley mock serve'));
  const curls = project.run.filter((line) => line.startsWith('curl '));
  const unknown = project.run.filter((line) => !serves.includes(line) && !curls.includes(line));
  if (unknown.length > 0) throw new Error(`docs/installed.md: commands the test does not run: ${unknown.join('; ')}`);
  return { files: project.files, packages, serves, curls };
}

/** The page's packages as `npm install` arguments: `parley` is the packed tarball. */
export const installArguments = (packages: readonly string[], tarball: string): string[] => asRun(`npm install ${packages.join(' ')}`, tarball).split(' ').slice(2);

/** A page line run on a free port: `--port N` becomes `--port 0`, and `$PORT` is 0 for the others. */
export const onFreePort = (line: string): string => line.replace(/--port \d+/, '--port 0');

/** A page line pointed at the server on `port` instead of the page's 4000. */
export const againstPort = (line: string, port: number): string => line.replaceAll('127.0.0.1:4000', `127.0.0.1:${port}`);

export interface Serving {
  readonly port: number;
  /** What it printed so far. */
  readonly output: () => string;
  /** Ctrl-C (SIGINT to its process group), resolved when it has exited: its exit code, or the signal that ended it. */
  stop(): Promise<number | NodeJS.Signals | null>;
}

/**
 * Runs a `npx parley mock serve` line through bash in `cwd` until it prints that it listens. With
 * `viaNpx: false`, `npx parley` is the bin it resolves to, `node_modules/.bin/parley`: npx spends
 * seconds of CPU in npm before the mock starts, and one line through it proves the route.
 */
export function serve(line: string, cwd: string, { viaNpx = true } = {}): Promise<Serving> {
  const command = viaNpx ? onFreePort(line) : onFreePort(line).replace(/^npx parley /, 'node_modules/.bin/parley ');
  const child = spawn('bash', ['-c', command], { cwd, env: { ...childEnv, PORT: '0' }, detached: true });
  let output = '';
  const closed = new Promise<number | NodeJS.Signals | null>((resolve) => child.on('close', (code, signal) => resolve(code ?? signal)));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kill('SIGKILL');
      reject(new Error(`${line}: not listening within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /^parley mock listening on http:\/\/[^\s/]+:(\d+)\/graphql$/m.exec(output)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      resolve({
        port: Number(port),
        output: () => output,
        stop: async () => {
          kill('SIGINT');
          const stopped = setTimeout(() => kill('SIGKILL'), 20_000);
          const status = await closed;
          clearTimeout(stopped);
          return status;
        },
      });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void closed.then((status) => {
      clearTimeout(timer);
      reject(new Error(`${line}: exited (${status}) before listening:\n${output}`));
    });
  });
}
