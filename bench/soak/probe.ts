import { Worker } from 'node:worker_threads';

/**
 * The watch on a mock under attack: its RSS and `GET /ready`, every 50 ms, from a worker thread
 * (`probe-worker.ts`). Times are epoch milliseconds with sub-millisecond precision, comparable
 * with {@link nowMs} in this thread.
 */

export const PROBE_EVERY_MS = 50;
/** A check unanswered after this long counts as failed (status 0), and as this long. */
const READY_TIMEOUT_MS = 10_000;

export interface ProbeOptions {
  readonly pid: number;
  readonly origin: string;
  readonly everyMs: number;
  readonly timeoutMs: number;
}

export interface RssSample {
  readonly at: number;
  readonly bytes: number;
}

export interface ReadyCheck {
  readonly at: number;
  readonly ms: number;
  /** 0 when the request failed or timed out. */
  readonly status: number;
}

export interface Watched {
  readonly rss: readonly RssSample[];
  readonly checks: readonly ReadyCheck[];
}

export const nowMs = (): number => performance.timeOrigin + performance.now();

/** Starts watching `pid`, whose server listens at `origin`; `stop()` ends it and hands back every sample. */
export function watch(pid: number, origin: string): { stop(): Promise<Watched> } {
  const options: ProbeOptions = { pid, origin, everyMs: PROBE_EVERY_MS, timeoutMs: READY_TIMEOUT_MS };
  // A worker does not inherit tsx's hooks from `--import tsx` (Node 20): it registers them, then loads the loop.
  const entry = new URL('./probe-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
  const result = new Promise<Watched>((resolve, reject) => {
    worker.once('message', (watched: Watched) => resolve(watched));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const watched = await result;
      await worker.terminate();
      return watched;
    },
  };
}
