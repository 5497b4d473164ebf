import type { Exchange, Frame, RunReport } from '../types.js';
import { formatDuration } from './format.js';
import { attr, html, htmlWithMarkers, prettyJson } from './html-text.js';
import { cutBody } from './json.js';

/** What the HTML reporter's pieces share: the report (for token lines) and what each marker means. */
export interface HtmlContext {
  readonly report: RunReport;
  /** `$TOKEN_A` -> `actor A's access token`, from the report's `redactions`. */
  readonly meanings: ReadonlyMap<string, string>;
}

/** Escaped text with markers set off (see {@link htmlWithMarkers}). */
export function text(value: string, context: HtmlContext): string {
  return htmlWithMarkers(value, context.meanings);
}

/** A labelled `<pre>` block. */
export function block(label: string, body: string, className = ''): string {
  return `<div class="block${className === '' ? '' : ` ${className}`}"><div class="label">${html(label)}</div><pre>${body}</pre></div>`;
}

/** A body as the JSON report keeps it (cut at 64 KiB), re-indented when it is JSON. */
function bodyText(body: string): string {
  const kept = cutBody(body);
  return prettyJson(kept) ?? kept;
}

function graphqlOperation(body: string): { query: string; operationName?: unknown; variables?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const { query, operationName, variables } = parsed as Record<string, unknown>;
    return typeof query === 'string' ? { query, operationName, variables } : undefined;
  } catch {
    return undefined;
  }
}

/** The request: headers, then a GraphQL body as its query and variables (the raw body folded), any other body as is. */
function requestHtml(request: Exchange['request'], context: HtmlContext): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `<span class="hname">${html(name)}:</span> ${text(value, context)}`);
  const parts = [block('Headers', headers.length === 0 ? '<span class="none">(none)</span>' : headers.join('\n'))];
  if (request.body === undefined) return parts.join('');
  const operation = graphqlOperation(request.body);
  if (operation) {
    parts.push(block('Query', text(cutBody(operation.query), context), 'query'));
    if (typeof operation.operationName === 'string') parts.push(block('Operation name', text(operation.operationName, context)));
    if (operation.variables !== undefined && operation.variables !== null) parts.push(block('Variables', text(bodyText(JSON.stringify(operation.variables)), context)));
    parts.push(`<details class="raw"><summary>Raw body</summary><pre>${text(cutBody(request.body), context)}</pre></details>`);
  } else {
    parts.push(block('Body', request.body === '' ? '<span class="none">(empty body)</span>' : text(bodyText(request.body), context)));
  }
  return parts.join('');
}

/** What the suite read from the response: data present or not, error codes and their paths. */
function readOf(response: Exchange['response']): string {
  const errors = response.errorCodes.map((code, i) => {
    const path = response.errorPaths[i];
    return `${code ?? '(no code)'}${path ? ` at ${path.join('.')}` : ''}`;
  });
  return [`data ${response.dataPresent ? 'present' : 'absent'}`, ...(errors.length > 0 ? [`errors: ${errors.join(', ')}`] : [])].join('; ');
}

function statusClass(status: number): string {
  return status >= 200 && status < 300 ? 'ok' : status >= 400 ? 'bad' : 'other';
}

function responseHtml(response: Exchange['response'], context: HtmlContext): string {
  const head = `<div class="block"><div class="label">Status</div><div class="line"><span class="status ${statusClass(response.status)}">${response.status}</span> ${html(response.contentType ?? '(no content type)')} <span class="muted">(${html(readOf(response))})</span></div></div>`;
  return head + block('Body', response.body === '' ? '<span class="none">(empty body)</span>' : text(bodyText(response.body), context));
}

/** One line naming an exchange: `#2 POST URL → 200 · 4 ms`. */
export function exchangeTitle(exchange: Exchange, index: number, context: HtmlContext): string {
  const { request, response } = exchange;
  return `<span class="xno">#${index + 1}</span> <span class="method">${html(request.method)}</span> <span class="url">${text(request.url, context)}</span> <span class="arrow">→</span> <span class="status ${statusClass(response.status)}">${response.status}</span> <span class="muted">${html(formatDuration(exchange.durationMs))}</span>`;
}

/** An exchange in full: request and response side by side (stacked on a narrow screen). */
export function exchangeHtml(exchange: Exchange, context: HtmlContext): string {
  return `<div class="exchange"><div class="side"><h5>Request</h5>${requestHtml(exchange.request, context)}</div><div class="side"><h5>Response</h5>${responseHtml(exchange.response, context)}</div></div>`;
}

/** An exchange folded under its title line; `open` unfolds it. */
export function foldedExchange(exchange: Exchange, index: number, context: HtmlContext, open = false): string {
  return `<details class="fold"${open ? ' open' : ''}><summary>${exchangeTitle(exchange, index, context)}</summary>${exchangeHtml(exchange, context)}</details>`;
}

const arrows: Record<Frame['direction'], string> = { opened: '⇒ opened', sent: '→ sent', received: '← received', closed: '× closed' };

/** WebSocket frames as a table: when, whose socket, which way, what (each cut like a body). */
export function framesHtml(frames: readonly { readonly frame: Frame; readonly index: number }[], context: HtmlContext): string {
  const rows = frames.map(({ frame, index }) =>
    `<tr class="dir-${frame.direction}"><td class="muted">#${index + 1}</td><td class="muted">+${html(String(frame.atMs))} ms</td><td>${html(frame.actor)}</td><td class="dir">${arrows[frame.direction]}</td><td><pre>${text(cutBody(frame.text), context)}</pre></td></tr>`);
  return `<table class="frames"><thead><tr><th>#</th><th>at</th><th>actor</th><th>way</th><th>frame</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** An anchor id made of a check id and a suffix; check ids are dotted words, anything else is replaced. */
export function anchor(id: string, suffix = ''): string {
  return attr(`check-${id.replace(/[^\w.-]/g, '_')}${suffix}`);
}
