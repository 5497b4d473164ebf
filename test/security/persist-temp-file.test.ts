import { watch, type FSWatcher } from 'node:fs';
import { lstat, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-server/mock-server.js';
import { readStateFile } from '../../src/mock-server/persist/read-state-file.js';
import { gql, ok } from '../support/client.js';

/**
 * Attack class: a symlink planted at the `--persist` writer's temporary file. Each base (at
 * start, at a compaction, after a reset) is written to a temporary file beside FILE and renamed
 * over it. That name used to be `FILE.<pid>.base`, opened without refusing a link: anyone who
 * could write to the directory planted a symlink there and the mock wrote the state (live tokens,
 * password hashes) through it into the link's target. Now the name has 96 random bits and the file
 * is created with O_CREAT | O_EXCL | O_NOFOLLOW, mode 0600: a new file, or nothing.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-persist-temp-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const REGISTER = 'mutation { register(input: { displayName: "Eve", email: "eve@example.test", password: "correct horse battery", username: "eve" }) }';
const reset = (origin: string) => fetch(`${origin}/dev/reset`, { method: 'POST' });

describe.skipIf(process.platform === 'win32')('the temporary file of a base', () => {
  it('symlinks planted at the names it could have are never followed: their target stays as it was, FILE is a file of the state', async () => {
    const file = join(dir, 'planted.json');
    const target = join(dir, 'victim.txt');
    await writeFile(target, 'precious\n');
    const guesses = [`${file}.${process.pid}.base`, `${file}.base`, `${file}.tmp`, `${file}.${process.pid}.tmp`, `${file}~`];
    for (const guess of guesses) await symlink(target, guess);
    const mock = await startMockServer({ port: 0, empty: true, persist: { file, debounceMs: 0 } });
    try {
      ok(await gql(mock.url, REGISTER));
      // A reset swaps the state: a second base, through the same path.
      expect((await reset(mock.origin)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await mock.close();
    }
    expect(await readFile(target, 'utf8')).toBe('precious\n');
    for (const guess of guesses) expect((await lstat(guess)).isSymbolicLink()).toBe(true);
    expect((await lstat(file)).isFile()).toBe(true);
    expect(await readStateFile(file)).not.toBeNull();
  });

  it('has a new unpredictable name each time (not the pid), beside FILE', async () => {
    const file = join(dir, 'names.json');
    const seen: string[] = [];
    const watcher: FSWatcher = watch(dir, (_event, name) => {
      if (name && name.startsWith('names.json.') && name.endsWith('.base') && !seen.includes(name)) seen.push(name);
    });
    try {
      const mock = await startMockServer({ port: 0, empty: true, persist: { file, debounceMs: 0 } });
      try {
        for (let n = 0; n < 2; n += 1) expect((await reset(mock.origin)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        await mock.close();
      }
    } finally {
      watcher.close();
    }
    // Three bases (at start, two resets; a reset may cut the one before short): each a name of its own.
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const name of seen) expect(name).toMatch(/^names\.json\.[0-9a-f]{24}\.base$/);
  });
});
