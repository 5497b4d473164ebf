import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile } from '../stats.js';
import { heldBound, peakBound, type Attack, type Outcome } from './attack.js';
import { SoakClient } from './client.js';
import { heldAfterGc, type Held } from './held.js';
import { startMock } from './mock-process.js';
import { nowMs, watch } from './probe.js';

/**
 * One attack against a fresh mock: start it, set up what the attack needs, collect its garbage,
 * let it settle while the probe watches, take its RSS at rest (the median of the last second), run
 * the attack from one client, watch one more second, then (2 s later) collect its garbage again
 * to see what it still holds, and stop it. The peak and the /ready checks count from the attack's start to
 * the end of that second.
 */

const SETTLE_MS = 1_500;
const REST_WINDOW_MS = 1_000;
const TAIL_MS = 1_000;
/** Then, before the gc that shows what is held: connections the mock refused take a moment to close (their bytes go with them). */
const HELD_AFTER_MS = 2_000;
/** /ready must answer within this at the 99th percentile ("Bounded and durable"). */
export const READY_P99_TARGET_MS = 100;

export interface AttackResult {
  readonly attack: Attack;
  readonly outcome: Outcome | null;
  /** Why the attack could not run to its end (its own failure, or the mock's exit). */
  readonly failure: string | null;
  /** The 1-minute load average when the attack began. */
  readonly load: number;
  readonly seconds: number;
  readonly restRss: number;
  readonly peakRss: number;
  /** The most the peak RSS may grow ({@link peakBound}). */
  readonly bound: number;
  /** The most heap + external after a full gc may grow ({@link heldBound}). */
  readonly heldBound: number;
  /** Heap and external memory after a full gc, before the attack and after it (null without the inspector). */
  readonly heldBefore: Held | null;
  readonly heldAfter: Held | null;
  readonly readyChecks: number;
  readonly readyP50Ms: number;
  readonly readyP99Ms: number;
  readonly readyMaxMs: number;
  /** /ready answers of 500 or more, and checks that failed or timed out. */
  readonly probeServerErrors: number;
  readonly probeFailures: number;
  /** 5xx answers the attacker saw; null when it cannot see statuses (WebSocket). */
  readonly attackerServerErrors: number | null;
  readonly pass: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const loadAverage = (): number => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

export async function runAttack(attack: Attack): Promise<AttackResult> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-soak-'));
  const mock = await startMock(attack.args(dir), { inspect: true }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    const client = new SoakClient(mock.url);
    const run = await attack.prepare({ mock, client });
    const inspector = mock.inspectorUrl();
    const heldBefore = inspector === null ? null : await heldAfterGc(inspector);
    const watching = watch(mock.pid, mock.origin);
    await sleep(SETTLE_MS);
    const load = loadAverage();
    const errorsBefore = client.serverErrors;
    const start = nowMs();
    let outcome: Outcome | null = null;
    let failure: string | null = null;
    try {
      outcome = await run();
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    const end = nowMs();
    await sleep(TAIL_MS);
    const { rss, checks } = await watching.stop();
    await sleep(HELD_AFTER_MS);
    const heldAfter = inspector === null || mock.exited() !== null ? null : await heldAfterGc(inspector).catch(() => null);
    if (mock.exited() !== null) failure = `the mock exited (${mock.exited()}): ${mock.stderrTail()}`;

    const rest = rss.filter((sample) => sample.at < start && sample.at >= start - REST_WINDOW_MS).map((sample) => sample.bytes);
    const during = rss.filter((sample) => sample.at >= start).map((sample) => sample.bytes);
    const restRss = quantile(rest.length > 0 ? rest : [rss[0]!.bytes], 0.5);
    const peakRss = Math.max(restRss, ...during);
    const measured = checks.filter((check) => check.at >= start);
    const latencies = measured.map((check) => check.ms);
    const probeServerErrors = measured.filter((check) => check.status >= 500).length;
    const probeFailures = measured.filter((check) => check.status === 0).length;
    const attackerSeen = outcome?.serverErrors === null ? null : client.serverErrors - errorsBefore + (outcome?.serverErrors ?? 0);
    const bound = peakBound(attack, outcome ?? { summary: '' });
    const heldLimit = heldBound(attack, outcome ?? { summary: '' });
    const heldGrowth = heldBefore && heldAfter ? heldAfter.heapUsed + heldAfter.external - heldBefore.heapUsed - heldBefore.external : null;
    const readyP99Ms = latencies.length > 0 ? quantile(latencies, 0.99) : Infinity;
    return {
      attack,
      outcome,
      failure,
      load,
      seconds: (end - start) / 1000,
      restRss,
      peakRss,
      bound,
      heldBound: heldLimit,
      heldBefore,
      heldAfter,
      readyChecks: measured.length,
      readyP50Ms: latencies.length > 0 ? quantile(latencies, 0.5) : Infinity,
      readyP99Ms,
      readyMaxMs: Math.max(...latencies),
      probeServerErrors,
      probeFailures,
      attackerServerErrors: attackerSeen,
      pass:
        failure === null &&
        peakRss - restRss <= bound &&
        (heldGrowth ?? 0) <= heldLimit &&
        readyP99Ms <= READY_P99_TARGET_MS &&
        probeServerErrors === 0 &&
        probeFailures === 0 &&
        (attackerSeen ?? 0) === 0,
    };
  } finally {
    await mock.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
