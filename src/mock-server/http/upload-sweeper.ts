import { sweepExpiredUploads, type RouteHost } from '../routes/route-host.js';

/** How often, in real time, the Node door drops the uploads that expired unused. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Drops the uploads that expired unused (`UnusedUploads.sweep`) every minute, whether anyone calls
 * or not, so their bytes leave memory, and through the change signal the `--persist` file, at
 * most a minute after they expire. Expiry is read on the state's clock (a manual clock in tests,
 * where a lookup or a new upload sweeps as well). The timer never keeps the process alive.
 * Returns the function that stops it.
 */
export function sweepUploads(host: RouteHost, everyMs = SWEEP_EVERY_MS): () => void {
  const timer = setInterval(() => {
    sweepExpiredUploads(host);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
