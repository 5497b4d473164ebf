import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lineStarting, startCli } from '../support/cli-process.js';

/** `parley mock serve --simulate [SCENARIO]` (with `--simulate-seed`, `--simulate-rate`), a built-in or a scenario file. */

async function serve(args: string[]) {
  const started = await startCli(['mock', 'serve', '--port', '0', ...args], (out) => lineStarting('parley mock: simulating', out) !== undefined);
  if (started.status !== null) throw new Error(`mock serve exited with ${started.status}: ${started.stderr}`);
  const origin = /^parley mock listening on (\S+)\/graphql$/m.exec(started.stdout)![1]!;
  return { origin, line: lineStarting('parley mock: simulating', started.stdout)! };
}

const status = async (origin: string) => (await fetch(`${origin}/dev/simulator`)).json() as Promise<{ running: boolean; scenario: string; seed: number; ratePerMinute: number; actions: number; failures: number }>;

describe('mock serve --simulate', () => {
  it('--simulate busy-channel --simulate-seed 9 --simulate-rate 600 starts it once listening, shown at /dev/simulator', async () => {
    const { origin, line } = await serve(['--simulate', 'busy-channel', '--simulate-seed', '9', '--simulate-rate', '600']);
    expect(line).toMatch(/^parley mock: simulating busy-channel \(seed 9, 600 actions a minute\) as \S+/);
    expect(line).toContain(`stop or change it at ${origin}/dev/simulator`);
    expect(await status(origin)).toMatchObject({ running: true, scenario: 'busy-channel', seed: 9, ratePerMinute: 600 });
    // 10 actions a second on the system clock: polled, not slept for.
    let latest = await status(origin);
    for (let tries = 0; tries < 50 && latest.actions < 3; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await status(origin);
    }
    expect(latest.actions).toBeGreaterThanOrEqual(3);
    expect(latest.failures).toBe(0);
  });

  it('--simulate ./examples/scenarios/my-team.json plays the file (over fixtures/example.json)', async () => {
    const { origin } = await serve(['--fixtures', 'fixtures/example.json', '--simulate', './examples/scenarios/my-team.json']);
    expect(await status(origin)).toMatchObject({ running: true, scenario: 'my-team', seed: 42, ratePerMinute: 20 });
  });

  it('a scenario file with problems: exit 2, each problem with its field path', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'parley-scenario-')), 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'bad', ratePerMinute: 'fast', script: [{ action: 'burst', messages: 0 }, { action: 'dance' }] }));
    const { status: code, stderr } = await startCli(['mock', 'serve', '--port', '0', '--empty', '--simulate', file], () => false);
    expect(code).toBe(2);
    expect(stderr).toContain(`${file}: the scenario has 3 problems`);
    expect(stderr).toContain('ratePerMinute: expected a number');
    expect(stderr).toContain('script[0].messages: must be at least 1');
    expect(stderr).toContain('script[1].action: must be "burst", "typeFor", "removeMember" or "reconnectStorm"');
  });

  it('an unknown built-in: exit 2 naming the built-ins', async () => {
    const { status: code, stderr } = await startCli(['mock', 'serve', '--port', '0', '--empty', '--simulate', 'busy'], () => false);
    expect(code).toBe(2);
    expect(stderr).toContain('no built-in scenario "busy"; use one of quiet-team, busy-channel');
  });
});
