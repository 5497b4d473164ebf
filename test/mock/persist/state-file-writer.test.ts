import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRuntime } from '../../../src/mock-server/runtime/create-runtime.js';
import { readStateFile } from '../../../src/mock-server/persist/read-state-file.js';
import { StateFileWriter } from '../../../src/mock-server/persist/state-file.js';
import { MockState } from '../../../src/mock-server/state/mock-state.js';

/** The writer's timing, on fake timers: debounced after the last change, but never later than the max wait. */
describe('StateFileWriter', () => {
  let file: string;
  const runtime = createRuntime(new MockState());
  const users = async () => (await readStateFile(file))!.document.tables.users.length;
  /** A change: one more user in the state, and the runtime told. */
  const change = (n: number) => {
    runtime.state.tables.users.set(`u${n}`, { id: `u${n}`, username: `u${n}`, displayName: 'U', email: `u${n}@x.test`, password: null, emailVerifiedAt: null, avatarKey: null, twoFactor: null, createdAt: 0 });
    runtime.changed();
  };
  /** Lets the file system finish a write started by a timer (I/O is real; only timers are fake): true once the file exists. */
  const settle = async () => {
    const deadline = performance.now() + 1_000;
    while (!existsSync(file) && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    return existsSync(file);
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    file = join(mkdtempSync(join(tmpdir(), 'parley-writer-')), 'state.json');
  });
  afterEach(() => vi.useRealTimers());

  it('writes 250 ms after the last change, once for a burst', async () => {
    const writer = new StateFileWriter(runtime, { file });
    change(1);
    await vi.advanceTimersByTimeAsync(200);
    change(2);
    await vi.advanceTimersByTimeAsync(249);
    expect(await settle()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await writer.flush();
    expect(await users()).toBe(runtime.state.tables.users.size);
    await writer.close();
  });

  it('writes within the max wait while changes keep coming', async () => {
    const writer = new StateFileWriter(runtime, { file, debounceMs: 250, maxWaitMs: 1_000 });
    for (let n = 10; n < 15; n += 1) {
      change(n);
      await vi.advanceTimersByTimeAsync(200);
    }
    // 1,000 ms after the first change the file is written, though the last change is 0 ms old.
    change(15);
    expect(await settle()).toBe(true);
    await writer.close();
    expect(await users()).toBe(runtime.state.tables.users.size);
  });
});
