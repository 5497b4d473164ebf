import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A fresh `parley mock serve --port 0` from the built CLI (dist/), in a child process of its own,
 * so its RSS is the mock's alone. The URL is read from the line the CLI prints once it listens.
 * With `inspect`, Node's inspector listens too (the soak connects once an attack is over: see `held.ts`).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /parley mock listening on (\S+)/;
const INSPECTOR = /Debugger listening on (ws:\/\/\S+)/;
const START_TIMEOUT_MS = 20_000;

export interface MockProcess {
  readonly pid: number;
  /** The GraphQL endpoint, `http://127.0.0.1:PORT/graphql`. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  /** The exit code or signal, once the process has ended on its own (a crash, during an attack). */
  exited(): string | null;
  /** Its inspector's WebSocket URL (`--inspect=127.0.0.1:0`), to collect garbage after an attack; null if none was printed. */
  inspectorUrl(): string | null;
  /** The last lines it wrote to stderr (to explain a crash). */
  stderrTail(): string;
  /** Stops it (SIGKILL, by its pid) and waits for its exit. */
  stop(): Promise<void>;
}

export async function startMock(args: readonly string[], { inspect = false } = {}): Promise<MockProcess> {
  const child: ChildProcess = spawn(process.execPath, [...(inspect ? ['--inspect=127.0.0.1:0'] : []), 'dist/cli/main.js', 'mock', 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: string | null = null;
  let stopping = false;
  let stderr = '';
  let inspector: string | null = null;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) exit = signal ?? `code ${code}`;
      resolve();
    }),
  );
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    inspector ??= INSPECTOR.exec(stderr)?.[1] ?? null;
  });
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await ended;
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no "listening" line within ${START_TIMEOUT_MS} ms: ${out}${stderr}`)), START_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = LISTENING.exec(out);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]!);
      });
      void ended.then(() => reject(new Error(`mock serve exited (${exit}) before listening: ${out}${stderr}`)));
    });
    // Keep reading stdout, so the child never blocks on a full pipe.
    child.stdout!.resume();
    const parsed = new URL(url);
    return { pid: child.pid!, url, origin: parsed.origin, port: Number(parsed.port), exited: () => exit, inspectorUrl: () => inspector, stderrTail: () => stderr.trim().split('\n').slice(-5).join('\n'), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
