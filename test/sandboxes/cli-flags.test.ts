import { describe, expect, it } from 'vitest';
import { runCli, startCli } from '../support/cli-process.js';
import { errorOf, newSandbox, postSandbox } from './sandbox-client.js';

/** `parley mock serve --max-sandboxes N --sandbox-idle-timeout SECONDS`: the flags reach the sandboxes. */

describe('parley mock serve sandbox flags', () => {
  it('--max-sandboxes 1 --sandbox-idle-timeout 5: the second sandbox is 429, the idle time is 5 s', async () => {
    const cli = await startCli(['mock', 'serve', '--port', '0', '--empty', '--max-sandboxes', '1', '--sandbox-idle-timeout', '5'], (out) => /listening on (\S+)/.test(out));
    const url = /listening on (\S+)/.exec(cli.stdout)?.[1];
    expect(url, cli.stderr).toBeDefined();
    const origin = new URL(url!).origin;
    const sandbox = await newSandbox(origin);
    expect(sandbox.idleTimeoutMs).toBe(5_000);
    const refused = await postSandbox(origin);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toContain('--max-sandboxes');
  });

  it('refuses --max-sandboxes 0 with exit code 2 and a sentence', async () => {
    const cli = await runCli(['mock', 'serve', '--port', '0', '--max-sandboxes', '0']);
    expect(cli.status).toBe(2);
    expect(cli.stderr).toContain('--max-sandboxes must be a whole number from 1');
  });
});
