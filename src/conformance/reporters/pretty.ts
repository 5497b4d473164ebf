import type { CheckResult, RunReport, SkipCause } from '../types.js';
import { evidenceLines } from './evidence.js';
import { formatDuration, painter, printable, type Paint } from './format.js';
import { bySection } from './sections.js';
import { tokenLines } from './token-lines.js';

/** Which failures fail the run: `must` (the default) or `should` as well (`--fail-on should`). */
export type FailOn = 'must' | 'should';

/** Options of the human-readable reporter. */
export interface PrettyOptions {
  /** Colour with ANSI codes. */
  readonly color: boolean;
  /**
   * Which failures the verdict line counts as failing the run, so it agrees with the exit code.
   * @default 'must'
   */
  readonly failOn?: FailOn;
}

/**
 * A model check's failing history as numbered steps, the broken one marked with the rule it
 * broke, then the lines that replay it. Empty for a result without a failing history.
 */
function historyLines(result: CheckResult, indent: string, paint: Paint): string[] {
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

function markOf(result: CheckResult, paint: Paint): string {
  if (result.outcome === 'passed') return paint('green', '✓');
  if (result.outcome === 'skipped') return paint('dim', '-');
  return result.level === 'MUST' ? paint('red', '✗') : paint('yellow', '!');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function resultLine(result: CheckResult, idWidth: number, paint: Paint): string {
  const skipped = result.outcome === 'skipped' && result.reason !== undefined ? `  ${paint('dim', `skipped: ${printable(result.reason)}`)}` : '';
  return `  ${markOf(result, paint)} ${result.id.padEnd(idWidth)}  ${result.level.padEnd(6)}  ${result.title}  ${paint('dim', formatDuration(result.durationMs))}${skipped}`;
}

/** Results a run considered: the checks the user's choice left out are summed up under "Skipped" instead. */
const considered = (result: CheckResult) => !(result.outcome === 'skipped' && result.skip === 'chosen');

function groups(report: RunReport, paint: Paint): string[] {
  const shown = report.results.filter(considered);
  const idWidth = Math.max(0, ...shown.map((result) => result.id.length));
  const lines: string[] = [];
  for (const { title, items } of bySection(shown)) {
    lines.push('', paint('bold', title), ...items.map((result) => resultLine(result, idWidth, paint)));
  }
  return lines;
}

function failureBlocks(report: RunReport, paint: Paint): string[] {
  const lines: string[] = [];
  const blocks = [
    { level: 'MUST', heading: 'Failures (MUST)' },
    { level: 'SHOULD', heading: 'Warnings (SHOULD)' },
  ] as const;
  for (const { level, heading } of blocks) {
    const failed = report.results.filter((result) => result.outcome === 'failed' && result.level === level);
    if (failed.length === 0) continue;
    lines.push('', paint('bold', heading));
    for (const result of failed) {
      lines.push('', `  ${markOf(result, paint)} ${paint('bold', result.id)}  ${paint('dim', result.specRef)}`, ...historyLines(result, '    ', paint), ...evidenceLines(result, '    ', paint, (curl) => tokenLines(curl, report)));
    }
  }
  return lines;
}

/** How each kind of skip is headed in the report, in the order the blocks appear. */
const skipHeadings: readonly { readonly kind: SkipCause['kind']; readonly heading: string }[] = [
  { kind: 'could-not-run', heading: 'Could not run (a MUST check among them ends the run with exit 2)' },
  { kind: 'blocked', heading: 'Not run because a check they depend on failed' },
  { kind: 'not-applicable', heading: 'Not applicable to this server (the spec leaves it open)' },
  { kind: 'chosen', heading: 'Skipped by your choice' },
];

/** At most this many ids are named under a cause; the JSON report lists them all. */
const idsShown = 6;

function skipBlocks(report: RunReport, paint: Paint): string[] {
  const lines: string[] = [];
  for (const { kind, heading } of skipHeadings) {
    const causes = report.skips.filter((cause) => cause.kind === kind);
    if (causes.length === 0) continue;
    lines.push('', paint('bold', heading));
    for (const { cause, checks, must } of causes) {
      const named = checks.slice(0, idsShown).join(', ') + (checks.length > idsShown ? `, and ${checks.length - idsShown} more` : '');
      lines.push(`  - ${printable(cause)}`, `    ${paint('dim', `${plural(checks.length, 'check')} (${must} MUST): ${named}`)}`);
    }
  }
  return lines;
}

/**
 * Who the suite acted as: an account this run registered shows its email and password (a
 * throwaway, so the user can log in as it); a credentials entry shows only where it is.
 */
function actorsBlock(report: RunReport, paint: Paint): string[] {
  if (!report.actors?.length) return [];
  const lines = ['', paint('bold', 'Actors')];
  for (const { name, id, account } of report.actors) {
    const source = account.kind === 'registered'
      ? `registered by this run: ${account.email}, password ${account.password}`
      : `accounts[${account.index}] of ${account.file ?? 'the credentials file'}`;
    lines.push(`  ${name}  ${printable(id)}  ${paint('dim', printable(source))}`);
  }
  return lines;
}

/**
 * The summary line: `62 checks: 60 passed, 1 failed (1 MUST), 1 skipped in 1.9 s`.
 */
export function summaryLine(report: RunReport): string {
  const { passed, failed, skipped, mustFailed, shouldFailed } = report.summary;
  const levels = [...(mustFailed > 0 ? [`${mustFailed} MUST`] : []), ...(shouldFailed > 0 ? [`${shouldFailed} SHOULD`] : [])];
  const failedText = `${failed} failed${levels.length > 0 ? ` (${levels.join(', ')})` : ''}`;
  const chosen = report.results.filter((result) => result.outcome === 'skipped' && result.skip === 'chosen').length;
  const skippedText = `${skipped} skipped${chosen > 0 && chosen < skipped ? ` (${chosen} by your choice)` : chosen > 0 ? ' (by your choice)' : ''}`;
  return `${plural(passed + failed + skipped, 'check')}: ${passed} passed, ${failedText}, ${skippedText} in ${formatDuration(report.durationMs)}`;
}

/** The verdict line: `PASS`, `PASS with warnings`, `FAIL` or `NOT RUN`, agreeing with the CLI's exit code. */
export function verdictLine(report: RunReport, options: PrettyOptions): string {
  const paint = painter(options.color);
  const { mustFailed, shouldFailed, skipped, mustNotRun } = report.summary;
  const skippedNote = skipped > 0 ? ` (${skipped} skipped)` : '';
  const notRun = mustNotRun > 0 ? `; ${plural(mustNotRun, 'MUST check')} could not run` : '';
  if (mustFailed > 0) {
    return `${paint('red', paint('bold', 'FAIL'))}: ${plural(mustFailed, 'MUST check')} failed; ${printable(report.graphqlUrl)} does not conform${notRun}.`;
  }
  if (shouldFailed > 0 && options.failOn === 'should') {
    return `${paint('red', paint('bold', 'FAIL'))} (--fail-on should): every MUST check ${mustNotRun > 0 ? 'that ran ' : ''}passed, but ${plural(shouldFailed, 'SHOULD check')} failed${notRun}.`;
  }
  if (mustNotRun > 0) {
    return `${paint('red', paint('bold', 'NOT RUN'))}: ${plural(mustNotRun, 'MUST check')} could not run (see "Could not run"); every MUST check that ran passed, but the suite does not pass what it did not test.`;
  }
  if (shouldFailed > 0) {
    return `${paint('yellow', paint('bold', 'PASS'))} with ${plural(shouldFailed, 'warning')}: every MUST check passed${skippedNote}; ${plural(shouldFailed, 'SHOULD check')} failed.`;
  }
  return `${paint('green', paint('bold', 'PASS'))}: every MUST check passed${skippedNote}.`;
}

/**
 * The human-readable report: results grouped by section (in the order `sectionTitles` is written in), the
 * actors, then every failure with its evidence (MUST first, then SHOULD), the skipped checks by
 * cause (the checks the user left out are summed up there, not listed), the notes, the summary
 * and a verdict.
 * A pure function of the report; no trailing newline.
 */
export function renderPretty(report: RunReport, options: PrettyOptions): string {
  const paint = painter(options.color);
  const lines = [`${paint('bold', 'Parley conformance')}  ${printable(report.graphqlUrl)}  ${paint('dim', `started ${report.startedAt}`)}`];
  lines.push(...groups(report, paint), ...actorsBlock(report, paint), ...failureBlocks(report, paint), ...skipBlocks(report, paint));
  if (report.notes.length > 0) lines.push('', paint('bold', 'Notes'), ...report.notes.map((note) => `  - ${printable(note)}`));
  lines.push('', summaryLine(report), verdictLine(report, options));
  return lines.join('\n');
}

/**
 * One line of progress while the run goes, e.g. `[12/62] ✓ messages.order.ascending`.
 */
export function renderProgress(result: CheckResult, done: number, total: number, color: boolean): string {
  const paint = painter(color);
  const counter = `[${String(done).padStart(String(total).length)}/${total}]`;
  return `${paint('dim', counter)} ${markOf(result, paint)} ${result.id}`;
}
