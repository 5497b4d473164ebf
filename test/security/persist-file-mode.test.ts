import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-server/mock-server.js';
import { gql, ok } from '../support/client.js';

/** The --persist file holds every session token and password hash: its owner alone may read it. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-persist-mode-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe.skipIf(process.platform === 'win32')('the --persist file', () => {
  it('is written with mode 0600, at start and after a change', async () => {
    const file = join(dir, 'fresh.json');
    const mock = await startMockServer({ port: 0, persist: { file, debounceMs: 0 } });
    try {
      expect(await modeOf(file)).toBe(0o600);
      ok(await gql(mock.url, 'mutation { login(input: { email: "alice@acme.test", password: "parley-demo" }) { accessToken } }'));
    } finally {
      await mock.close();
    }
    expect(await modeOf(file)).toBe(0o600);
  });

  it('an existing file that others can read is narrowed to 0600 when loaded', async () => {
    const file = join(dir, 'old.json');
    const first = await startMockServer({ port: 0, empty: true, persist: file });
    await first.close();
    await chmod(file, 0o644);
    const second = await startMockServer({ port: 0, empty: true, persist: file });
    try {
      expect(await modeOf(file)).toBe(0o600);
    } finally {
      await second.close();
    }
  });

});
