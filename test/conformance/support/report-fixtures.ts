import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import type { CheckResult, Exchange, RunReport } from '../../../src/conformance/types.js';

/** The reports the reporter tests render: a MUST failure over three exchanges, a SHOULD failure, a skip, passes. */
export const graphqlUrl = 'http://127.0.0.1:4000/graphql';
export const ansi = /\u001b\[/;

export function exchange(request: { body?: string; auth?: string }, response: Partial<Exchange['response']> & { body: string }): Exchange {
  return {
    request: {
      method: 'POST',
      url: graphqlUrl,
      headers: { 'content-type': 'application/json', ...(request.auth ? { authorization: `Bearer $${request.auth}` } : {}) },
      ...(request.body !== undefined ? { body: request.body } : {}),
    },
    response: { status: 200, contentType: 'application/json', dataPresent: true, errorCodes: [], errorPaths: [], ...response },
    durationMs: 4,
  };
}

export const pageQuery = JSON.stringify({
  query: 'query Page($id: ID!, $first: Int) {\n  messages(conversationId: $id, first: $first) {\n    nodes { id sequence }\n  }\n}',
  variables: { id: 'c_general', first: 2, note: "it's" },
});

export const passed = (id: string, section: CheckResult['section'], title: string, durationMs: number): CheckResult => ({
  id,
  section,
  specRef: `${section} rule 1`,
  level: 'MUST',
  title,
  outcome: 'passed',
  exchanges: [exchange({ body: '{"query":"{ me { id } }"}', auth: 'TOKEN_A' }, { body: '{"data":{"me":{"id":"u_1"}}}' })],
  durationMs,
});

/** A page that kept the rule, sent after the one that broke it: the report must not show it. */
export const laterPage = exchange({ body: JSON.stringify({ query: 'query Page($id: ID!) { messages(conversationId: $id, first: 1) { nodes { id } } }', variables: { id: 'c_general' } }), auth: 'TOKEN_A' }, { body: '{"data":{"messages":{"nodes":[{"id":"m3"}]}}}' });

export const mustFailure: CheckResult = {
  id: 'messages.first.limit',
  section: '4.1',
  specRef: '4.1 rule 2',
  level: 'MUST',
  title: 'a page holds at most `first` nodes',
  outcome: 'failed',
  case: 'first 2',
  reason: 'the page held 3 nodes for first: 2',
  expected: 'at most 2 nodes',
  exchanges: [
    exchange({ body: '{"query":"{ me { id } }"}', auth: 'TOKEN_A' }, { body: '{"data":{"me":{"id":"u_1"}}}' }),
    exchange({ body: pageQuery, auth: 'TOKEN_A' }, { body: '{"data":{"messages":{"nodes":[{"id":"m1","sequence":1},{"id":"m2","sequence":2},{"id":"m3","sequence":3}]}}}' }),
    laterPage,
  ],
  failedExchange: 1,
  durationMs: 41.6,
};

export const shouldFailure: CheckResult = {
  id: 'errors.unauthenticated.status',
  section: '7',
  specRef: '7 row 1',
  level: 'SHOULD',
  title: 'UNAUTHENTICATED comes with HTTP 200 or 401',
  outcome: 'failed',
  reason: 'the status was 500',
  expected: 'HTTP 200 or 401',
  exchanges: [
    exchange(
      { body: '{"query":"{ me { id } }"}' },
      { status: 500, body: '{"errors":[{"message":"no token","path":["me"],"extensions":{"code":"UNAUTHENTICATED"}}],"data":null}', dataPresent: false, errorCodes: ['UNAUTHENTICATED'], errorPaths: [['me']] },
    ),
  ],
  durationMs: 3,
};

export const skipped: CheckResult = {
  id: 'auth.refresh.rotates',
  section: '5',
  specRef: '5 rule 3',
  level: 'MUST',
  title: 'refreshing rotates the refresh token',
  outcome: 'skipped',
  reason: 'needs a refresh token for actor A (give one in the credentials file)',
  exchanges: [],
  durationMs: 0,
};

export const report: RunReport = {
  baseUrl: 'http://127.0.0.1:4000',
  graphqlUrl,
  wsUrl: 'ws://127.0.0.1:4000/graphql',
  startedAt: '2025-01-02T03:04:05.678Z',
  durationMs: 1930,
  notes: ['Actor C was registered fresh.', 'Uploads work; attachment checks ran.'],
  // Not in section order, as a concurrent runner might deliver them: the reporters sort by section.
  results: [
    passed('messages.order.ascending', '4.1', 'nodes are in ascending sequence order within each page', 12),
    mustFailure,
    passed('fields.message.sequence', '2.1', 'sequence is a positive integer', 7),
    skipped,
    shouldFailure,
    passed('errors.bad-cursor.code', '7', 'a malformed cursor is BAD_USER_INPUT', 5),
  ],
  skips: [],
  summary: { passed: 3, failed: 2, skipped: 1, mustFailed: 1, shouldFailed: 1, mustNotRun: 0 },
};

/** The arguments bash passes to `curl` for the line, with `$TOKEN_A` set to `secret-a`. */
export function bashArgs(line: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\nTOKEN_A=secret-a\n${line}`;
  const result = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split('\0').slice(0, -1);
}

/** A model check's failure: a shrunk history of four steps, the last breaking a rule, with a socket frame. */
export const modelFailure: CheckResult = {
  id: 'model.messages',
  section: '4.1',
  specRef: '4.1 rule 2',
  level: 'MUST',
  title: 'random histories of sends, edits and reads keep the rules of `messages`',
  outcome: 'failed',
  reason: 'the page held 3 nodes for first: 2',
  expected: 'at most 2 nodes',
  exchanges: [
    exchange({ body: JSON.stringify({ query: 'mutation S($i: SendMessageInput!) { sendMessage(input: $i) { id sequence } }', variables: { i: { conversationId: 'c_x', content: 'hello' } } }), auth: 'TOKEN_A' }, { body: '{"data":{"sendMessage":{"id":"m1","sequence":1}}}' }),
    exchange({ body: JSON.stringify({ query: 'mutation S($i: SendMessageInput!) { sendMessage(input: $i) { id sequence } }', variables: { i: { conversationId: 'c_x', content: 'é' } } }), auth: 'TOKEN_B' }, { body: '{"data":{"sendMessage":{"id":"m2","sequence":2}}}' }),
    exchange({ body: JSON.stringify({ query: 'mutation E($id: ID!, $c: String!) { editMessage(messageId: $id, content: $c) { id } }', variables: { id: 'm1', c: 'hello again' } }), auth: 'TOKEN_A' }, { body: '{"data":{"editMessage":{"id":"m1"}}}' }),
    exchange({ body: pageQuery, auth: 'TOKEN_A' }, { body: '{"data":{"messages":{"nodes":[{"id":"m1","sequence":1},{"id":"m2","sequence":2},{"id":"m3","sequence":3}]}}}' }),
  ],
  failedExchange: 3,
  frames: [{ atMs: 12, actor: 'B', direction: 'received', text: '{"id":"b-1","type":"next","payload":{"data":{"messageCreated":{"id":"m2"}}}}' }],
  history: {
    check: 'model.messages',
    seed: 1234567,
    runs: 37,
    shrunkFrom: 11,
    commands: [
      { kind: 'send', as: 'A', in: 'X', content: 'hello', clientMessageId: 'c1' },
      { kind: 'send', as: 'B', in: 'X', content: 'é', clientMessageId: 'c2' },
      { kind: 'edit', as: 'A', in: 'X', target: { pick: 0 }, content: 'hello again' },
      { kind: 'messages', as: 'A', in: 'X', first: 2 },
    ],
    replay: ['parley conformance run --base-url "$BASE_URL" --only model.messages --seed 1234567 --runs 37', 'parley conformance run --base-url "$BASE_URL" --replay report.json   # the JSON report of this run (--reporter json --output report.json)'],
    steps: [
      { n: 1, action: 'A sends "hello" to X', exchanges: [0] },
      { n: 2, action: 'B sends "é" to X', exchanges: [1], frames: [0] },
      { n: 3, action: 'A edits step 1\'s message to "hello again"', exchanges: [2] },
      { n: 4, action: 'A reads messages(X, first: 2)', exchanges: [3], broke: { rule: 'messages.first.limit', specRef: '4.1 rule 2', reason: 'the page held 3 nodes for first: 2', expected: 'at most 2 nodes' } },
    ],
  },
  durationMs: 830,
};

/** A model check that passed: its seed and the histories it played, no steps. */
export const modelPass: CheckResult = {
  id: 'model.since',
  section: '4.2',
  specRef: '4.2 rule 1',
  level: 'MUST',
  title: 'random histories keep the rules of `messagesSince`',
  outcome: 'passed',
  exchanges: [],
  history: { check: 'model.since', seed: 7654321, runs: 50, replay: ['parley conformance run --base-url "$BASE_URL" --only model.since --seed 7654321 --runs 50'], steps: [] },
  durationMs: 2100,
};
