import { median } from '../stats.js';
import type { ThroughputRow } from './measure.js';

/**
 * Issue 29: at least 0.6x of the graphql-jit ceiling (0.4x before): the faster over the run of
 * (b), which serialises with JSON.stringify, and (b2), graphql-jit's compiled `stringify`
 * (`customJSONSerializer`; its schema declares the times as String, since the compiled serializer
 * refuses the DateTime scalar).
 */
export const THROUGHPUT_TARGETS = { overYogaMock: 5, ofJitCeiling: 0.6 } as const;

const count = (n: number) => Math.round(n).toLocaleString('en-US');

export interface ThroughputVerdict {
  readonly lines: string[];
  /** Median over rounds of Parley's `messages` req/s divided by anchor (c)'s in the same round. */
  readonly overYogaMock: number;
  /** The same against the faster of anchors (b) and (b2) (median req/s over the run). */
  readonly ofJitCeiling: number;
  readonly pass: boolean;
}

/** The throughput table and the ratios of the targets; a pure function of the rows. */
export function throughputReport(rows: readonly ThroughputRow[]): ThroughputVerdict {
  const row = (prefix: string, operation = 'messages') => rows.find((r) => r.server.startsWith(prefix) && r.operation === operation)!;
  const yoga = row('(c)');
  const jit = row('(b)');
  const compiled = row('(b2)');
  /** Ratio per round (both measured minutes apart at most), then the median of those. */
  const ratio = (of: ThroughputRow, to: ThroughputRow) => median(of.rounds.map((result, i) => result.requestsPerSecond / to.rounds[i]!.requestsPerSecond));
  // The faster of the two over the run (median req/s), not round by round: the larger of two
  // noisy readings would overstate the ceiling.
  const rps = (r: ThroughputRow) => median(r.rounds.map((x) => x.requestsPerSecond));
  const ceiling = rps(compiled) > rps(jit) ? compiled : jit;
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
  const ofJitCeiling = ratio(row('(d)'), ceiling);
  return { lines, overYogaMock, ofJitCeiling, pass: overYogaMock >= THROUGHPUT_TARGETS.overYogaMock && ofJitCeiling >= THROUGHPUT_TARGETS.ofJitCeiling };
}
