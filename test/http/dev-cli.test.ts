import { describe, expect, it } from 'vitest';
import { startCli } from '../support/cli-process.js';

/** Starts `mock serve --port 0 --empty ...args`; resolves with its first `untilLines` lines, or with its status if it exits. */
async function run(args: string[], untilLines: number): Promise<{ status: number | null; lines: string[]; stderr: string }> {
  const { status, stdout, stderr } = await startCli(['mock', 'serve', '--port', '0', '--empty', ...args], (out) => out.split('\n').filter(Boolean).length >= untilLines);
  return { status, lines: stdout.split('\n').filter(Boolean), stderr };
}

describe('mock serve --latency and the dev lines', () => {
  it('--latency 150-150 starts with that chaos (shown at /dev/chaos) and says so; the dev controls are printed', async () => {
    const { lines } = await run(['--latency', '150-150'], 4);
    const url = /^parley mock listening on (\S+)\/graphql$/.exec(lines[0]!)![1]!;
    expect(lines).toContain(`dev console: open ${url}/dev in a browser (state, act as anyone, live requests, chaos, clock, snapshots, simulator); the same routes as JSON for scripts`);
    expect(lines).toContain('parley mock: chaos latency 150-150 ms on every query and mutation over HTTP');
    expect(await (await fetch(`${url}/dev/chaos`)).json()).toEqual({ seed: 1, latency: { minMs: 150, maxMs: 150 } });
  });

  it.each([['9-1'], ['fast'], ['-5'], ['200000']])('--latency %s is a usage error: exit 2 and one sentence', async (value) => {
    const { status, stderr } = await run(['--latency', value], 99);
    expect(status).toBe(2);
    expect(stderr).toContain('--latency must be MIN-MAX or MS in whole milliseconds');
  });

  it('--no-dev-routes prints no dev line (the latency line, printed after it, comes third)', async () => {
    const { lines } = await run(['--no-dev-routes', '--latency', '5'], 3);
    expect(lines[2]).toBe('parley mock: chaos latency 5-5 ms on every query and mutation over HTTP');
    expect(lines.join('\n')).not.toContain('/dev');
  });
});
