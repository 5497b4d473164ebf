import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, run, succeed } from './child-processes.js';
import { assignments, placeholders, readmeCommands, type ReadmeCommand } from './fresh-clone/readme-commands.js';

/**
 * Issue 27: "`npx parley` works from a fresh clone after `npm install`, as the README says". Clone
 * the repository at HEAD into a temporary folder, run `npm install` there (npm's cache is shared,
 * node_modules is not), then every command of the README's shell blocks as a new user would:
 * `npm run build && npx parley --help`, `npm start` until it listens (on `$PORT=0`), the curl walk
 * of "Try it" against it, the conformance run against it, then Ctrl-C. Issue 39: the package has
 * no install script (its `prepare` warned in every project that installed it), so `npm install`
 * builds nothing; `npm start` and `npm test` build what they run.
 *
 * Heavy (an install of some 760 packages: one to two minutes, more on a loaded machine), so it is
 * in test/consumers/, which `.ci/run` runs on one Node version (vitest's `consumers` project).
 * What it tests is the committed tree at HEAD, not the working tree.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const commands = readmeCommands(readme);
const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;

const isCheckout = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root }).status === 0;
const skip = !isCheckout;
const curlInstalled = spawnSync('curl', ['--version']).status === 0;

/** The URL the README's conformance example points at; the test points it at the started mock. */
const README_SERVER = 'https://staging.example.com/api';
const HELP = 'npx parley --help';
/** The README's line for the command in a clone: the build first, since `npm install` runs none. */
const BUILD_THEN_HELP = `npm run build && ${HELP}`;

describe("the README's shell blocks", () => {
  it('hold only commands the fresh-clone test runs or checks', () => {
    expect(commands.filter((command) => command.kind === 'unknown').map((command) => command.text)).toEqual([]);
    expect(commands.map((command) => command.kind)).toEqual(expect.arrayContaining(['install', 'start', 'npx', 'curl']));
    expect(commands.map((command) => command.text)).toContain(HELP);
    expect(readme).toContain(`\n${BUILD_THEN_HELP}\n`);
  });

  it('name only scripts package.json has (npm test, npm run ...)', () => {
    const named = commands.flatMap((command) => (command.kind === 'script' ? [command.script] : []));
    expect(named.filter((script) => scripts[script] === undefined)).toEqual([]);
  });
});

let clone: string;

beforeAll(async () => {
  if (skip) return;
  clone = realpathSync(mkdtempSync(join(tmpdir(), 'parley-clone-')));
  const head = (await succeed('git', ['rev-parse', 'HEAD'], root)).trim();
  await succeed('git', ['clone', '--quiet', '--no-checkout', root, clone], tmpdir());
  await succeed('git', ['checkout', '--quiet', '--detach', head], clone);
  // The README's `npm install`, with npm's cache preferred to the network and its chatter off.
  await succeed('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], clone, { timeout: 450_000 });
}, 480_000);

afterAll(async () => {
  if (!clone) return;
  await rm(clone, { recursive: true, force: true });
  // `npx parley` linked the clone into npm's npx cache (~/.npm/_npx/<hash>/): take that away too.
  const npxCache = join(childEnv['npm_config_cache'] ?? (await succeed('npm', ['config', 'get', 'cache'], tmpdir())).trim(), '_npx');
  for (const entry of existsSync(npxCache) ? readdirSync(npxCache) : []) {
    const manifest = join(npxCache, entry, 'package.json');
    if (existsSync(manifest) && readFileSync(manifest, 'utf8').includes(JSON.stringify(clone))) await rm(join(npxCache, entry), { recursive: true, force: true });
  }
}, 180_000);

/** Runs a README command in the clone through bash, as the reader pastes it. */
const bash = (text: string, env: Record<string, string> = {}) => run('bash', ['-c', text], clone, { env, background: false, timeout: 240_000 });

describe.skipIf(skip)('a fresh clone, after npm install', { timeout: 240_000 }, () => {
  it('ran no script of its own (no dist/), and changed nothing git tracks', async () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    expect(await succeed('git', ['status', '--porcelain'], clone)).toBe('');
  });

  it(`${BUILD_THEN_HELP} builds dist/ and prints the commands`, async () => {
    const result = await bash(BUILD_THEN_HELP);
    expect(existsSync(join(clone, 'dist/cli/main.js'))).toBe(true);
    expect(existsSync(join(clone, 'dist/graphiql/graphiql.js'))).toBe(true);
    expect(existsSync(join(clone, 'dist/console/console.js'))).toBe(true);
    expect(result.stderr).not.toContain('not found');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: parley [options] [command]');
    for (const command of ['mock', 'conformance', 'schema']) expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  describe('npm start', () => {
    let server: ChildProcess;
    let port: string;
    let closed: Promise<number | null>;
    let ended = false;
    let output = '';

    beforeAll(async () => {
      // Its own process group (npm, its shell, node), so Ctrl-C reaches all of it as in a terminal.
      server = spawn('npm', ['start'], { cwd: clone, env: { ...childEnv, PORT: '0' }, detached: true });
      closed = new Promise((resolve) => server.on('close', resolve));
      void closed.then(() => (ended = true));
      port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not listen within 180 s:\n${output}`)), 180_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const listening = /^parley mock listening on http:\/\/127\.0\.0\.1:(\d+)\/graphql$/m.exec(output);
          if (listening) {
            clearTimeout(timer);
            resolve(listening[1]!);
          }
        };
        server.stdout!.on('data', read);
        server.stderr!.on('data', read);
        void closed.then((status) => reject(new Error(`npm start exited (${status}) before listening:\n${output}`)));
      });
    }, 200_000);

    afterAll(() => {
      // A test that failed before Ctrl-C leaves the group running.
      if (ended || server.pid === undefined) return;
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    });

    it('prints "parley mock listening on http://127.0.0.1:$PORT/graphql" and answers { health }', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ health }"}' });
      expect(await response.json()).toEqual({ data: { health: 'ok' } });
    });

    it.skipIf(!curlInstalled)("the README's curl commands, in order, each answer data and no errors", async () => {
      const answers: unknown[] = [];
      const env: Record<string, string> = {};
      for (const command of commands.filter((each): each is Extract<ReadmeCommand, { kind: 'curl' | 'assignment' }> => each.kind === 'curl' || each.kind === 'assignment')) {
        if (command.kind === 'assignment') {
          const value = assignments[command.name]?.(answers);
          expect(value, `${command.text}: nothing in the answers before it`).toBeDefined();
          env[command.name] = value!;
          continue;
        }
        let text = command.text.replaceAll('localhost:4000', `localhost:${port}`);
        for (const placeholder of text.match(/<[a-zA-Z][\w ]*>/g) ?? []) {
          const value = placeholders[placeholder]?.(answers);
          expect(value, `${placeholder} in ${command.text}: no answer before it holds one`).toBeDefined();
          text = text.replaceAll(placeholder, value!);
        }
        const result = await bash(text, env);
        expect(result.status, result.stderr).toBe(0);
        const answer = JSON.parse(result.stdout) as { data?: unknown; errors?: unknown };
        expect(answer.errors, `${text}\n${result.stdout}`).toBeUndefined();
        expect(answer.data).toBeTruthy();
        answers.push(answer);
      }
      expect(answers.length).toBeGreaterThan(0);
    });

    it("the README's other npx parley commands exit 0 (conformance run against this mock: every MUST check passed)", async () => {
      const others = commands.filter((command) => command.kind === 'npx' && command.text !== HELP);
      expect(others.length).toBeGreaterThan(0);
      for (const command of others) {
        const result = await bash(command.text.replaceAll(README_SERVER, `http://127.0.0.1:${port}`));
        expect(result.status, `${command.text}\n${result.stdout}\n${result.stderr}`).toBe(0);
        if (command.text.includes(' conformance run ')) expect(result.stdout).toContain('PASS: every MUST check passed.');
      }
    });

    it('ends on Ctrl-C (SIGINT to its process group), and the port closes', async () => {
      process.kill(-server.pid!, 'SIGINT');
      await closed;
      await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow();
    });
  });
});
