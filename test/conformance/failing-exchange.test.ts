import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlFor } from '../../src/conformance/reporters/curl.js';
import { renderJson, type JsonCheckResult } from '../../src/conformance/reporters/json.js';
import { renderJunit } from '../../src/conformance/reporters/junit.js';
import { renderPretty } from '../../src/conformance/reporters/pretty.js';
import { runConformance } from '../../src/conformance/run.js';
import type { CheckResult, Exchange, RunReport } from '../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { makeDeletedAnchorAccepted } from './faults/errors.js';
import { publicChannelReadable } from './faults/found-by-self-test.js';
import { given, messageQueriesIn } from './support/fault.js';
import { startProxy, type ProxyHooks } from './support/proxy.js';
import { refusedWith } from './support/response.js';
import { RUN_TIMEOUT } from './support/runs.js';

/**
 * A check that sends several requests reports the one that failed (issue 25, item 3): its case
 * in words, and its exchange as `sent`, `got` and `curl`, not the check's last exchange. Each
 * faulty server here gets a case wrong that is not the check's last request; the requests it
 * refuses correctly are held back, so the wrong answer is not the last to come back either. A
 * report of the last exchange, sent or received, would show another request.
 */

let upstream: RunningMockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, empty: true });
});
afterAll(() => upstream.close());

/** `hooks`, with every message query that is still refused with `code` answered late. */
function withSlowRefusals(hooks: ProxyHooks, code: string): ProxyHooks {
  return {
    ...hooks,
    async response(response, call) {
      const changed = await hooks.response?.(response, call);
      if (changed === undefined && messageQueriesIn(call.fields).length > 0 && refusedWith(response, code)) await delay(300);
      return changed;
    },
  };
}

/** Runs one check behind a proxy with `hooks`; returns the report and that check's result. */
async function runOne(hooks: ProxyHooks, id: string): Promise<{ report: RunReport; result: CheckResult }> {
  const proxy = await startProxy({ upstream: upstream.origin, hooks });
  let report: RunReport;
  try {
    report = await runConformance({ baseUrl: proxy.origin, only: [id] });
  } finally {
    await proxy.close();
  }
  expect(proxy.failures).toEqual([]);
  const result = report.results.find((r) => r.id === id);
  expect(result?.outcome, `${id}: ${result?.reason}`).toBe('failed');
  return { report, result: result! };
}

function variablesOf(exchange: Exchange): Record<string, unknown> {
  return (JSON.parse(exchange.request.body!) as { variables: Record<string, unknown> }).variables;
}

/** What each reporter shows for `result`: the case, which exchange, and that exchange's curl line. */
function expectReportsShow(report: RunReport, result: CheckResult, failed: Exchange): void {
  const which = `(exchange ${result.failedExchange! + 1} of ${result.exchanges.length})`;
  const pretty = renderPretty(report, { color: false });
  expect(pretty).toContain(`case:     ${result.case}`);
  expect(pretty).toContain(`sent:     POST ${failed.request.url}  ${which}`);
  const json = (JSON.parse(renderJson(report)) as { results: JsonCheckResult[] }).results.find((r) => r.id === result.id)!;
  expect(json).toMatchObject({ case: result.case, failedExchange: result.failedExchange });
  expect(json.curl).toBe(curlFor(failed));
  const junit = renderJunit(report);
  expect(junit).toContain(`message="${result.case}: ${result.reason}"`);
  expect(junit).toContain(which);
}

describe.concurrent('a failed check with several requests shows the one that failed', () => {
  it('errors.around.not-found: the deleted anchor, the request with its id, and the 200 it got', async () => {
    const fault = makeDeletedAnchorAccepted();
    const { report, result } = await runOne(withSlowRefusals(fault.hooks, 'NOT_FOUND'), 'errors.around.not-found');
    expect(result).toMatchObject({ case: 'the deleted anchor', reason: 'the request succeeded (HTTP 200) but should have been refused' });
    // Exchanges are in the order sent: the second of the three cases.
    expect(result).toMatchObject({ failedExchange: 1 });
    expect(result.exchanges).toHaveLength(3);
    expect(result.exchanges.at(-1)!.response.errorCodes).toEqual(['NOT_FOUND']);
    const failed = result.exchanges[result.failedExchange!]!;
    expect(fault.deletedIds.has(variablesOf(failed)['aroundMessageId'] as string)).toBe(true);
    expect(failed.response).toMatchObject({ status: 200, dataPresent: true, errorCodes: [] });
    expect(curlFor(failed)).toContain(`"aroundMessageId":"${variablesOf(failed)['aroundMessageId']}"`);
    expectReportsShow(report, result, failed);
  }, RUN_TIMEOUT);

  it('errors.forbidden.workspace-member: B reading a public channel, sent with $TOKEN_B, and the page it got', async () => {
    const publicIds = new Set<string>();
    const recordPublic: ProxyHooks['response'] = (response, call) => {
      const input = call.fields.includes('createChannel') ? (given(call.received, 'createChannel', 'input') as { visibility?: string } | undefined) : undefined;
      const created = response.body.data?.['createChannel'] as { id?: string } | null | undefined;
      if (input?.visibility === 'PUBLIC' && typeof created?.id === 'string') publicIds.add(created.id);
      return publicChannelReadable.hooks.response?.(response, call);
    };
    const { report, result } = await runOne(withSlowRefusals({ response: recordPublic }, 'FORBIDDEN'), 'errors.forbidden.workspace-member');
    expect(result).toMatchObject({ case: 'B reads messages of a public channel B has not joined', reason: 'the request succeeded (HTTP 200) but should have been refused' });
    // A cursor read first, then six cases: the fifth is B reading the public channel with
    // messages. The sixth, with messagesSince, is wrong too, but judged after it.
    expect(result).toMatchObject({ failedExchange: 5 });
    expect(result.exchanges).toHaveLength(7);
    expect(result.exchanges.at(-1)!.request.body).toContain('"operationName":"MessagesSince"');
    const failed = result.exchanges[result.failedExchange!]!;
    expect(publicIds.has(variablesOf(failed)['conversationId'] as string)).toBe(true);
    expect(failed.request.body).toContain('"operationName":"Messages"');
    expect(failed.request.headers['authorization']).toBe('Bearer $TOKEN_B');
    expect(failed.response).toMatchObject({ status: 200, dataPresent: true });
    expectReportsShow(report, result, failed);
  }, RUN_TIMEOUT);
});
