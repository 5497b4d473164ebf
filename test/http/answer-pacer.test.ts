import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerPacer, LARGE_ANSWER_BYTES, LARGE_ANSWER_BYTES_PER_MS } from '../../src/mock-server/http/answer-pacer.js';

/**
 * Large answers asked for at once (ten connections that each pipeline a query answering megabytes)
 * are serialized one after another with time between them, so `/ready` and every other client get
 * the event loop in between (`npm run bench:soak` measures `/ready` under that attack). The
 * schedule itself, on a manual clock:
 */

const MiB = 1024 * 1024;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `wait` (what `take` returned) has resolved by now. */
async function settled(wait: Promise<void> | undefined): Promise<boolean> {
  if (wait === undefined) return true;
  let done = false;
  void wait.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('the pacer of large answers', () => {
  it('never holds back a small answer, however many come at once', () => {
    const pacer = new AnswerPacer();
    for (let i = 0; i < 1000; i++) expect(pacer.take(LARGE_ANSWER_BYTES - 1)).toBeUndefined();
  });

  it('lets the first large answer go at once, and the next only once the time the first reserved has passed', async () => {
    const pacer = new AnswerPacer();
    expect(pacer.take(8 * MiB)).toBeUndefined();
    const second = pacer.take(8 * MiB);
    const third = pacer.take(8 * MiB);
    const reserved = (8 * MiB) / LARGE_ANSWER_BYTES_PER_MS;
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(reserved - 1);
    expect(await settled(second)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(false);
    await vi.advanceTimersByTimeAsync(reserved);
    expect(await settled(third)).toBe(true);
  });

  it('forgets what it reserved once that time has passed', async () => {
    const pacer = new AnswerPacer();
    expect(pacer.take(2 * MiB)).toBeUndefined();
    await vi.advanceTimersByTimeAsync((2 * MiB) / LARGE_ANSWER_BYTES_PER_MS);
    expect(pacer.take(2 * MiB)).toBeUndefined();
  });
});
