import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';

/**
 * Start-up: from spawning `node dist/cli/main.js mock serve --port 0` until `GET /ready` answers
 * 200. The port is read from the line the CLI prints once it listens.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LISTENING = /parley mock listening on http:\/\/([^\s/]+):(\d+)\/graphql/;
const TIMEOUT_MS = 20_000;

export interface StartupSample {
  /** Spawn to the "listening" line. */
  readonly listeningMs: number;
  /** Spawn to the first 200 from /ready. */
  readonly readyMs: number;
}

export interface StartupResult {
  readonly args: readonly string[];
  readonly samples: readonly StartupSample[];
  readonly medianReadyMs: number;
  readonly medianListeningMs: number;
}

function readyStatus(host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get({ host: host.replace(/^\[|\]$/g, ''), port, path: '/ready', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

const elapsedMs = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e6;

/** One cold start of the CLI; the child is stopped (SIGTERM, by its pid) before this resolves. */
export async function startOnce(extraArgs: readonly string[], timeoutMs = TIMEOUT_MS): Promise<StartupSample> {
  const start = process.hrtime.bigint();
  const child = spawn(process.execPath, ['dist/cli/main.js', 'mock', 'serve', '--port', '0', ...extraArgs], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  try {
    const listening = await new Promise<{ host: string; port: number; ms: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" line within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const match = LISTENING.exec(output);
        if (!match) return;
        clearTimeout(timer);
        resolve({ host: match[1]!, port: Number(match[2]), ms: elapsedMs(start) });
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`mock serve exited with ${code} before listening:\n${output}`)));
    });
    for (;;) {
      const status = await readyStatus(listening.host, listening.port);
      if (status === 200) return { listeningMs: listening.ms, readyMs: elapsedMs(start) };
      if (elapsedMs(start) > timeoutMs) throw new Error(`/ready answered ${status} for ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

/** One warm-up start (file cache, not counted), then `runs` timed starts. */
export async function measureStartup(extraArgs: readonly string[] = [], runs = 5): Promise<StartupResult> {
  await startOnce(extraArgs);
  const samples: StartupSample[] = [];
  for (let i = 0; i < runs; i++) samples.push(await startOnce(extraArgs));
  return {
    args: extraArgs,
    samples,
    medianReadyMs: median(samples.map((s) => s.readyMs)),
    medianListeningMs: median(samples.map((s) => s.listeningMs)),
  };
}
