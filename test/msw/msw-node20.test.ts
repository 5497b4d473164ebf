import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * What the README tells a user on Node 20 about subscriptions through MSW, run as a user's test
 * process would run (scripts/subscribe-through-msw.ts: setupServer, graphql-ws's createClient on
 * the global WebSocket). MSW intercepts `globalThis.WebSocket` only; Node 22+ has one, Node 20
 * has one behind `--experimental-websocket` (and msw-subscriptions.test.ts covers the other way,
 * assigning `ws`'s class to the global).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const script = 'test/msw/scripts/subscribe-through-msw.ts';
const major = Number(process.versions.node.split('.')[0]);

async function run(flags: string[]): Promise<{ sent?: string; received?: string; error?: string }> {
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, '--import', 'tsx', script], { cwd: root, timeout: 30_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

describe('subscriptions through MSW, per Node version', () => {
  it('with --experimental-websocket, the event of a message sent over HTTP arrives over the intercepted socket', async () => {
    const result = await run(['--experimental-websocket']);
    expect(result.error).toBeUndefined();
    expect(result.received).toBe(result.sent);
  }, 40_000);

  it(`without it: ${major < 22 ? 'Node 20 has no global WebSocket, and graphql-ws says so' : 'Node 22+ has the global WebSocket'}`, async () => {
    const result = await run([]);
    if (major < 22) {
      expect(result.error).toMatch(/^WebSocket implementation missing/);
    } else {
      expect(result.error).toBeUndefined();
      expect(result.received).toBe(result.sent);
    }
  }, 40_000);
});
