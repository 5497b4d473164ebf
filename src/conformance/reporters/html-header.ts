import type { RunReport, SkipKind } from '../types.js';
import { formatCount, formatDuration } from './format.js';
import { anchor, text, type HtmlContext } from './html-exchange.js';
import { attr, html } from './html-text.js';
import { summaryLine, verdictLine, type FailOn } from './pretty.js';

/** How the verdict is coloured: the same cases as {@link verdictLine}, in the same order. */
function verdictKind(report: RunReport, failOn: FailOn): 'fail' | 'notrun' | 'warn' | 'pass' {
  const { mustFailed, shouldFailed, mustNotRun } = report.summary;
  if (mustFailed > 0 || (shouldFailed > 0 && failOn === 'should')) return 'fail';
  if (mustNotRun > 0) return 'notrun';
  return shouldFailed > 0 ? 'warn' : 'pass';
}

function count(name: string, value: number, detail = ''): string {
  return `<div class="count ${name}" data-count="${name}"><b>${formatCount(value)}</b> ${name}${detail === '' ? '' : ` <span class="muted">${html(detail)}</span>`}</div>`;
}

/** Title, target, when, how long, the verdict (worded as the pretty reporter words it, so both agree with the exit code) and the counts. */
export function headerHtml(report: RunReport, failOn: FailOn, context: HtmlContext): string {
  const { passed, failed, skipped, mustFailed, shouldFailed, mustNotRun } = report.summary;
  const levels = [...(mustFailed > 0 ? [`${mustFailed} MUST`] : []), ...(shouldFailed > 0 ? [`${shouldFailed} SHOULD`] : [])].join(', ');
  const target = [
    ['Target', text(report.graphqlUrl, context)],
    ['Started', `<time datetime="${attr(report.startedAt)}">${html(report.startedAt)}</time>`],
    ['WebSocket', text(report.wsUrl, context)],
    ['Duration', html(formatDuration(report.durationMs))],
    // The base URL says nothing more when the GraphQL URL is the default one under it.
    ...(report.graphqlUrl !== `${report.baseUrl.replace(/\/$/, '')}/graphql` ? [['Base URL', text(report.baseUrl, context)]] : []),
  ];
  return [
    '<header class="top">',
    `<h1>Parley conformance report</h1>`,
    `<dl class="target">${target.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`,
    `<p class="verdict ${verdictKind(report, failOn)}" id="verdict">${html(verdictLine(report, { color: false, failOn }))}</p>`,
    `<div class="counts">${count('passed', passed)}${count('failed', failed, levels === '' ? '' : `(${levels})`)}${count('skipped', skipped, mustNotRun > 0 ? `(${mustNotRun} MUST could not run)` : '')}</div>`,
    `<p class="summary muted">${html(summaryLine(report))}</p>`,
    '</header>',
  ].join('\n');
}

/** Links to every failure, MUST first: the first thing a reader of a failed run wants. */
export function failuresHtml(report: RunReport, context: HtmlContext): string {
  const failed = [...report.results.filter((r) => r.outcome === 'failed' && r.level === 'MUST'), ...report.results.filter((r) => r.outcome === 'failed' && r.level === 'SHOULD')];
  if (failed.length === 0) return '';
  const items = failed.map((r) => `<li><span class="badge ${r.level === 'MUST' ? 'fail' : 'warn'}">${r.level}</span> <a href="#${anchor(r.id)}">${html(r.id)}</a> <span class="muted">${text(r.reason ?? '', context)}</span></li>`);
  return `<section class="box"><h2>Failures (${failed.length})</h2><ul class="plain">${items.join('\n')}</ul></section>`;
}

/**
 * The actors, and folded under them the lines that set their variables. A registered actor's
 * email and password are shown (throwaways, as the pretty reporter shows them), on one line; a
 * credentials entry only by its place.
 */
export function actorsHtml(report: RunReport, context: HtmlContext): string {
  if (!report.actors?.length) return '';
  const rows = report.actors.map(({ name, id, account }) => {
    const source = account.kind === 'registered'
      ? `registered by this run: ${account.email}, password ${account.password}`
      : `accounts[${account.index}] of ${account.file ?? 'the credentials file'}`;
    return `<tr><th>${html(name)}</th><td><code>${text(id, context)}</code></td><td>${text(source, context)}</td></tr>`;
  });
  const lines = report.actors.flatMap((actor) => Object.values(actor.obtain));
  const obtain = lines.length === 0 ? '' : `<details class="obtain"><summary>Lines that set their variables (${lines.length})</summary><pre>${text(lines.join('\n'), context)}</pre></details>`;
  return `<section class="box"><h2>Actors</h2><table class="actors"><thead><tr><th>Actor</th><th>User id</th><th>Account</th></tr></thead><tbody>\n${rows.join('\n')}\n</tbody></table>${obtain}</section>`;
}

/** Every marker of the report and what it stands for: the report holds no secret, only these. */
export function redactionsHtml(report: RunReport): string {
  if (!report.redactions?.length) return '';
  const pairs = report.redactions.map(({ marker, meaning }) => `<dt><span class="marker">${html(marker)}</span></dt><dd>${html(meaning)}</dd>`);
  return `<section class="box"><h2>Redactions</h2><p class="muted">No token, refresh token or password is in this report: each shows as its marker, a shell variable the token lines set.</p><dl class="markers">${pairs.join('\n')}</dl></section>`;
}

const skipHeadings: Record<SkipKind, string> = {
  'could-not-run': 'Could not run',
  blocked: 'Not run: a check they depend on failed',
  'not-applicable': 'Not applicable to this server',
  chosen: 'Skipped by your choice',
};

/** The notes and the skipped checks by cause, as the pretty reporter lists them. */
export function notesHtml(report: RunReport, context: HtmlContext): string {
  const parts: string[] = [];
  if (report.skips.length > 0) {
    const items = report.skips.map(({ kind, cause, checks, must }) =>
      `<li><b>${html(skipHeadings[kind])}</b>: ${text(cause, context)} <details class="ids"><summary>${formatCount(checks.length)} check${checks.length === 1 ? '' : 's'} (${must} MUST)</summary><code>${html(checks.join(', '))}</code></details></li>`);
    parts.push(`<section class="box"><h2>Skipped checks</h2><ul class="plain">${items.join('\n')}</ul></section>`);
  }
  if (report.notes.length > 0) parts.push(`<section class="box"><h2>Notes</h2><ul>${report.notes.map((note) => `<li>${text(note, context)}</li>`).join('\n')}</ul></section>`);
  return parts.join('\n');
}
