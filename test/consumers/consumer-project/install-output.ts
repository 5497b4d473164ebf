/**
 * The packages npm warned about in an install's output for requiring another Node than this one
 * (`npm warn EBADENGINE Unsupported engine { package: 'name@version', required: ..., current: ... }`),
 * as `name@version requires node <range>`; empty when there was no such warning.
 */
export function engineWarnings(output: string): string[] {
  const warnings: string[] = [];
  const blocks = output.split(/npm warn EBADENGINE Unsupported engine \{/).slice(1);
  for (const block of blocks) {
    const name = /package: '([^']+)'/.exec(block)?.[1] ?? '(unknown package)';
    const required = /required: \{ node: '([^']+)'/.exec(block)?.[1] ?? '(unknown range)';
    warnings.push(`${name} requires node ${required}`);
  }
  // Any other spelling of the code still counts.
  if (blocks.length === 0 && output.includes('EBADENGINE')) warnings.push(output.slice(output.indexOf('EBADENGINE'), output.indexOf('EBADENGINE') + 300));
  return warnings;
}
