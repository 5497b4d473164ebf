import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/conformance/reporters/json.js';
import { renderJunit } from '../../src/conformance/reporters/junit.js';
import { renderPretty } from '../../src/conformance/reporters/pretty.js';
import type { CheckResult, RunReport } from '../../src/conformance/types.js';
import { exchange, mustFailure, report } from './support/report-fixtures.js';

describe('realtime evidence', () => {
  const frames = Array.from({ length: 14 }, (_, i) => ({
    atMs: i * 10,
    actor: i % 2 === 0 ? 'B' : 'A',
    direction: (i === 13 ? 'closed' : i % 2 === 0 ? 'received' : 'sent') as 'received' | 'sent' | 'closed',
    text: i === 13 ? '4401 Unauthorized' : JSON.stringify({ id: 'b-1', type: 'next', payload: { data: { messageCreated: { id: `m${i}`, content: 'x'.repeat(i === 12 ? 400 : 1) } } } }),
  }));
  const realtimeFailure: CheckResult = {
    id: 'events.no-replay',
    section: '6',
    specRef: '6 no replay',
    level: 'MUST',
    title: 'subscribing replays no stored message',
    outcome: 'failed',
    reason: 'before anything new was sent, B received 3 event(s)',
    expected: 'no messageCreated event for a stored message',
    exchanges: [exchange({ body: '{"query":"mutation { sendMessage }"}', auth: 'TOKEN_A' }, { body: '{"data":{"sendMessage":{"id":"m9"}}}' })],
    frames,
    durationMs: 450,
  };
  const realtimeReport: RunReport = { ...report, results: [realtimeFailure], summary: { passed: 0, failed: 1, skipped: 0, mustFailed: 1, shouldFailed: 0, mustNotRun: 0 } };

  it('shows the last frames of a failed realtime check, each cut, with who and which way; they are its evidence, not its last HTTP request', () => {
    const text = renderPretty(realtimeReport, { color: false });
    const lines = text.split('\n');
    const start = lines.findIndex((line) => line.includes('frames:'));
    expect(start).toBeGreaterThan(-1);
    expect(lines[start]).toContain('(last 12 of 14 frames; the JSON report holds them all)');
    expect(lines[start + 1]).toMatch(/^\s+\+20 ms B <- \{"id":"b-1","type":"next"/);
    expect(lines[start + 2]).toMatch(/^\s+\+30 ms A -> /);
    expect(lines.find((line) => line.includes('+120 ms'))).toMatch(/… \(\d+ more characters\)$/);
    expect(lines[start + 12]).toMatch(/^\s+\+130 ms A x  4401 Unauthorized$/);
    // The send that worked is not what failed: no sent/got/curl of it, in pretty or JSON.
    expect(text).not.toContain('curl:');
    expect(text).not.toContain('(no HTTP exchange recorded)');
    expect((JSON.parse(renderJson(realtimeReport)) as { results: { curl?: string }[] }).results[0]!.curl).toBeUndefined();
  });

  it('shows the HTTP exchange a realtime failure names, after its frames', () => {
    const named: RunReport = { ...realtimeReport, results: [{ ...realtimeFailure, failedExchange: 0 }] };
    const text = renderPretty(named, { color: false });
    expect(text.indexOf('frames:')).toBeGreaterThan(-1);
    expect(text.indexOf('frames:')).toBeLessThan(text.indexOf('curl:'));
  });

  it('keeps every frame in the JSON report', () => {
    const json = JSON.parse(renderJson(realtimeReport)) as { results: { frames: unknown[] }[] };
    expect(json.results[0]!.frames).toHaveLength(14);
  });
});

describe('actors and token lines', () => {
  const refresh: CheckResult = {
    ...mustFailure,
    id: 'auth.refresh-token',
    exchanges: [exchange({ body: '{"query":"mutation R($t: String!) { refreshToken(refreshToken: $t) { accessToken } }","variables":{"t":"$REFRESH_TOKEN_A"}}', auth: 'TOKEN_A' }, { body: '{"data":{"refreshToken":{"accessToken":"$TOKEN_A_REFRESHED"}}}' })],
  };
  const asB: CheckResult = { ...mustFailure, id: 'messages.as-b', exchanges: [exchange({ body: '{"query":"{ me { id } }"}', auth: 'TOKEN_B' }, { body: '{}' })] };
  const refreshed: CheckResult = { ...mustFailure, id: 'auth.refreshed', exchanges: [exchange({ body: '{"query":"{ me { id } }"}', auth: 'TOKEN_A_REFRESHED' }, { body: '{}' })] };
  const withActors: RunReport = {
    ...report,
    results: [refresh, asB, refreshed],
    summary: { passed: 0, failed: 3, skipped: 0, mustFailed: 3, shouldFailed: 0, mustNotRun: 0 },
    actors: [
      { name: 'A', id: 'u_a', account: { kind: 'registered', email: 'parley-1a@example.com', password: 'Pw-throwaway' }, obtain: { TOKEN_A: 'export TOKEN_A="$(curl login A)"', REFRESH_TOKEN_A: 'export REFRESH_TOKEN_A="$(curl login A refresh)"' } },
      { name: 'B', id: 'u_b', account: { kind: 'credentials', file: 'creds.json', index: 1 }, obtain: { TOKEN_B: 'export TOKEN_B="$(npx parley conformance token --actor B)"' } },
    ],
    redactions: [{ marker: '$TOKEN_A_REFRESHED', meaning: 'the access token auth.refresh-token obtained' }],
  };

  it('pretty: an Actors block (a registered account with its login, a credentials entry by its place), and token: lines under curl:', () => {
    const text = renderPretty(withActors, { color: false });
    expect(text.slice(text.indexOf('Actors'), text.indexOf('Failures (MUST)'))).toBe(
      'Actors\n  A  u_a  registered by this run: parley-1a@example.com, password Pw-throwaway\n  B  u_b  accounts[1] of creds.json\n\n',
    );
    expect(text).toContain(`--data-raw '{"query":"mutation R($t: String!) { refreshToken(refreshToken: $t) { accessToken } }","variables":{"t":"'"$REFRESH_TOKEN_A"'"}}'\n    token:    export TOKEN_A="$(curl login A)"\n              export REFRESH_TOKEN_A="$(curl login A refresh)"\n`);
    expect(text).toContain('\n    token:    export TOKEN_B="$(npx parley conformance token --actor B)"\n');
    expect(text).toContain('\n    token:    # TOKEN_A_REFRESHED: the access token auth.refresh-token obtained\n');
    expect(renderPretty(report, { color: false })).not.toMatch(/\nActors\n|token: /);
  });

  it('JUnit: the token: lines in the failure body; JSON: the actors, and each failure\'s lines in token next to curl', () => {
    const xml = renderJunit(withActors);
    expect(xml).toMatch(/curl: {5}curl -i [^\]]*\n +--data-raw [^\n]*\ntoken: {4}export TOKEN_A="\$\(curl login A\)"\n {10}export REFRESH_TOKEN_A=/);
    const json = JSON.parse(renderJson(withActors)) as Omit<RunReport, 'results'> & { results: { token?: string[] }[] };
    expect(json.actors).toEqual(withActors.actors);
    expect(json.results.map((result) => result.token)).toEqual([
      ['export TOKEN_A="$(curl login A)"', 'export REFRESH_TOKEN_A="$(curl login A refresh)"'],
      ['export TOKEN_B="$(npx parley conformance token --actor B)"'],
      ['# TOKEN_A_REFRESHED: the access token auth.refresh-token obtained'],
    ]);
  });
});
