import type { CheckResult } from '../types.js';
import { curlFor } from './curl.js';
import { evidenceLimits, shownExchange } from './evidence.js';
import { formatCount } from './format.js';
import { anchor, block, exchangeHtml, exchangeTitle, foldedExchange, framesHtml, text, type HtmlContext } from './html-exchange.js';
import { html } from './html-text.js';
import { tokenLines } from './token-lines.js';

/** The exchanges and frames a model check's steps show; the evidence block leaves them to the steps. */
export function referencedBySteps(result: CheckResult): { exchanges: Set<number>; frames: Set<number> } {
  const steps = result.history?.steps ?? [];
  return { exchanges: new Set(steps.flatMap((step) => step.exchanges)), frames: new Set(steps.flatMap((step) => step.frames ?? [])) };
}

/**
 * The curl line that reproduces the exchange and the lines that set its variables. A line longer
 * than the pretty reporter would show (a limits check's huge body) is described instead; its
 * token lines still show.
 */
function curlAndTokens(result: CheckResult, index: number, context: HtmlContext): string {
  const exchange = result.exchanges[index]!;
  const curl = curlFor(exchange);
  const shown = curl.length <= evidenceLimits.curl
    ? text(curl, context)
    : `<span class="none">(not shown: the command is ${formatCount(curl.length)} characters long; the JSON report holds the whole request)</span>`;
  const tokens = tokenLines(curl, context.report);
  return block('curl', shown, 'curl') + (tokens.length > 0 ? block('Set its variables first', text(tokens.join('\n'), context), 'token') : '');
}

/** The exchange a failure was read from (or the last, said so), in full, with its curl line. */
function failedOn(result: CheckResult, context: HtmlContext): string {
  const shown = shownExchange(result);
  if (!shown) {
    if (result.comparedWith !== undefined) return block('Compared with', text(result.comparedWith, context));
    return result.frames?.length ? '' : '<p class="none">No HTTP exchange recorded.</p>';
  }
  const count = result.exchanges.length;
  const which = shown.named
    ? `The exchange it failed on${count > 1 ? ` (${shown.index + 1} of ${count})` : ''}`
    : count > 1 ? `The last of ${count} exchanges (the failure does not say which one it was read from)` : 'Its only exchange';
  // A model check's step already shows the exchange in full: point to it, give only its curl line.
  const step = result.history?.steps.find((candidate) => candidate.exchanges.includes(shown.index));
  if (step) {
    return `<div class="failed-on"><h4>${html(which)}, sent by <a href="#${anchor(result.id, `-step-${step.n}`)}">step ${step.n}</a></h4>${curlAndTokens(result, shown.index, context)}</div>`;
  }
  return `<div class="failed-on"><h4>${html(which)}</h4><div class="xtitle">${exchangeTitle(shown.exchange, shown.index, context)}</div>${exchangeHtml(shown.exchange, context)}${curlAndTokens(result, shown.index, context)}</div>`;
}

/**
 * The evidence of a failed check: the exchange it failed on with its curl and token lines, its
 * WebSocket frames, and its other exchanges folded. The exchanges and frames a model check's
 * steps show are left to them.
 */
export function evidenceHtml(result: CheckResult, context: HtmlContext): string {
  const steps = referencedBySteps(result);
  const shown = shownExchange(result);
  const parts = [failedOn(result, context)];
  const frames = (result.frames ?? []).map((frame, index) => ({ frame, index })).filter(({ index }) => !steps.frames.has(index));
  if (frames.length > 0) {
    const label = steps.frames.size > 0 ? 'Other WebSocket frames' : 'WebSocket frames';
    parts.push(`<div class="frames-block"><h4>${label} (${frames.length})</h4>${framesHtml(frames, context)}</div>`);
  }
  parts.push(otherExchanges(result, context, new Set([...steps.exchanges, ...(shown ? [shown.index] : [])])));
  return parts.join('');
}

/** Every exchange but those in `leftOut`, each folded, all under one fold (or nothing). */
export function otherExchanges(result: CheckResult, context: HtmlContext, leftOut: ReadonlySet<number>, heading = 'Other exchanges'): string {
  const others = result.exchanges.flatMap((exchange, index) => (leftOut.has(index) ? [] : [foldedExchange(exchange, index, context)]));
  if (others.length === 0) return '';
  return `<details class="others"><summary>${html(heading)} (${others.length})</summary>${others.join('')}</details>`;
}
