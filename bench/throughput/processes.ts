import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { READY } from './page-query.js';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a server in a child process of its own (so it has a core to itself) and resolves once it
 * prints its address: either `READY {"port": N}` or the CLI's `parley mock listening on URL`.
 */
export function startServer(args: readonly string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const fail = (why: string) => reject(new Error(`${args.join(' ')}: ${why}\n${err}`));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => fail(`exited with ${code} before it was ready`));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith(READY) || l.startsWith('parley mock listening on '));
      if (!line) return;
      child.removeAllListeners('exit');
      const origin = line.startsWith(READY)
        ? `http://127.0.0.1:${(JSON.parse(line.slice(READY.length)) as { port: number }).port}`
        : line.slice('parley mock listening on '.length).replace(/\/graphql$/, '');
      resolve({
        origin,
        child,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly body: string;
  readonly headers?: Record<string, string>;
  /** @default 8 */
  readonly connections?: number;
  /** @default 10 */
  readonly seconds?: number;
  /** Replace `[<id>]` in the body with a fresh id per request (autocannon -I). @default false */
  readonly idReplacement?: boolean;
  /** Seconds of load before the measured run. @default 3 */
  readonly warmupSeconds?: number;
}

/** Loads `url` with autocannon, run in a child process of its own so it does not share the server's core. */
export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [
    'node_modules/autocannon/autocannon.js',
    '-j',
    '-c', String(options.connections ?? 8),
    '-d', String(options.seconds ?? 10),
    '--warmup', '[', '-c', String(options.connections ?? 8), '-d', String(options.warmupSeconds ?? 3), ']',
    '-m', 'POST',
    '-H', 'content-type=application/json',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`]),
    '-b', options.body,
    ...(options.idReplacement ? ['-I'] : []),
    url,
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err}`));
      // With --warmup, autocannon prints the warm-up's result first; the run's is the last line.
      const result = JSON.parse(out.trim().split('\n').at(-1)!) as { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
      resolve({ requestsPerSecond: result.requests.average, latencyP50Ms: result.latency.p50, latencyP99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors });
    });
  });
}
