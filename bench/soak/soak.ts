import { readFileSync } from 'node:fs';
import { ATTACKS } from './attacks.js';
import { runAttack, type AttackResult } from './measure.js';

/** Every attack of the soak, one after another, each against a mock of its own; the load average before and after. */
export async function measureSoak(progress: (line: string) => void, attacks = ATTACKS): Promise<AttackResult[]> {
  const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim().split(' ').slice(0, 3).join(' ');
  progress(`soak: load average ${loadavg()} (1, 5, 15 min)`);
  const results: AttackResult[] = [];
  for (const [index, attack] of attacks.entries()) {
    progress(`soak ${index + 1}/${attacks.length}: ${attack.name} ...`);
    results.push(await runAttack(attack));
  }
  progress(`soak: load average ${loadavg()} after`);
  return results;
}

export { soakReport, soakSummaryRow } from './report.js';
