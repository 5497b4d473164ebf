/**
 * `npm run bench:soak`: the attacks of "Bounded and durable", each from one client against a fresh
 * mock (bench/soak/), with the mock's RSS and /ready watched throughout (also part of `npm run bench`).
 * Benchmarks, never assertions: PASS/MISS compares with the documented bounds, nothing fails.
 */
import { cpus } from 'node:os';
import { ATTACKS } from './soak/attacks.js';
import { measureSoak, soakReport } from './soak/soak.js';

/** `BENCH_SOAK_ATTACKS=1,4` runs those attacks only (numbered as in the table). */
const only = (process.env['BENCH_SOAK_ATTACKS'] ?? '').split(',').filter(Boolean).map(Number);
const attacks = only.length > 0 ? ATTACKS.filter((_, index) => only.includes(index + 1)) : ATTACKS;

const cores = cpus();
console.log(`Parley soak: Node ${process.version}, ${cores.length} cores (${cores[0]?.model ?? 'unknown'})`);
const results = await measureSoak((line) => process.stderr.write(`  .. ${line}\n`), attacks);
console.log(soakReport(results).join('\n'));
