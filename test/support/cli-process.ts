import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

/** The repository's root: the CLI runs from there, as `npx parley` would in a checkout. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a started CLI has printed so far, and how it ended (null while it runs). */
export interface StartedCli {
  readonly child: ChildProcess;
  readonly stdout: string;
  readonly stderr: string;
  /** The exit code once it has exited; null while it runs. */
  readonly status: number | null;
}

const running = new Set<ChildProcess>();
// A child outlives nothing: each is killed when the test that started it ends and, whatever
// happens, when this worker exits. (A module-level afterEach would not do: with `isolate: false` a
// worker imports this module once, so the hook would belong to the first file that imported it.)
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Runs `node ...args` from the root and resolves once `ready(stdout)` holds, with the child still
 * running, or once the child exits (`status` set), whichever comes first. `$PORT` is cleared so
 * `--port` decides. Killed after the test.
 */
export function startProcess(args: readonly string[], ready: (stdout: string) => boolean, env: Record<string, string> = {}): Promise<StartedCli> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, PORT: '', ...env } });
  running.add(child);
  onTestFinished(() => void child.kill('SIGKILL'));
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (ready(stdout)) resolve({ child, stdout, stderr, status: null });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => {
      running.delete(child);
      resolve({ child, stdout, stderr, status });
    });
  });
}

/** {@link startProcess} for the built CLI, `node dist/cli/main.js ...args` (test/global-setup.ts builds it first). */
export function startCli(args: readonly string[], ready: (stdout: string) => boolean, env: Record<string, string> = {}): Promise<StartedCli> {
  return startProcess(['dist/cli/main.js', ...args], ready, env);
}

/** A line of stdout that starts with `prefix`, once printed. */
export const lineStarting = (prefix: string, stdout: string): string | undefined => stdout.split('\n').find((line) => line.startsWith(prefix));

/** Runs the CLI to its end (without blocking the event loop: a mock may be serving in this process). */
export function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<StartedCli> {
  return startCli(args, () => false, env);
}

/** The first `count` lines printed, once there are that many (a started server's banner). */
export const linesPrinted = (count: number) => (stdout: string) => stdout.split('\n').length > count;

/** `startCli`, for a server that must start: rejects with its stderr if it exits instead. */
export async function serveCli(args: readonly string[], ready: (stdout: string) => boolean = linesPrinted(1)): Promise<StartedCli & { lines: string[] }> {
  const started = await startCli(['mock', 'serve', ...args], ready);
  if (started.status !== null) throw new Error(`mock serve exited with ${started.status}: ${started.stderr}`);
  return { ...started, lines: started.stdout.split('\n').filter(Boolean) };
}
