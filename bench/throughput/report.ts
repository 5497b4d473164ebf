import { median } from '../stats.js';
import type { ThroughputRow } from './measure.js';

/**
 * Issue 29: at least 0.6x of (b) (0.4x before). (b) serialises with JSON.stringify: graphql-jit's
 * compiled `stringify` (`customJSONSerializer`) refuses this schema ("Got unexpected PRIMITIVES
 * type: DateTime"), and where it compiles it measured slower than JSON.stringify on a page.
 */
export const THROUGHPUT_TARGETS = { overYogaMock: 5, ofJitCeiling: 0.6 } as const;

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export interface ThroughputVerdict {
  readonly lines: string[];
  /** Median over rounds of Parley's `messages` req/s divided by anchor (c)'s in the same round. */
  readonly overYogaMock: number;
  /** The same against anchor (b). */
  readonly ofJitCeiling: number;
  readonly pass: boolean;
}

/** The throughput table and the ratios of the targets; a pure function of the rows. */
export function throughputReport(rows: readonly ThroughputRow[]): ThroughputVerdict {
  const row = (prefix: string, operation = 'messages') => rows.find((r) => r.server.startsWith(prefix) && r.operation === operation)!;
  const yoga = row('(c)');
  const jit = row('(b)');
  /** Ratio per round (both measured minutes apart at most), then the median of those. */
  const ratio = (of: ThroughputRow, to: ThroughputRow) => median(of.rounds.map((result, i) => result.requestsPerSecond / to.rounds[i]!.requestsPerSecond));
  const widths = [Math.max(...rows.map((r) => r.server.length)), Math.max(...rows.map((r) => r.operation.length))];
  const lines = [
    `  ${'server'.padEnd(widths[0]!)}   ${'operation'.padEnd(widths[1]!)}   ${'req/s'.padStart(7)}   ${'rounds'.padEnd(22)}  p99      vs (c)    vs (b)`,
    ...rows.map((r) => {
      const rps = median(r.rounds.map((x) => x.requestsPerSecond));
      const p99 = median(r.rounds.map((x) => x.latencyP99Ms));
      return `  ${r.server.padEnd(widths[0]!)}   ${r.operation.padEnd(widths[1]!)}   ${count(rps).padStart(7)}   ${r.rounds.map((x) => count(x.requestsPerSecond)).join(' ').padEnd(22)}  ${`${p99} ms`.padEnd(7)}  ${`${ratio(r, yoga).toFixed(2)}x`.padEnd(8)}  ${ratio(r, jit).toFixed(2)}x`;
    }),
  ];
  const overYogaMock = ratio(row('(d)'), yoga);
  const ofJitCeiling = ratio(row('(d)'), jit);
  return { lines, overYogaMock, ofJitCeiling, pass: overYogaMock >= THROUGHPUT_TARGETS.overYogaMock && ofJitCeiling >= THROUGHPUT_TARGETS.ofJitCeiling };
}
