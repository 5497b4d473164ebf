import junitModule, { type Builder } from 'junit-report-builder';
import type { CheckResult, RunReport, SkipKind } from '../types.js';
import { evidenceLines } from './evidence.js';
import { printable } from './format.js';
import { bySection } from './sections.js';
import { tokenLines } from './token-lines.js';

/**
 * junit-report-builder is CommonJS with `module.exports = builder`, but its types declare
 * `export default`. Under Node the default import is the builder itself; under a bundler that
 * picks its ESM build it is `.default`. Accept both.
 */
const junit: Builder = ('newBuilder' in junitModule ? junitModule : junitModule.default) as Builder;

/**
 * Text for a CDATA section. The library splits only the first `]]>` of a text, so a second one
 * would end the section early and break the XML: write each as `]] >` (the JSON report keeps the
 * exact bytes). Control characters are shown as `\uXXXX` (XML 1.0 cannot carry most of them).
 */
function cdata(text: string): string {
  return printable(text).replaceAll(']]>', ']] >');
}

/** `2024-05-01T10:00:00`: JUnit's timestamp has no zone or fraction; ours is UTC. */
function timestamp(iso: string): string {
  return iso.replace(/(\.\d+)?Z$/, '');
}

/** JUnit times are seconds; milliseconds are precision enough (and avoid `0.5735042220000004`). */
function seconds(ms: number): number {
  return Math.round(ms) / 1000;
}

/** How a skip's kind reads in `<system-out>`. */
const skipLabels: Record<SkipKind, string> = {
  chosen: 'your choice',
  'not-applicable': 'not applicable to this server',
  blocked: 'a check it depends on failed',
  'could-not-run': 'could not run',
};

function addTestCase(suite: ReturnType<Builder['testSuite']>, title: string, result: CheckResult, report: RunReport): void {
  const testCase = suite
    .testCase()
    .className(title)
    .name(`${result.id}: ${result.title}`)
    .time(seconds(result.durationMs));
  const evidence = () => cdata([`${result.level} ${result.specRef}`, ...evidenceLines(result, '', undefined, (curl) => tokenLines(curl, report))].join('\n'));
  if (result.outcome === 'skipped') {
    testCase.skipped().standardOutput(cdata(`skipped (${skipLabels[result.skip ?? 'could-not-run']}): ${result.reason ?? 'no reason given'}`));
  } else if (result.outcome === 'failed' && result.level === 'MUST') {
    // The case leads the message: CI pages often show the message alone.
    const message = result.case === undefined ? (result.reason ?? 'failed') : `${result.case}: ${result.reason ?? 'failed'}`;
    testCase.failure(printable(message), 'MUST').stacktrace(evidence());
  } else if (result.outcome === 'failed') {
    // A SHOULD failure is a warning: CI stays green, the evidence still shows in the report.
    testCase.standardOutput(`WARNING: this SHOULD check failed (a warning, not a failure of the run).\n${evidence()}`);
  }
}

/**
 * The report as JUnit XML (built with junit-report-builder, never by hand): one `<testsuite>`
 * per section that has results (named by its title, in the order `sectionTitles` is written in), one
 * `<testcase>` per check (`classname` = section title, `name` = `id: title`). A failed MUST check
 * is a `<failure>` (message = the case that failed and the reason, body = expected, sent, got, a
 * curl line of the exchange it failed on and the lines that set its token variables); a failed
 * SHOULD check passes, with the warning and evidence in `<system-out>`; a skipped check is
 * `<skipped/>` with the reason in `<system-out>`.
 */
export function renderJunit(report: RunReport): string {
  const builder = junit.newBuilder().name(`Parley conformance: ${printable(report.graphqlUrl)}`);
  for (const { title, items: results } of bySection(report.results)) {
    const suite = builder
      .testSuite()
      .name(title)
      .timestamp(timestamp(report.startedAt))
      .time(seconds(results.reduce((sum, result) => sum + result.durationMs, 0)));
    for (const result of results) addTestCase(suite, title, result, report);
  }
  return builder.build();
}
