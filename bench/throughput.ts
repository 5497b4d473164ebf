/** `npm run bench:throughput`: only the throughput table (the full `npm run bench` includes it). */
import { cpus } from 'node:os';
import { measureThroughput } from './throughput/measure.js';
import { THROUGHPUT_TARGETS, throughputReport } from './throughput/report.js';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 3);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
console.log(`Parley throughput: Node ${process.version}, ${cpus().length} cores; 8 connections, ${rounds} rounds of ${seconds} s per target (each after a 2 s warm-up); ratios are medians of per-round ratios, (b), (d) messages, (b2) and (c) next to each other, every other round backwards`);
const rows = await measureThroughput({ seconds, connections: 8, rounds, warmupSeconds: 2 }, (line) => process.stderr.write(`  .. ${line}\n`));
const report = throughputReport(rows);
console.log(report.lines.join('\n'));
console.log(`\n  Parley messages: ${report.overYogaMock.toFixed(2)}x (c) (target >= ${THROUGHPUT_TARGETS.overYogaMock}x), ${report.ofJitCeiling.toFixed(2)}x the graphql-jit ceiling, the faster of (b) and (b2) (target >= ${THROUGHPUT_TARGETS.ofJitCeiling}x)   ${report.pass ? 'PASS' : 'MISS'}`);
