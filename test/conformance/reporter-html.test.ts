import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { curlFor } from '../../src/conformance/reporters/curl.js';
import { html as escaped, prettyJson } from '../../src/conformance/reporters/html-text.js';
import { renderHtml } from '../../src/conformance/reporters/html.js';
import { render } from '../../src/conformance/reporters/index.js';
import { cutBody } from '../../src/conformance/reporters/json.js';
import { verdictLine } from '../../src/conformance/reporters/pretty.js';
import type { CheckResult, RunReport } from '../../src/conformance/types.js';
import { exchange, laterPage, modelFailure, modelPass, mustFailure, report, shouldFailure, skipped } from './support/report-fixtures.js';

/**
 * The HTML reporter (`--reporter html`), read as text: what each part shows, that nothing from
 * the report can become markup, and that the page loads nothing. The same page in a real browser:
 * test/consumers/browser/conformance-report.test.ts.
 */

const withActors: RunReport = {
  ...report,
  actors: [{ name: 'A', id: 'u_1', account: { kind: 'registered', email: 'a@example.com', password: 'Pw-throwaway' }, obtain: { TOKEN_A: 'export TOKEN_A="$(curl -s login)"' } }],
  redactions: [{ marker: '$TOKEN_A', meaning: "actor A's \"access\" token" }],
};
const page = renderHtml(withActors);

/** The `<article>` of a check. */
function article(text: string, id: string): string {
  return new RegExp(`<article [^>]*id="check-${id.replaceAll('.', '\\.')}"[^]*?</article>`).exec(text)?.[0] ?? '';
}

/** The text of an element's content with the markup taken out and the five entities read back. */
function textOf(fragment: string): string {
  return fragment.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

describe('renderHtml of the reporter fixtures', () => {
  it('is one page: the target, when, how long, the verdict of the pretty reporter, the counts, notes, actors, redactions', () => {
    expect(page.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(page.endsWith('</html>')).toBe(true);
    expect(page).toContain('<title>Parley conformance: http://127.0.0.1:4000/graphql</title>');
    expect(page).toContain('<dt>Target</dt><dd>http://127.0.0.1:4000/graphql</dd>');
    expect(page).toContain('<time datetime="2025-01-02T03:04:05.678Z">');
    expect(page).toContain('<dt>Duration</dt><dd>1.9 s</dd>');
    expect(page).toContain(`<p class="verdict fail" id="verdict">${escaped(verdictLine(report, { color: false }))}</p>`);
    expect(textOf(/<div class="counts">.*?<\/div><\/div>/.exec(page)![0])).toBe('3 passed2 failed (1 MUST, 1 SHOULD)1 skipped');
    expect(page).toContain('<li>Actor C was registered fresh.</li>');
    expect(page).toMatch(/<tr><th>A<\/th><td><code>u_1<\/code><\/td><td>registered by this run: a@example.com, password Pw-throwaway<\/td><\/tr>/);
    expect(page).toContain('export TOKEN_A=&quot;$(curl -s login)&quot;');
    expect(page).toContain('<dt><span class="marker">$TOKEN_A</span></dt><dd>actor A&#39;s &quot;access&quot; token</dd>');
  });

  it('groups the checks by section in report order, one article per check with its outcome, level, spec reference and duration', () => {
    expect([...page.matchAll(/<h3>([^<]+) </g)].map((match) => match[1])).toEqual(['2.1 Message resources', '4.1 Query messages', '5 Authentication', '7 Errors']);
    const heads = [...page.matchAll(/<article class="check (\w+)" id="check-([\w.-]+)" data-outcome="(\w+)" data-level="(\w+)">/g)].map((match) => match.slice(1).join(' '));
    expect(heads).toEqual([
      'pass fields.message.sequence passed MUST',
      'pass messages.order.ascending passed MUST',
      'fail messages.first.limit failed MUST',
      'skip auth.refresh.rotates skipped MUST',
      'warn errors.unauthenticated.status failed SHOULD',
      'pass errors.bad-cursor.code passed MUST',
    ]);
    const must = article(page, mustFailure.id);
    expect(must).toContain('<span class="title">a page holds at most <code>first</code> nodes</span> <span class="ref">4.1 rule 2</span> <span class="dur">42 ms</span>');
    expect(textOf(article(page, skipped.id))).toContain('Skippedcould not runReasonneeds a refresh token for actor A');
    expect(article(page, shouldFailure.id)).toContain('<span class="badge warn">warning</span>');
  });

  it('shows a failure\'s case, reason, expected and the exchange it failed on, in full, with its curl and token lines; the others folded', () => {
    const must = article(page, mustFailure.id);
    expect(must).toContain('<dt>Case</dt><dd>first 2</dd><dt>Reason</dt><dd>the page held 3 nodes for first: 2</dd><dt>Expected</dt><dd>at most 2 nodes</dd>');
    const [failedOn, others] = must.split('<details class="others">');
    expect(failedOn).toContain('<h4>The exchange it failed on (2 of 3)</h4>');
    // Request: headers with the marker, the query as written, the variables re-indented; response: status, what was read, the body re-indented.
    expect(failedOn).toContain('authorization:</span> Bearer <span class="marker" title="actor A&#39;s &quot;access&quot; token">$TOKEN_A</span>');
    expect(failedOn).toContain('<pre>query Page($id: ID!, $first: Int) {\n  messages(conversationId: $id, first: $first) {');
    expect(failedOn).toContain('&quot;note&quot;: &quot;it&#39;s&quot;');
    expect(failedOn).toContain('200</span> application/json <span class="muted">(data present)</span>');
    expect(failedOn).toContain('{\n  &quot;data&quot;: {\n    &quot;messages&quot;: {');
    expect(textOf(failedOn!)).toContain(curlFor(mustFailure.exchanges[1]!));
    expect(textOf(failedOn!)).toContain('Set its variables firstexport TOKEN_A="$(curl -s login)"');
    expect(failedOn).not.toContain('first: 1)');
    expect(others).toMatch(/^<summary>Other exchanges \(2\)<\/summary>/);
    expect(others!.match(/<details class="fold">/g)).toHaveLength(2);
    expect(textOf(others!)).toContain(JSON.parse(laterPage.request.body!).query);
    expect(textOf(others!)).toContain('"id": "m3"');
  });

  it('shows a realtime failure\'s frames as its evidence, not its last request', () => {
    const frames: CheckResult = { ...shouldFailure, frames: [{ atMs: 5, actor: 'B', direction: 'closed', text: '4401 Unauthorized' }] };
    const out = renderHtml({ ...report, results: [frames] });
    expect(out).toContain('<h4>WebSocket frames (1)</h4>');
    expect(out).toContain('<td class="muted">+5 ms</td><td>B</td><td class="dir">× closed</td><td><pre>4401 Unauthorized</pre></td>');
    expect(out).not.toContain('The exchange it failed on');
    expect(out).toContain('<summary>Other exchanges (1)</summary>');
  });

  it('shows the last exchange of a failure that names none, and says it is only the last', () => {
    const { failedExchange: _named, ...unnamed } = mustFailure;
    const out = renderHtml({ ...report, results: [unnamed] });
    expect(out).toContain('<h4>The last of 3 exchanges (the failure does not say which one it was read from)</h4>');
    expect(textOf(out)).toContain(curlFor(laterPage));
    expect(renderHtml({ ...report, results: [{ ...unnamed, exchanges: [laterPage] }] })).toContain('<h4>Its only exchange</h4>');
  });

  it('is what render(\'html\') gives, and its verdict follows --fail-on', () => {
    expect(render('html', withActors, { color: true })).toBe(page);
    const shouldOnly: RunReport = { ...report, results: [shouldFailure], summary: { passed: 0, failed: 1, skipped: 0, mustFailed: 0, shouldFailed: 1, mustNotRun: 0 } };
    expect(render('html', shouldOnly, { color: false })).toContain('<p class="verdict warn" id="verdict">PASS with 1 warning');
    expect(render('html', shouldOnly, { color: false, failOn: 'should' })).toContain('<p class="verdict fail" id="verdict">FAIL (--fail-on should)');
  });
});

describe('renderHtml of hostile text', () => {
  const script = '<script>alert(1)</script>';
  const hostile: CheckResult = {
    ...mustFailure,
    id: 'hostile.body',
    title: `title ${script}`,
    reason: `reason ${script} "quoted" 'single' & more`,
    case: 'bidi \u202egnp.exe\u202c and \u2066isolate\u2069, NUL \u0000, ESC \u001b[31m, é 中文 👩‍💻',
    exchanges: [exchange({ body: `{"query":"{ x }","variables":{"s":"${script.replaceAll('/', '\\/')}"}}` }, { contentType: 'text/html', body: `<html>${script}<img src=x onerror=alert(2)>` })],
    failedExchange: 0,
  };
  const out = renderHtml({ ...report, notes: [`note ${script}`], results: [hostile] });

  it('keeps <script> in a body, a reason, a title and a note as text: the page has one script element, its own', () => {
    expect(out.match(/<script/g)).toHaveLength(1);
    expect(out).not.toContain('<img');
    expect(out).toContain('&lt;html&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(out).toContain('<dt>Reason</dt><dd>reason &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &#39;single&#39; &amp; more</dd>');
    expect(out).toContain('title &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('<li>note &lt;script&gt;alert(1)&lt;/script&gt;</li>');
  });

  it('shows bidi and control characters as visible \\uXXXX and lets none reach the page; other Unicode stays', () => {
    expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('bidi <span class="ctl" title="U+202E">\\u202e</span>gnp.exe<span class="ctl" title="U+202C">\\u202c</span>');
    expect(out).toContain('<span class="ctl" title="U+2066">\\u2066</span>isolate');
    expect(out).toContain('NUL <span class="ctl" title="U+0000">\\u0000</span>, ESC <span class="ctl" title="U+001B">\\u001b</span>[31m, é 中文 👩‍💻');
  });

  it('escapes what goes into attributes too, with no markup in them', () => {
    const meaning = renderHtml({ ...report, results: [hostile, mustFailure], redactions: [{ marker: '$TOKEN_A', meaning: `"><script>x</script>\u202e` }] });
    expect(meaning).toContain('title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;\\u202e"');
    expect(meaning.match(/<script/g)).toHaveLength(1);
  });
});

describe('renderHtml loads nothing', () => {
  const allowed = (out: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(out)?.[1];
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('has a Content-Security-Policy that allows nothing but its own inline style and script, by their hashes', () => {
    const csp = allowed(page)!;
    const style = /<style>([^]*?)<\/style>/.exec(page)![1]!;
    const script = /<script>([^]*?)<\/script>/.exec(page)![1]!;
    expect(csp).toBe(`default-src 'none'; style-src ${hash(style)}; script-src ${hash(script)}; base-uri 'none'; form-action 'none'`);
    // The policy comes before anything it governs.
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('<style>'));
    expect(page).not.toMatch(/ style="/);
  });

  it('has no src= and no href= but links within the page, no url() or @import in its style, whatever URLs the report holds', () => {
    const linked = renderHtml({ ...withActors, notes: ['see https://example.com/x.js and http://evil.test/'], results: [...withActors.results, modelFailure] });
    expect(linked).toContain('see https://example.com/x.js and http://evil.test/');
    expect(linked).not.toMatch(/\ssrc=/i);
    expect([...linked.matchAll(/\shref="([^"]*)"/gi)].map((match) => match[1]!).filter((href) => !href.startsWith('#'))).toEqual([]);
    expect(linked).not.toMatch(/url\(|@import/i);
    expect(linked).not.toMatch(/<(link|img|iframe|object|embed|base|form)\b/i);
  });

  it('shows every check with JavaScript off: the filter bar waits, hidden, for the script', () => {
    expect(page).toMatch(/<nav id="filters" hidden aria-label="Filter checks">/);
    expect(page).not.toMatch(/<article [^>]*hidden/);
  });
});

describe('renderHtml of a model check', () => {
  const out = renderHtml({ ...report, results: [modelFailure, modelPass] });
  const failure = article(out, modelFailure.id);

  it('shows the seed, the histories played, how far it shrank and the replay lines', () => {
    expect(failure).toContain('<dt>Seed</dt><dd>1234567</dd><dt>Histories played</dt><dd>37</dd><dt>Shrunk</dt><dd>from 11 commands to 4</dd>');
    expect(failure).toContain(`<pre>${escaped(modelFailure.history!.replay.join('\n'))}</pre>`);
    const pass = article(out, modelPass.id);
    expect(pass).toContain('<dt>Seed</dt><dd>7654321</dd><dt>Histories played</dt><dd>50</dd></dl>');
    expect(pass).toContain(`<details class="replay"><summary>Replay</summary><pre>${escaped(modelPass.history!.replay[0]!)}</pre></details>`);
    expect(pass).not.toContain('Steps');
  });

  it('numbers every step with its action, its exchanges and frames inline, and sets off the step that broke a rule', () => {
    const steps = [...failure.matchAll(/<li class="step( broken)?" id="check-model\.messages-step-(\d)"><div class="step-head"><span class="n">(\d)<\/span><span class="action">([^<]*)<\/span>/g)];
    expect(steps.map((match) => [match[2], match[3], textOf(match[4]!), match[1] ?? ''])).toEqual([
      ['1', '1', 'A sends "hello" to X', ''],
      ['2', '2', 'B sends "é" to X', ''],
      ['3', '3', 'A edits step 1\'s message to "hello again"', ''],
      ['4', '4', 'A reads messages(X, first: 2)', ' broken'],
    ]);
    const step = (n: number) => failure.slice(failure.indexOf(`-step-${n}"`), failure.indexOf(n === 4 ? '</ol>' : `-step-${n + 1}"`));
    // Each step's own exchange, by its index; folded except on the step that broke the rule.
    expect(step(1)).toMatch(/<details class="fold"><summary><span class="xno">#1<\/span>/);
    expect(step(3)).toMatch(/<details class="fold"><summary><span class="xno">#3<\/span>/);
    expect(step(4)).toMatch(/<details class="fold" open><summary><span class="xno">#4<\/span>/);
    expect(step(2)).toContain('<td>B</td><td class="dir">← received</td>');
    expect(step(4)).toContain('<dt>Broke</dt><dd><code>messages.first.limit</code> <span class="ref">4.1 rule 2</span></dd><dt>Reason</dt><dd>the page held 3 nodes for first: 2</dd><dt>Expected</dt><dd>at most 2 nodes</dd>');
    expect(step(4)).toContain('&quot;sequence&quot;: 3');
  });

  it('gives the curl line of the exchange it failed on, pointing at its step, and shows no exchange twice', () => {
    expect(failure).toContain('<h4>The exchange it failed on (4 of 4), sent by <a href="#check-model.messages-step-4">step 4</a></h4>');
    expect(textOf(failure)).toContain(curlFor(modelFailure.exchanges[3]!));
    expect(failure).not.toContain('Other exchanges');
    expect(failure).not.toContain('WebSocket frames');
    expect(failure.match(/<div class="exchange">/g)).toHaveLength(4);
  });

  it('says so when a step names an exchange or a frame the result does not hold', () => {
    const gap: CheckResult = { ...modelFailure, history: { ...modelFailure.history!, steps: [{ n: 1, action: 'A reads', exchanges: [9], frames: [4] }] } };
    const text = renderHtml({ ...report, results: [gap] });
    expect(text).toContain('(exchange #10 is not in the report)');
    expect(text).toContain('(1 frame not in the report)');
  });
});

describe('bodies in the HTML report', () => {
  it('are cut as the JSON report cuts them', () => {
    const long = 'x'.repeat(70 * 1024);
    const out = renderHtml({ ...report, results: [{ ...mustFailure, exchanges: [exchange({ body: '{}' }, { contentType: 'text/plain', body: long })], failedExchange: 0 }] });
    expect(out).toContain(escaped(cutBody(long)));
    expect(out).toContain('…[cut: 71,680 bytes in all, the first 65,536 shown]');
    expect(out).not.toContain(long);
  });

  it('are re-indented when JSON, every token as written (big numbers, escapes, empty containers)', () => {
    expect(prettyJson('{"n":12345678901234567890,"s":"a,b:{\\"c\\"}","e":{},"l":[ ],"x":[1,\n2]}')).toBe(
      '{\n  "n": 12345678901234567890,\n  "s": "a,b:{\\"c\\"}",\n  "e": {},\n  "l": [],\n  "x": [\n    1,\n    2\n  ]\n}',
    );
    expect(prettyJson('{"unterminated": ')).toBeUndefined();
    expect(prettyJson('not json')).toBeUndefined();
  });
});
