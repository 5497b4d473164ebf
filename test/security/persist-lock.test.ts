import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-server/mock-server.js';
import { StateFileRefused } from '../../src/mock-server/persist/state-file-refused.js';
import { runCli } from '../support/cli-process.js';
import { gql, ok } from '../support/client.js';

/**
 * Attack class: two writers on one `--persist` file. Two mocks started on the same file (a second
 * terminal, a test runner and a dev server) both served: they handed out the same sequences and
 * each appended its own changes, so after a restart one mock's acknowledged messages were gone.
 * `FILE.lock` (created with O_EXCL, holding the writer's pid) lets one writer in; the second is
 * refused with one sentence and exit 2; a lock left by a dead process is taken over.
 */

const dir = mkdtempSync(join(tmpdir(), 'parley-persist-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOGIN = 'mutation { login(input: { email: "alice@acme.test", password: "parley-demo" }) { accessToken } }';

describe('one writer per --persist file', () => {
  it('a second `mock serve --persist FILE` is refused with one sentence naming the file and the pid, exit 2, the file untouched', async () => {
    const file = join(dir, 'shared.json');
    const first = await startMockServer({ port: 0, persist: { file, debounceMs: 0 } });
    try {
      ok(await gql(first.url, LOGIN));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = readFileSync(file);
      const second = await runCli(['mock', 'serve', '--port', '0', '--persist', file]);
      expect(second.status).toBe(2);
      expect(second.stdout).toBe('');
      expect(second.stderr.trim().split('\n')).toEqual([
        `parley: the --persist file ${file} is in use by another mock (pid ${process.pid}, lock ${file}.lock): stop it, or give this one another file.`,
      ]);
      expect(readFileSync(file).equals(before)).toBe(true);
      // In one process too (startMockServer twice on one file).
      await expect(startMockServer({ port: 0, persist: file })).rejects.toThrow(StateFileRefused);
    } finally {
      await first.close();
    }
    // Released by close: the next mock starts.
    expect(existsSync(`${file}.lock`)).toBe(false);
    const next = await startMockServer({ port: 0, persist: file });
    await next.close();
  }, 15_000);

  it('a lock left by a process that is gone (kill -9) is taken over with the bases it left half-written, and released at close', async () => {
    const file = join(dir, 'stale.json');
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${file}.lock`, `${dead}\n`);
    const leftovers = [`${file}.0123456789abcdef01234567.base`, `${file}.${dead}.base`];
    for (const leftover of leftovers) writeFileSync(leftover, 'half a base');
    const mock = await startMockServer({ port: 0, empty: true, persist: file });
    try {
      expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid}\n`);
      for (const leftover of leftovers) expect(existsSync(leftover)).toBe(false);
    } finally {
      await mock.close();
    }
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it.skipIf(process.platform === 'win32')('a symlink planted at FILE.lock is not followed: refused, its target untouched', async () => {
    const file = join(dir, 'planted.json');
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'not a lock\n');
    symlinkSync(target, `${file}.lock`);
    await expect(startMockServer({ port: 0, empty: true, persist: file })).rejects.toThrow(`the --persist file ${file} is locked by ${file}.lock, which holds no process id`);
    expect(readFileSync(target, 'utf8')).toBe('not a lock\n');
    expect(existsSync(file)).toBe(false);
  });
});
