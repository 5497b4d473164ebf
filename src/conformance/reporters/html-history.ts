import type { CheckResult, HistoryEvidence, HistoryStep } from '../types.js';
import { formatCount } from './format.js';
import { anchor, block, foldedExchange, framesHtml, text, type HtmlContext } from './html-exchange.js';
import { html } from './html-text.js';

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** Seed, histories played, how far it shrank, and the lines that replay it (folded for a pass: they matter once it fails). */
function facts(history: HistoryEvidence, context: HtmlContext): string {
  const items = [
    ['Seed', html(String(history.seed))],
    ['Histories played', html(formatCount(history.runs))],
    ...(history.shrunkFrom !== undefined ? [['Shrunk', html(`from ${plural(history.shrunkFrom, 'command')} to ${formatCount(history.commands?.length ?? 0)}`)]] : []),
  ];
  const list = `<dl class="facts">${items.map(([name, value]) => `<dt>${name}</dt><dd>${value}</dd>`).join('')}</dl>`;
  if (history.replay.length === 0) return list;
  const replay = text(history.replay.join('\n'), context);
  return list + (history.steps.length > 0 ? block('Replay', replay, 'replay') : `<details class="replay"><summary>Replay</summary><pre>${replay}</pre></details>`);
}

/** What the broken step broke: the rule, where the spec says it, why and what was expected. */
function broke(step: HistoryStep, context: HtmlContext): string {
  if (!step.broke) return '';
  const { rule, specRef, reason, expected } = step.broke;
  return `<dl class="facts broke"><dt>Broke</dt><dd><code>${text(rule, context)}</code> <span class="ref">${text(specRef, context)}</span></dd><dt>Reason</dt><dd>${text(reason, context)}</dd><dt>Expected</dt><dd>${text(expected, context)}</dd></dl>`;
}

/**
 * One step: its number and action, then the exchanges it sent (folded, except on the step that
 * broke a rule, where they are the evidence) and the frames it saw. An index the result has no
 * exchange or frame for is said, not skipped, so a gap shows.
 */
function stepHtml(result: CheckResult, step: HistoryStep, context: HtmlContext): string {
  const exchanges = step.exchanges.map((index) => {
    const exchange = result.exchanges[index];
    return exchange ? foldedExchange(exchange, index, context, step.broke !== undefined) : `<p class="none">(exchange #${index + 1} is not in the report)</p>`;
  });
  const frames = (step.frames ?? []).flatMap((index) => {
    const frame = result.frames?.[index];
    return frame ? [{ frame, index }] : [];
  });
  const missing = (step.frames ?? []).length - frames.length;
  const framesPart = (frames.length > 0 ? framesHtml(frames, context) : '') + (missing > 0 ? `<p class="none">(${plural(missing, 'frame')} not in the report)</p>` : '');
  return `<li class="step${step.broke ? ' broken' : ''}" id="${anchor(result.id, `-step-${step.n}`)}"><div class="step-head"><span class="n">${html(String(step.n))}</span><span class="action">${text(step.action, context)}</span>${step.broke ? '<span class="badge fail">broke a rule</span>' : ''}</div>${broke(step, context)}${exchanges.join('')}${framesPart}</li>`;
}

/**
 * A model check's history: for any outcome its seed, the histories played and the replay lines;
 * for a failure every step of the shrunk history in order, the one that broke a rule set off.
 */
export function historyHtml(result: CheckResult, context: HtmlContext): string {
  const history = result.history;
  if (!history) return '';
  const steps = history.steps.length > 0 ? `<h4>Steps (${history.steps.length})</h4><ol class="steps">${history.steps.map((step) => stepHtml(result, step, context)).join('')}</ol>` : '';
  return `<section class="history"><h4>History of ${text(history.check, context)}</h4>${facts(history, context)}${steps}</section>`;
}
