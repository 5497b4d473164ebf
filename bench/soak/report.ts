import { table } from '../table.js';
import { COLLECTION_HEADROOM } from './attack.js';
import { ATTACKS } from './attacks.js';
import { READY_P99_TARGET_MS, type AttackResult } from './measure.js';
import { PROBE_EVERY_MS } from './probe.js';

/** The soak's table: one row per attack, then what each did and why its bounds. */

/** An attack's number in {@link ATTACKS}, also when only some ran. */
const numbered = (result: AttackResult) => ATTACKS.indexOf(result.attack) + 1;

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
/** Heap + external memory after a full gc once the attack is over, and its change since before it. */
const held = (result: AttackResult) => {
  if (!result.heldBefore || !result.heldAfter) return '-';
  const before = result.heldBefore.heapUsed + result.heldBefore.external;
  const after = result.heldAfter.heapUsed + result.heldAfter.external;
  return `${mb(after)} (${after >= before ? '+' : ''}${mb(after - before)} / ${mb(result.heldBound)})`;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)}` : '-');

export function soakReport(results: readonly AttackResult[]): string[] {
  return [
    `soak: each attack from one client against a fresh \`mock serve\` child; RSS (VmRSS) and GET /ready every ${PROBE_EVERY_MS} ms from a worker thread,`,
    'rest = median RSS over the second before the attack, peak and /ready from its start to 1 s after; held after gc = heap + external',
    'memory after a full gc (through the inspector) 3 s after it, and its change since before it; PASS = both growths within their',
    `bounds (held: what the attack may keep; peak: that + what may be in flight + ${mb(COLLECTION_HEADROOM)} of garbage V8 collects later),`,
    `/ready p99 <= ${READY_P99_TARGET_MS} ms, no 5xx and no failed check`,
    table([
      ['attack', 'load', 's', 'RSS rest', 'peak', 'growth / bound', 'held after gc (growth / bound)', '/ready p50 / p99 / max ms (checks)', '5xx attacker / probe', ''],
      ...results.map((result) => [
        `${numbered(result)}. ${result.attack.name}`,
        result.load.toFixed(2),
        result.seconds.toFixed(1),
        mb(result.restRss),
        mb(result.peakRss),
        `${mb(result.peakRss - result.restRss)} / ${mb(result.bound)}`,
        held(result),
        `${ms(result.readyP50Ms)} / ${ms(result.readyP99Ms)} / ${ms(result.readyMaxMs)} (${result.readyChecks})`,
        `${result.attackerServerErrors ?? '-'} / ${result.probeServerErrors}${result.probeFailures > 0 ? ` (+${result.probeFailures} failed)` : ''}`,
        result.pass ? 'PASS' : 'MISS',
      ]),
    ]),
    ...results.map((result) => `  ${numbered(result)}. ${result.failure ? `FAILED: ${result.failure}` : result.outcome!.summary}; ${result.attack.why}`),
  ];
}

/** The row of `npm run bench`'s summary. */
export function soakSummaryRow(results: readonly AttackResult[]): string[] {
  const passed = results.filter((result) => result.pass).length;
  const worst = Math.max(...results.map((result) => result.readyP99Ms));
  return [
    `soak: ${results.length} attacks from one client (RSS growth within each bound, /ready p99, no 5xx)`,
    `${passed} of ${results.length} within; worst /ready p99 ${ms(worst)} ms`,
    `target ${results.length} of ${results.length}, p99 <= ${READY_P99_TARGET_MS} ms`,
    passed === results.length ? 'PASS' : 'MISS',
  ];
}
