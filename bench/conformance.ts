import { spawn } from 'node:child_process';
import { median } from './stats.js';
import { root, startServer } from './throughput/processes.js';

export interface ConformanceTiming {
  readonly runs: number[];
  readonly medianMs: number;
}

/**
 * Wall time of `parley conformance run --base-url ...` against a local mock, as a CI job would
 * spend it: the CLI process from start to exit (provisioning and every check included). `extra`
 * are more arguments (`--skip model.*` for the scripted checks alone).
 */
export async function measureConformance(runs = 3, extra: readonly string[] = []): Promise<ConformanceTiming> {
  const mock = await startServer(['dist/cli/main.js', 'mock', 'serve', '--port', '0', '--empty']);
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, ['dist/cli/main.js', 'conformance', 'run', '--base-url', mock.origin, '--reporter', 'json', '--output', '/dev/null', ...extra], { cwd: root, stdio: 'ignore' });
        child.once('exit', resolve);
      });
      if (code !== 0) throw new Error(`parley conformance run exited with ${code} against the mock`);
      times.push(performance.now() - started);
    }
    return { runs: times, medianMs: median(times) };
  } finally {
    await mock.stop();
  }
}
