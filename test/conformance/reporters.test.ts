import { describe, expect, it } from 'vitest';
import { curlFor } from '../../src/conformance/reporters/curl.js';
import { render } from '../../src/conformance/reporters/index.js';
import { jsonBodyLimit, renderJson, type JsonCheckResult } from '../../src/conformance/reporters/json.js';
import { renderJunit } from '../../src/conformance/reporters/junit.js';
import { renderPretty, renderProgress, verdictLine } from '../../src/conformance/reporters/pretty.js';
import { sectionOrder } from '../../src/conformance/reporters/sections.js';
import { sectionTitles } from '../../src/conformance/types.js';
import type { CheckResult, Exchange, RunReport } from '../../src/conformance/types.js';
import { graphqlUrl, ansi, exchange, pageQuery, passed, laterPage, mustFailure, shouldFailure, skipped, report, bashArgs } from './support/report-fixtures.js';

describe('sectionOrder', () => {
  it('lists every section of sectionTitles once', () => {
    expect([...sectionOrder].sort()).toEqual(Object.keys(sectionTitles).sort());
  });
});

describe('curlFor', () => {
  it('writes method, URL, headers (the token as a shell variable) and body as one continued command', () => {
    const line = curlFor(exchange({ body: '{"query":"{ me { id } }"}', auth: 'TOKEN_A' }, { body: '' }));
    expect(line).toBe(
      `curl -i 'http://127.0.0.1:4000/graphql' \\\n  -H 'content-type: application/json' \\\n  -H "authorization: Bearer $TOKEN_A" \\\n  --data-raw '{"query":"{ me { id } }"}'`,
    );
  });

  it('quotes single quotes, $, backticks, ! and newlines so bash passes the body unchanged', () => {
    const body = JSON.stringify({ query: 'mutation { sendMessage(content: "it\'s $5 `now`!\nok \\\\ \\"") { id } }' });
    const line = curlFor(exchange({ body, auth: 'TOKEN_A' }, { body: '' }));
    expect(bashArgs(line)).toEqual(['-i', graphqlUrl, '-H', 'content-type: application/json', '-H', 'authorization: Bearer secret-a', '--data-raw', body]);
  });

  it('keeps the token a variable even when the rest of the header needs single quotes', () => {
    const hostile: Exchange = { ...exchange({}, { body: '' }), request: { method: 'GET', url: `${graphqlUrl}?query=%7B%20me%20%7D&x='y'`, headers: { authorization: 'Bearer $TOKEN_A"$x!' } } };
    const line = curlFor(hostile);
    expect(line).toBe(`curl -i 'http://127.0.0.1:4000/graphql?query=%7B%20me%20%7D&x='\\''y'\\''' \\\n  -H 'authorization: Bearer '"$TOKEN_A"'"$x!'`);
    expect(bashArgs(line)).toEqual(['-i', `${graphqlUrl}?query=%7B%20me%20%7D&x='y'`, '-H', 'authorization: Bearer secret-a"$x!']);
  });

  it('says the method only where curl would not infer it, and leaves out headers curl computes', () => {
    const put: Exchange = { ...exchange({}, { body: '' }), request: { method: 'PUT', url: 'http://127.0.0.1:4000/uploads/u1', headers: { 'Content-Length': '3', Host: 'x' }, body: 'abc' } };
    expect(curlFor(put)).toBe(`curl -i -X PUT 'http://127.0.0.1:4000/uploads/u1' \\\n  --data-raw 'abc'`);
    const emptyPost: Exchange = { ...exchange({}, { body: '' }), request: { method: 'POST', url: graphqlUrl, headers: {} } };
    expect(curlFor(emptyPost)).toBe(`curl -i -X POST 'http://127.0.0.1:4000/graphql'`);
  });
});

describe('renderPretty', () => {
  const text = renderPretty(report, { color: false });

  it('renders groups in section order, one line per check, then failures, notes, summary and verdict', () => {
    expect(text).toMatchInlineSnapshot(`
      "Parley conformance  http://127.0.0.1:4000/graphql  started 2025-01-02T03:04:05.678Z

      2.1 Message resources
        ✓ fields.message.sequence        MUST    sequence is a positive integer  7 ms

      4.1 Query messages
        ✓ messages.order.ascending       MUST    nodes are in ascending sequence order within each page  12 ms
        ✗ messages.first.limit           MUST    a page holds at most \`first\` nodes  42 ms

      5 Authentication
        - auth.refresh.rotates           MUST    refreshing rotates the refresh token  0 ms  skipped: needs a refresh token for actor A (give one in the credentials file)

      7 Errors
        ! errors.unauthenticated.status  SHOULD  UNAUTHENTICATED comes with HTTP 200 or 401  3 ms
        ✓ errors.bad-cursor.code         MUST    a malformed cursor is BAD_USER_INPUT  5 ms

      Failures (MUST)

        ✗ messages.first.limit  4.1 rule 2
          case:     first 2
          reason:   the page held 3 nodes for first: 2
          expected: at most 2 nodes
          sent:     POST http://127.0.0.1:4000/graphql  (exchange 2 of 3)
                    query: query Page($id: ID!, $first: Int) { messages(conversationId: $id, first: $first) { nodes { id sequence } } }
                    variables: {"id":"c_general","first":2,"note":"it's"}
          got:      200 application/json (data present)
                    {"data":{"messages":{"nodes":[{"id":"m1","sequence":1},{"id":"m2","sequence":2},{"id":"m3","sequence":3}]}}}
          curl:     curl -i 'http://127.0.0.1:4000/graphql' \\
                      -H 'content-type: application/json' \\
                      -H "authorization: Bearer $TOKEN_A" \\
                      --data-raw '{"query":"query Page($id: ID!, $first: Int) {\\n  messages(conversationId: $id, first: $first) {\\n    nodes { id sequence }\\n  }\\n}","variables":{"id":"c_general","first":2,"note":"it'\\''s"}}'

      Warnings (SHOULD)

        ! errors.unauthenticated.status  7 row 1
          reason:   the status was 500
          expected: HTTP 200 or 401
          sent:     POST http://127.0.0.1:4000/graphql
                    query: { me { id } }
          got:      500 application/json (data absent; errors: UNAUTHENTICATED at me)
                    {"errors":[{"message":"no token","path":["me"],"extensions":{"code":"UNAUTHENTICATED"}}],"data":null}
          curl:     curl -i 'http://127.0.0.1:4000/graphql' \\
                      -H 'content-type: application/json' \\
                      --data-raw '{"query":"{ me { id } }"}'

      Notes
        - Actor C was registered fresh.
        - Uploads work; attachment checks ran.

      6 checks: 3 passed, 2 failed (1 MUST, 1 SHOULD), 1 skipped in 1.9 s
      FAIL: 1 MUST check failed; http://127.0.0.1:4000/graphql does not conform."
    `);
  });

  it('groups by section in the order of sectionTitles, with a mark per outcome and level', () => {
    const headings = ['2.1 Message resources', '4.1 Query messages', '5 Authentication', '7 Errors'].map((title) => text.indexOf(`\n${title}\n`));
    expect(headings.every((index) => index > 0)).toBe(true);
    expect([...headings].sort((x, y) => x - y)).toEqual(headings);
    expect(text).toMatch(/^ {2}✓ messages\.order\.ascending +MUST {4}nodes are in ascending/m);
    expect(text).toMatch(/^ {2}✗ messages\.first\.limit +MUST/m);
    expect(text).toMatch(/^ {2}! errors\.unauthenticated\.status +SHOULD/m);
    expect(text).toMatch(/^ {2}- auth\.refresh\.rotates +MUST .*skipped: needs a refresh token/m);
  });

  it('shows the evidence of the exchange the failure names, not the last: case, sent, got, expected and a curl line', () => {
    const block = text.slice(text.indexOf('Failures (MUST)'), text.indexOf('Warnings (SHOULD)'));
    expect(block).toContain('messages.first.limit  4.1 rule 2');
    expect(block).toContain('case:     first 2');
    expect(block).toContain('reason:   the page held 3 nodes for first: 2');
    expect(block).toContain('expected: at most 2 nodes');
    expect(block).toContain('sent:     POST http://127.0.0.1:4000/graphql  (exchange 2 of 3)');
    expect(block).not.toContain('first: 1)');
    expect(block).not.toContain('[{"id":"m3"}]');
    expect(block).toContain('query: query Page($id: ID!, $first: Int) { messages(conversationId: $id, first: $first) { nodes { id sequence } } }');
    expect(block).toContain('got:      200 application/json (data present)');
    expect(block).toContain('"sequence":3');
    expect(block).toContain(`curl:     curl -i 'http://127.0.0.1:4000/graphql' \\`);
    expect(block).toContain(`--data-raw '${pageQuery.replaceAll("'", `'\\''`)}'`);
    expect(text.indexOf('Failures (MUST)')).toBeLessThan(text.indexOf('Warnings (SHOULD)'));
    expect(text).toContain('got:      500 application/json (data absent; errors: UNAUTHENTICATED at me)');
  });

  it('ends with the summary counts and the verdict', () => {
    const [summary, verdict] = text.split('\n').slice(-2);
    expect(summary).toBe('6 checks: 3 passed, 2 failed (1 MUST, 1 SHOULD), 1 skipped in 1.9 s');
    expect(verdict).toBe('FAIL: 1 MUST check failed; http://127.0.0.1:4000/graphql does not conform.');
  });

  it('uses ANSI codes only when color is on', () => {
    expect(text).not.toMatch(ansi);
    const colored = renderPretty(report, { color: true });
    expect(colored).toMatch(ansi);
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(text);
  });

  it('never passes the server\'s control characters to the terminal, and cuts long bodies', () => {
    const hostile: CheckResult = { ...mustFailure, exchanges: [exchange({ body: '{}' }, { contentType: 'text/html', body: `\u001b[2J\u001b[8mhidden\u202e${'x'.repeat(3000)}` })] };
    const out = renderPretty({ ...report, results: [hostile] }, { color: false });
    expect(out).not.toMatch(/[\u001b\u202e]/);
    expect(out).toContain('\\u001b[2J\\u001b[8mhidden\\u202e');
    expect(out).toMatch(/x… \(1,\d{3} more characters\)/);
  });

  it('gives a verdict that agrees with the exit code', () => {
    const warnOnly: RunReport = { ...report, results: [shouldFailure], summary: { passed: 0, failed: 1, skipped: 0, mustFailed: 0, shouldFailed: 1, mustNotRun: 0 } };
    expect(verdictLine(warnOnly, { color: false })).toBe('PASS with 1 warning: every MUST check passed; 1 SHOULD check failed.');
    expect(verdictLine(warnOnly, { color: false, failOn: 'should' })).toBe('FAIL (--fail-on should): every MUST check passed, but 1 SHOULD check failed.');
    const clean: RunReport = { ...report, results: [], summary: { passed: 5, failed: 0, skipped: 1, mustFailed: 0, shouldFailed: 0, mustNotRun: 0 } };
    expect(verdictLine(clean, { color: false })).toBe('PASS: every MUST check passed (1 skipped).');
    const notRun: RunReport = { ...report, results: [skipped], summary: { passed: 5, failed: 0, skipped: 1, mustFailed: 0, shouldFailed: 0, mustNotRun: 1 } };
    expect(verdictLine(notRun, { color: false })).toBe('NOT RUN: 1 MUST check could not run (see "Could not run"); every MUST check that ran passed, but the suite does not pass what it did not test.');
    const failedAndNotRun: RunReport = { ...report, summary: { ...report.summary, mustNotRun: 2 } };
    expect(verdictLine(failedAndNotRun, { color: false })).toBe('FAIL: 1 MUST check failed; http://127.0.0.1:4000/graphql does not conform; 2 MUST checks could not run.');
  });
});

describe('renderProgress', () => {
  it('is one line: counter, mark and id', () => {
    expect(renderProgress(report.results[0]!, 12, 62, false)).toBe('[12/62] ✓ messages.order.ascending');
    expect(renderProgress(mustFailure, 3, 62, false)).toBe('[ 3/62] ✗ messages.first.limit');
    expect(renderProgress(shouldFailure, 3, 62, true)).toMatch(ansi);
  });
});

describe('renderJson', () => {
  it('parses back to the report, with the evidence of every exchange and a curl line for failures', () => {
    const parsed = JSON.parse(renderJson(report)) as Omit<RunReport, 'results'> & { results: JsonCheckResult[] };
    const failedOn = (result: CheckResult) => result.exchanges[result.failedExchange ?? result.exchanges.length - 1]!;
    expect(parsed).toEqual({ ...report, results: report.results.map((result) => (result.outcome === 'failed' ? { ...result, curl: curlFor(failedOn(result)) } : result)) });
    const failure = parsed.results.find((result) => result.id === mustFailure.id)!;
    expect(failure).toMatchObject({ case: 'first 2', failedExchange: 1 });
    expect(failure.exchanges).toHaveLength(3);
    expect(failure.curl).toBe(curlFor(mustFailure.exchanges[1]!));
    expect(failure.curl).not.toBe(curlFor(laterPage));
    const evidence = parsed.results.find((result) => result.id === shouldFailure.id)!.exchanges[0]!;
    expect(evidence.request).toEqual(shouldFailure.exchanges[0]!.request);
    expect(evidence.response).toMatchObject({ status: 500, contentType: 'application/json', dataPresent: false, errorCodes: ['UNAUTHENTICATED'], errorPaths: [['me']] });
    expect(evidence.response.body).toContain('"no token"');
    expect(renderJson(report)).toContain('\n  "graphqlUrl": ');
  });

  it('cuts bodies over 64 KiB with a marker, on a character boundary', () => {
    const big = `${'é'.repeat(jsonBodyLimit)}`;
    const result: CheckResult = { ...passed('x', '8', 'big', 1), exchanges: [exchange({ body: '{}' }, { body: big })] };
    const parsed = JSON.parse(renderJson({ ...report, results: [result] })) as RunReport;
    const body = parsed.results[0]!.exchanges[0]!.response.body;
    expect(body).toMatch(/^é+\n…\[cut: 131,072 bytes in all, the first 65,536 shown\]$/);
    expect(body).not.toContain('\uFFFD');
  });
});

/** A tiny well-formedness check: CDATA removed, every tag closes in order. */
function assertBalanced(xml: string): void {
  const stack: string[] = [];
  const body = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/^<\?xml[^>]*\?>/, '');
  for (const [, closing, name, , selfClosing] of body.matchAll(/<(\/?)([\w-]+)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else expect(stack.pop()).toBe(name);
  }
  expect(stack).toEqual([]);
  expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
}

describe('renderJunit', () => {
  const xml = renderJunit(report);

  it('has one testsuite per section present, in section order, and one testcase per result', () => {
    assertBalanced(xml);
    expect([...xml.matchAll(/<testsuite name="([^"]+)"/g)].map((match) => match[1])).toEqual(['2.1 Message resources', '4.1 Query messages', '5 Authentication', '7 Errors']);
    expect(xml.match(/<testcase /g)).toHaveLength(report.results.length);
    expect(xml).toMatch(/<testsuites name="Parley conformance: http:\/\/127.0.0.1:4000\/graphql" tests="6" failures="1" errors="0" skipped="1">/);
    expect(xml).toContain('<testcase classname="4.1 Query messages" name="messages.first.limit: a page holds at most `first` nodes" time="0.042">');
  });

  it('makes the MUST failure a <failure> with the reason and the evidence, the SHOULD failure a pass with a warning, the skip <skipped/>', () => {
    const testcase = (id: string) => new RegExp(`<testcase [^>]*name="${id.replaceAll('.', '\\.')}:[\\s\\S]*?</testcase>`).exec(xml)?.[0] ?? '';
    const must = testcase(mustFailure.id);
    expect(must).toContain('<failure message="first 2: the page held 3 nodes for first: 2" type="MUST">');
    expect(must).toContain('case:     first 2');
    expect(must).toContain('(exchange 2 of 3)');
    expect(must).toMatch(/<!\[CDATA\[MUST 4\.1 rule 2\n[\s\S]*expected: at most 2 nodes[\s\S]*sent: {5}POST[\s\S]*got: {6}200[\s\S]*curl: {5}curl -i/);
    const should = testcase(shouldFailure.id);
    expect(should).not.toContain('<failure');
    expect(should).toMatch(/<system-out><!\[CDATA\[WARNING: this SHOULD check failed[\s\S]*got: {6}500/);
    const skip = testcase(skipped.id);
    expect(skip).toContain('<skipped/>');
    expect(skip).toContain('skipped (could not run): needs a refresh token');
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toMatch(/<testsuite name="4\.1 Query messages" timestamp="2025-01-02T03:04:05" time="0\.054" tests="2" failures="1"/);
  });

  it('stays well-formed whatever the server sent (several ]]>, control characters)', () => {
    const hostile: CheckResult = { ...mustFailure, exchanges: [exchange({ body: '{}' }, { contentType: 'text/plain', body: 'a]]>b]]>c\u0000\u001b' })] };
    const out = renderJunit({ ...report, results: [hostile] });
    assertBalanced(out);
    expect(out).toContain('a]] >b]] >c\\u0000\\u001b');
  });
});

describe('a failure that names no exchange', () => {
  const { case: _case, failedExchange: _named, ...unnamed } = mustFailure;
  const alone: RunReport = { ...report, results: [unnamed], summary: { passed: 0, failed: 1, skipped: 0, mustFailed: 1, shouldFailed: 0, mustNotRun: 0 } };

  it('shows the last exchange and says it is only the last, with no case line', () => {
    const text = renderPretty(alone, { color: false });
    expect(text).toContain('sent:     POST http://127.0.0.1:4000/graphql  (the last of 3 exchanges: the failure does not say which one it was read from)');
    expect(text).toContain('[{"id":"m3"}]');
    expect(text).not.toContain('case:');
    expect(text).not.toMatch(/\(exchange \d+ of \d+\)/);
  });

  it('gives the last exchange\'s curl line in JSON, and a failedExchange outside the list counts as none', () => {
    const json = (result: CheckResult) => (JSON.parse(renderJson({ ...alone, results: [result] })) as { results: { curl?: string }[] }).results[0]!.curl;
    expect(json(unnamed)).toBe(curlFor(laterPage));
    expect(json({ ...unnamed, failedExchange: 7 })).toBe(curlFor(laterPage));
    expect(renderPretty({ ...alone, results: [{ ...unnamed, failedExchange: 7 }] }, { color: false })).toContain('(the last of 3 exchanges');
  });
});

describe('render', () => {
  it('dispatches on the reporter name', () => {
    expect(render('pretty', report, { color: false })).toBe(renderPretty(report, { color: false }));
    expect(render('json', report, { color: true })).toBe(renderJson(report));
    expect(render('junit', report, { color: true })).toBe(renderJunit(report));
  });
});
