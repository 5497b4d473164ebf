import type { ChaosSettings } from '../../runtime/chaos/chaos-settings.js';
import { prefersHtml } from '../prefers-html.js';
import { jsonResponse, textResponse } from '../respond.js';
import type { DevRoute } from './dev-route.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const INDEX_PATH = '/dev';
const INDEX_DESCRIPTION = 'this index: every dev route and the chaos in force (HTML for browsers, JSON otherwise)';

interface IndexEntry {
  readonly path: string;
  readonly methods: string[];
  readonly description: string;
}

function entriesOf(routes: readonly DevRoute[]): IndexEntry[] {
  return [{ path: INDEX_PATH, methods: ['GET'], description: INDEX_DESCRIPTION }, ...routes.map((route) => ({ path: route.path, methods: Object.keys(route.methods), description: route.description }))];
}

function page(entries: readonly IndexEntry[], chaos: ChaosSettings, chaosActive: boolean, base: string): string {
  const rows = entries
    .map((entry) => `<tr><td><code>${escapeHtml(entry.methods.join(', '))}</code></td><td><a href="${escapeHtml(base + entry.path)}"><code>${escapeHtml(entry.path)}</code></a></td><td>${escapeHtml(entry.description)}</td></tr>`)
    .join('\n');
  const chaosText = chaosActive ? `<pre>${escapeHtml(JSON.stringify(chaos, null, 2))}</pre>` : '<p>No chaos: every operation runs at full speed and never fails on purpose.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Parley dev controls</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td{border-top:1px solid #ddd;padding:.3rem .8rem .3rem 0;vertical-align:top}pre{background:#f4f4f4;padding:.6rem}</style>
</head><body>
<h1>Parley dev controls</h1>
<p>GraphQL is at <a href="${escapeHtml(base)}/graphql"><code>/graphql</code></a>. <code>--no-dev-routes</code> turns everything below off.</p>
<table>
${rows}
</table>
<h2>Chaos in force</h2>
${chaosText}
<p>Change it with <code>curl -X POST localhost:4000/dev/chaos -H 'content-type: application/json' -d '{"latency":{"minMs":200,"maxMs":800}}'</code>; <code>curl -X DELETE localhost:4000/dev/chaos</code> turns it off.</p>
</body></html>
`;
}

/** `GET /dev`: the index of the dev routes, and the chaos in force. */
/** `base` is the path the routes are under (a sandbox's `/sandboxes/<id>`): the page's links carry it. */
export function devIndex(routes: readonly DevRoute[], accept: string | null, chaos: ChaosSettings, chaosActive: boolean, base = ''): Response {
  const entries = entriesOf(routes);
  if (!prefersHtml(accept ?? undefined)) return jsonResponse(200, { routes: entries, chaos: { active: chaosActive, settings: chaos } });
  return textResponse(200, page(entries, chaos, chaosActive, base), { 'content-type': 'text/html; charset=utf-8' });
}
