import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/mock-server/mock-server.js';
import { errorOf, newSandbox, postSandbox } from './sandbox-client.js';

/** Sandboxes live in memory only: with --persist the root alone is written; random mode makes none. */

describe('sandboxes and the kinds of mock', () => {
  it('with --persist, the root\'s data reaches the file and a sandbox\'s does not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parley-sandbox-persist-'));
    try {
      const file = join(dir, 'state.json');
      const mock = await startMockServer({ port: 0, empty: true, persist: file });
      const address = await newSandbox(mock.origin);
      await mock.sandboxes.get(address.id)!.data.createUser({ username: 'only_in_sandbox' });
      await mock.data.createUser({ username: 'at_the_root' });
      await mock.close();
      const saved = await readFile(file, 'utf8');
      expect(saved).toContain('at_the_root');
      expect(saved).not.toContain('only_in_sandbox');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('random mode answers POST /sandboxes with 400 BAD_REQUEST saying why', async () => {
    const mock = await startMockServer({ port: 0, random: true });
    try {
      const refused = await postSandbox(mock.origin);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('random mode') });
    } finally {
      await mock.close();
    }
  });
});
