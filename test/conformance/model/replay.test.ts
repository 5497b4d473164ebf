import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseReplay } from '../../../src/cli/replay-file.js';
import { renderJson } from '../../../src/conformance/reporters/index.js';
import { runConformance } from '../../../src/conformance/run.js';
import type { CheckResult } from '../../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { messageQueriesIn } from '../support/fault.js';
import { startProxy, type ProxyHooks, type RunningProxy } from '../support/proxy.js';
import { withNodes } from '../support/response.js';
import { RUN_TIMEOUT } from '../support/runs.js';

/**
 * A failure of a model check is evidence a server developer can act on: the shortest history that
 * still fails, step by step, and two ways to play it again (the seed, and the saved history).
 */

/** Stores text as NFC: a decomposed é comes back composed. */
const normalizes: ProxyHooks = {
  response: (response, call) => messageQueriesIn(call.fields).reduce((r, field) => withNodes(r, field, (node) => (typeof node['content'] === 'string' ? { ...node, content: node['content'].normalize('NFC') } : node)), response),
};

let upstream: RunningMockServer;
let proxy: RunningProxy;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, empty: true });
  proxy = await startProxy({ upstream: upstream.origin, hooks: normalizes });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

const failed = (results: readonly CheckResult[]) => results.find((r) => r.id === 'model.messages' && r.outcome === 'failed');

it('shrinks a failure to a short history, and both its seed and the saved history play it again', async () => {
  const first = await runConformance({ baseUrl: proxy.origin, only: ['model.messages'], seed: 7 });
  const result = failed(first.results);
  expect(result, JSON.stringify(first.summary)).toBeDefined();
  const history = result!.history!;
  // Set up, send the text, read it back, and little else: a few steps show the fault.
  expect(history.steps.length, history.steps.map((s) => `${s.n}. ${s.action}`).join('\n')).toBeLessThanOrEqual(6);
  expect(history.steps.at(-1)!.broke?.rule).toBe('stored-as-sent');
  expect(result!.reason).toContain('stored-as-sent');
  expect(history.shrunkFrom).toBeGreaterThan(history.commands!.length);
  // Each step names its exchanges, and the failure names the read it was read from.
  expect(history.steps.flatMap((s) => s.exchanges).sort((a, b) => a - b)).toEqual(result!.exchanges.map((_, i) => i));
  expect(history.steps.at(-1)!.exchanges).toContain(result!.failedExchange);
  expect(result!.exchanges[result!.failedExchange!]!.request.body).toContain('messages(');
  expect(history.replay.join('\n')).toContain('--seed 7');

  const again = await runConformance({ baseUrl: proxy.origin, only: ['model.messages'], seed: 7 });
  expect(failed(again.results)!.history!.commands).toEqual(history.commands);

  // The JSON report gives every step the curl lines of its exchanges, tokens as their markers.
  const json = JSON.parse(renderJson(first)) as { results: { id: string; history?: { steps: { curl?: string[] }[] } }[] };
  const steps = json.results.find((r) => r.id === 'model.messages')!.history!.steps;
  expect(steps.at(-1)!.curl!.at(-1)).toMatch(/^curl .*Bearer \$TOKEN_[AB]/s);
  const replay = parseReplay(renderJson(first), 'report.json');
  expect([...replay.keys()]).toEqual(['model.messages']);
  const replayed = await runConformance({ baseUrl: proxy.origin, only: ['model.messages'], replay });
  const played = failed(replayed.results)!;
  expect(played.history!.runs).toBe(1);
  expect(played.history!.steps.map((s) => s.broke?.rule ?? null)).toEqual(history.steps.map((s) => s.broke?.rule ?? null));

  // The same history against the server without the fault passes.
  const fixed = await runConformance({ baseUrl: upstream.origin, only: ['model.messages'], replay });
  expect(fixed.results.find((r) => r.id === 'model.messages')!.outcome).toBe('passed');
}, RUN_TIMEOUT);

it('refuses a replay file that holds no history, with one sentence', () => {
  expect(() => parseReplay('{"results":[]}', 'r.json')).toThrow('holds no failed model check');
  expect(() => parseReplay('{"check":"messages.order.ascending","commands":[]}', 'h.json')).toThrow('the id of a model check');
  expect(() => parseReplay('{"check":"model.messages","commands":[{"kind":"drop table"}]}', 'h.json')).toThrow('commands[0]');
  expect(() => parseReplay('not json', 'h.json')).toThrow('not valid JSON');
});
