import type { CheckResult } from '../types.js';
import { printable, type Paint } from './format.js';

/**
 * A model check's failing history as numbered steps, the broken one marked with the rule it
 * broke, then the lines that replay it. Empty for a result without a failing history.
 */
export function historyLines(result: CheckResult, indent: string, paint: Paint): string[] {
  const history = result.history;
  if (!history || history.steps.length === 0) return [];
  const shrunk = history.shrunkFrom !== undefined && history.shrunkFrom > history.steps.length - 1 ? `, shrunk from ${history.shrunkFrom} commands` : '';
  const lines = [`${indent}${paint('bold', 'History')} ${paint('dim', `(seed ${history.seed}, ${history.runs} histories played${shrunk}; the JSON report has every step's exchanges)`)}`];
  for (const step of history.steps) {
    const requests = step.exchanges.length > 0 ? paint('dim', `  [exchange ${step.exchanges.map((i) => i + 1).join(', ')}]`) : '';
    const line = `${indent}  ${String(step.n).padStart(2)}. ${printable(step.action)}${requests}`;
    lines.push(step.broke ? paint('red', line) : line);
    if (step.broke) lines.push(`${indent}      ${paint('red', `broke ${step.broke.rule} (${step.broke.specRef}): ${printable(step.broke.reason)}`)}`);
  }
  lines.push(`${indent}${paint('bold', 'Replay')}`, ...history.replay.map((line) => `${indent}  ${paint('dim', printable(line))}`));
  return lines;
}
