import { spawn } from 'node:child_process';
import { root, startServer, type ServerProcess } from '../throughput/processes.js';
import type { LoadConfig, LoadReport } from './load.js';

export interface RealtimeOptions {
  readonly subscribers: number;
  /** Parley accounts the sockets share (register and login cost scrypt time each). */
  readonly users: number;
  readonly warmUpMessages: number;
  readonly latencyMessages: number;
  readonly seconds: number;
  readonly inFlight: number;
  /** Every server is measured once per round, in turn, so drift on a shared machine hits all alike. */
  readonly rounds: number;
  /** Writes a V8 CPU profile of the Parley server process into this directory when set. */
  readonly parleyCpuProfileDir?: string;
}

export const defaultRealtimeOptions: RealtimeOptions = {
  subscribers: 1_000,
  users: 10,
  warmUpMessages: 50,
  latencyMessages: 200,
  seconds: 5,
  inFlight: 4,
  rounds: 1,
};

export interface RealtimeRow {
  readonly server: string;
  /** One report per round, in round order. */
  readonly rounds: LoadReport[];
}

/** A whole load-generator run may take this long before it is stopped as hung. */
const LOAD_TIMEOUT_MS = 120_000;

/** Runs the load generator in a process of its own against one server; resolves with its report. */
function runLoad(config: LoadConfig, progress: (line: string) => void): Promise<LoadReport> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/realtime/load.ts', JSON.stringify(config)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the realtime load generator against ${config.origin} did not finish within ${LOAD_TIMEOUT_MS / 1000} s\n${err}`));
    }, LOAD_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line.startsWith('  .. ')) progress(`realtime: ${line.slice(5)}`);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the realtime load generator against ${config.origin} exited with ${code}:\n${err.split('\n').filter((l) => !l.startsWith('  .. ')).join('\n')}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadReport);
    });
  });
}

/**
 * 1,000 subscribers to one conversation, against the two anchors and Parley, each server in a
 * process of its own and the load generator in another, all in this one run (see load.ts for
 * what one run measures, servers/ for the anchors).
 */
export async function measureRealtime(options: RealtimeOptions, progress: (line: string) => void): Promise<RealtimeRow[]> {
  const running: ServerProcess[] = [];
  try {
    const targets: { server: string; process: ServerProcess; parley: boolean }[] = [];
    const servers: [string, string[], boolean][] = [
      ['(a) ws, one pre-serialised event', ['--import', 'tsx', 'bench/realtime/servers/ws-broadcast.ts'], false],
      ['(b) graphql-ws + graphql-js, minimal', ['--import', 'tsx', 'bench/realtime/servers/graphql-ws-minimal.ts'], false],
      [
        '(c) Parley (mock serve --empty)',
        [...(options.parleyCpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.parleyCpuProfileDir] : []), 'dist/cli/main.js', 'mock', 'serve', '--port', '0', '--empty'],
        true,
      ],
    ];
    for (const [server, args, parley] of servers) {
      progress(`realtime: starting ${server} ...`);
      const started = await startServer(args);
      running.push(started);
      targets.push({ server, process: started, parley });
    }
    const rows: RealtimeRow[] = targets.map((target) => ({ server: target.server, rounds: [] }));
    for (let round = 1; round <= options.rounds; round++) {
      for (const [index, target] of targets.entries()) {
        progress(`realtime: round ${round}/${options.rounds}, ${target.server} ...`);
        const config: LoadConfig = {
          origin: target.process.origin,
          parley: target.parley,
          serverPid: target.process.child.pid,
          subscribers: options.subscribers,
          users: options.users,
          warmUpMessages: options.warmUpMessages,
          latencyMessages: options.latencyMessages,
          seconds: options.seconds,
          inFlight: options.inFlight,
        };
        rows[index]!.rounds.push(await runLoad(config, progress));
      }
    }
    return rows;
  } finally {
    await Promise.all(running.map((server) => server.stop()));
  }
}
