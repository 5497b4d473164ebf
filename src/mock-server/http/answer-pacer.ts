/**
 * Large answers take turns with everything else the server does. Serializing an answer of
 * megabytes is synchronous work (a few milliseconds per MiB); when several arrive together (ten
 * connections that pipeline one each), Node would serialize them back to back, and every other
 * socket (`/ready`, a health check's new connection, a browser's next request) would wait behind
 * all of them. Here each answer weighed (before serializing, `answerLowerBound`) at
 * {@link LARGE_ANSWER_BYTES} or more reserves time in proportion to its size, at
 * {@link LARGE_ANSWER_BYTES_PER_MS}: the first starts at once, the next waits until the time the
 * ones before it reserved has passed. The reserved time is several times what serializing takes
 * (docs/mock.md), so however many large answers are asked for at once, the server spends most of
 * its time on everything else. Smaller answers never wait and reserve nothing.
 */
export class AnswerPacer {
  /** `performance.now()` before which no further large answer starts. */
  private freeAt = 0;

  /** Undefined when an answer of `bytes` may be serialized now; otherwise a promise that resolves when it may. */
  take(bytes: number): Promise<void> | undefined {
    if (bytes < LARGE_ANSWER_BYTES) return undefined;
    const now = performance.now();
    const startAt = Math.max(now, this.freeAt);
    this.freeAt = startAt + bytes / LARGE_ANSWER_BYTES_PER_MS;
    return startAt <= now ? undefined : new Promise((resolve) => setTimeout(resolve, startAt - now));
  }
}

/** Answers from this size reserve time (smaller ones, nearly all, never wait). */
export const LARGE_ANSWER_BYTES = 1024 * 1024;

/** How fast large answers may be produced, all together: 64 MiB a second. */
export const LARGE_ANSWER_BYTES_PER_MS = 64 * 1024;
