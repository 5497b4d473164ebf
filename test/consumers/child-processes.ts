import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * The environment of the npm, npx and node children the build tests start, as a user's shell has
 * it: none of the outer vitest's variables (VITEST, VITEST_POOL_ID, ...), nor what `npm test` says
 * of this package (npm_package_*, npm_lifecycle_*, its local prefix and INIT_CWD), which would
 * steer the inner vitest and npm; no $PORT. The user's npm settings (registry, cache, proxy) stay.
 */
export const childEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(VITEST|TEST$|NODE_OPTIONS$|NODE_ENV$|PORT$|INIT_CWD$|npm_package_|npm_lifecycle_|npm_config_local_prefix$)/i.test(name),
  ),
);

export interface Finished {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Added to {@link childEnv}. */
  env?: Record<string, string>;
  /** Killed after this long. @default 150_000 */
  timeout?: number;
  /**
   * Lower the child's CPU priority (an install, which takes seconds): the suite's time-bound tests
   * (a conformance request waits 10 s at most) keep the cores first. @default true
   */
  background?: boolean;
}

/** Runs a command to its end without blocking this worker. */
export function run(command: string, args: readonly string[], cwd: string, options: RunOptions = {}): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...childEnv, ...options.env }, timeout: options.timeout ?? 150_000 });
    if (child.pid !== undefined && options.background !== false) setPriority(child.pid, 10);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** {@link run}, rejecting with the output when the command does not exit 0; resolves with stdout. */
export async function succeed(command: string, args: readonly string[], cwd: string, options: RunOptions = {}): Promise<string> {
  const result = await run(command, args, cwd, options);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}
