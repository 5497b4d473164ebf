import { createHash } from 'node:crypto';
import type { CheckResult, Outcome, RunReport, SkipKind } from '../types.js';
import { formatDuration } from './format.js';
import { style, script } from './html-assets.js';
import { evidenceHtml, otherExchanges } from './html-evidence.js';
import { anchor, text, type HtmlContext } from './html-exchange.js';
import { actorsHtml, failuresHtml, headerHtml, notesHtml, redactionsHtml } from './html-header.js';
import { historyHtml } from './html-history.js';
import { attr, html } from './html-text.js';
import type { FailOn } from './pretty.js';
import { bySection } from './sections.js';

/** Options of the HTML reporter. */
export interface HtmlOptions {
  /**
   * Which failures the verdict counts as failing the run, so it agrees with the exit code.
   * @default 'must'
   */
  readonly failOn?: FailOn;
}

/** How a check's badge and border read: SHOULD failures are warnings, as in the pretty reporter. */
function kindOf(result: CheckResult): 'pass' | 'fail' | 'warn' | 'skip' {
  if (result.outcome === 'passed') return 'pass';
  if (result.outcome === 'skipped') return 'skip';
  return result.level === 'MUST' ? 'fail' : 'warn';
}

const badges = { pass: 'passed', fail: 'failed', warn: 'warning', skip: 'skipped' } as const;

const skipLabels: Record<SkipKind, string> = {
  chosen: 'your choice',
  'not-applicable': 'not applicable to this server',
  blocked: 'a check it depends on failed',
  'could-not-run': 'could not run',
};

/**
 * A title with its backquoted names (check titles quote fields so: `first`) as `<code>`. Split
 * before escaping, so the markup never lands inside what escaping produced (a marker's tooltip).
 */
function titleHtml(title: string, context: HtmlContext): string {
  const parts = title.split('`');
  // An odd number of backquotes pairs nothing reliably: leave the title as written.
  if (parts.length % 2 === 0) return text(title, context);
  return parts.map((part, i) => (i % 2 === 1 ? `<code>${text(part, context)}</code>` : text(part, context))).join('');
}

function factsHtml(result: CheckResult, context: HtmlContext): string {
  const facts: [string, string][] = [];
  if (result.outcome === 'skipped') facts.push(['Skipped', html(skipLabels[result.skip ?? 'could-not-run'])]);
  if (result.case !== undefined) facts.push(['Case', text(result.case, context)]);
  if (result.reason !== undefined) facts.push(['Reason', text(result.reason, context)]);
  if (result.expected !== undefined) facts.push(['Expected', text(result.expected, context)]);
  if (facts.length === 0) return '';
  return `<dl class="facts">${facts.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/**
 * One check: a head line (outcome, id, level, title, spec reference, duration), then what it says
 * about itself; a failure adds its evidence, a model check its history, a skipped check the
 * exchanges it made (folded). Passed checks carry no exchanges: the JSON report has them.
 */
function checkHtml(result: CheckResult, context: HtmlContext): string {
  const kind = kindOf(result);
  const head = [
    `<span class="badge ${kind}">${badges[kind]}</span>`,
    `<code class="id">${html(result.id)}</code>`,
    `<span class="level">${result.level}</span>`,
    `<span class="title">${titleHtml(result.title, context)}</span>`,
    `<span class="ref">${text(result.specRef, context)}</span>`,
    `<span class="dur">${html(formatDuration(result.durationMs))}</span>`,
    `<a class="permalink" href="#${anchor(result.id)}" title="Link to this check">#</a>`,
  ].join(' ');
  const evidence = result.outcome === 'failed' ? evidenceHtml(result, context) : result.outcome === 'skipped' ? otherExchanges(result, context, new Set(), 'Exchanges') : '';
  // A model check's history comes first: its steps are the story, the curl line the way to replay one request.
  const body = factsHtml(result, context) + historyHtml(result, context) + evidence;
  return [
    `<article class="check ${kind}" id="${anchor(result.id)}" data-outcome="${result.outcome}" data-level="${result.level}">`,
    `<div class="check-head">${head}</div>`,
    ...(body === '' ? [] : [`<div class="check-body">${body}</div>`]),
    '</article>',
  ].join('\n');
}

/** The checks the run considered: those the user's choice left out are summed up under "Skipped checks" instead, as in the pretty reporter. */
const considered = (result: CheckResult) => !(result.outcome === 'skipped' && result.skip === 'chosen');

/** The filter bar (hidden until the script shows it: without JavaScript, there is nothing to filter). */
function filtersHtml(results: readonly CheckResult[]): string {
  const outcomes: readonly Outcome[] = ['failed', 'passed', 'skipped'];
  const chip = (group: string, value: string, label: string, n: number) =>
    `<button type="button" class="chip" data-group="${group}" data-value="${value}" aria-pressed="false">${label} <span class="n">${n}</span></button>`;
  const status = outcomes.map((outcome) => chip('status', outcome, outcome[0]!.toUpperCase() + outcome.slice(1), results.filter((r) => r.outcome === outcome).length));
  const levels = (['MUST', 'SHOULD'] as const).map((level) => chip('level', level, level, results.filter((r) => r.level === level).length));
  return `<nav id="filters" hidden aria-label="Filter checks"><div class="group"><span class="muted">Status</span> ${status.join(' ')}</div><div class="group"><span class="muted">Level</span> ${levels.join(' ')}</div><button type="button" class="chip clear">Show all</button><span id="shown" class="muted"></span></nav>`;
}

function checksHtml(results: readonly CheckResult[], context: HtmlContext): string {
  return bySection(results)
    .map(({ section, title, items }) => `<section class="group" id="${attr(`section-${section}`)}">\n<h3>${html(title)} <span class="muted">(<span class="in-section" data-total="${items.length}">${items.length}</span>)</span></h3>\n${items.map((result) => checkHtml(result, context)).join('\n')}\n</section>`)
    .join('\n');
}

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The report as one self-contained HTML page: header (target, when, duration, verdict, counts),
 * the failures, actors, redactions, skipped checks and notes, then every check grouped by section
 * with its evidence (the exchange a failure was read from with its curl and token lines, the other
 * exchanges folded, WebSocket frames, a model check's history step by step), and filters by status
 * and level. Inline style and script only, allowed by their hashes in a Content-Security-Policy
 * that forbids everything else: it fetches nothing and works offline from `file://`. Every text
 * from the report is escaped, with control and bidi characters shown as `\uXXXX`; bodies are cut
 * as in the JSON report. It shows only the report's fields, which the runner has redacted.
 * A pure function (apart from hashing); no trailing newline.
 */
export function renderHtml(report: RunReport, options: HtmlOptions = {}): string {
  const context: HtmlContext = { report, meanings: new Map((report.redactions ?? []).map(({ marker, meaning }) => [marker, meaning])) };
  const results = report.results.filter(considered);
  const csp = `default-src 'none'; style-src ${sha256(style)}; script-src ${sha256(script)}; base-uri 'none'; form-action 'none'`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>Parley conformance: ${html(report.graphqlUrl)}</title>`,
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    '<main>',
    headerHtml(report, options.failOn ?? 'must', context),
    failuresHtml(report, context),
    actorsHtml(report, context),
    redactionsHtml(report),
    notesHtml(report, context),
    filtersHtml(results),
    checksHtml(results, context),
    `<footer class="muted">Made by <code>parley conformance run --reporter html</code>. Bodies are cut at 64 KiB; the JSON report (<code>--reporter json</code>) holds every exchange of every check.</footer>`,
    '</main>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
}
