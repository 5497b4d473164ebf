import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { ProbeOptions, ReadyCheck, RssSample } from './probe.js';

/**
 * The probe's loop, in a worker thread: its own event loop, so an attack keeping the bench's
 * main thread busy (building megabyte bodies, parsing answers) does not delay the checks.
 * Every `everyMs`: the mock's RSS (VmRSS of /proc/<pid>/status, Linux only) and a `GET /ready`
 * on a connection of its own, sent on schedule whether or not the last one has answered, so a
 * stalled server shows as slow answers, not as fewer checks. Times are epoch milliseconds.
 */

const { pid, origin, everyMs, timeoutMs } = workerData as ProbeOptions;
const now = () => performance.timeOrigin + performance.now();

function rssOf(): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

function ready(): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const request = get(`${origin}/ready`, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - start, status: response.statusCode ?? 0 }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ ms: Math.max(performance.now() - start, timeoutMs), status: 0 }));
  });
}

const rss: RssSample[] = [];
const checks: ReadyCheck[] = [];
const pending = new Set<Promise<void>>();
const tick = () => {
  const at = now();
  const bytes = rssOf();
  if (bytes !== null) rss.push({ at, bytes });
  const check: Promise<void> = ready().then(({ ms, status }) => {
    checks.push({ at, ms, status });
    pending.delete(check);
  });
  pending.add(check);
};
tick();
const timer = setInterval(tick, everyMs);

parentPort!.once('message', async () => {
  clearInterval(timer);
  await Promise.all([...pending]);
  parentPort!.postMessage({ rss, checks });
});
