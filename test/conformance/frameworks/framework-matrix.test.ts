import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exitCodeOf } from '../../../src/cli/report-output.js';
import { catalogue } from '../../../src/conformance/catalogue.js';
import { runConformance } from '../../../src/conformance/run.js';
import type { RunReport } from '../../../src/conformance/types.js';
import { readyAccounts } from '../support/accounts.js';
import { notPassed, RUN_TIMEOUT } from '../support/runs.js';
import { ChatDomain, type RealtimeFaultName } from './chat-domain.js';
import type { FrameworkServer } from './framework-server.js';
import { frameworks, type Framework } from './frameworks.js';
import { handshake } from './socket-handshake.js';

/**
 * Issue 25 item 5: the suite proven against correct servers on the frameworks server teams use,
 * each with its defaults (status codes, error masking) and its documented socket authentication,
 * and failing each one's replaying and non-member-serving variant. One correct server per
 * framework serves the whole file; each variant is a server of its own, with one realtime fault of
 * test/conformance/faults/realtime.ts patched into its state.
 */

const realtimeCheckIds = catalogue.filter((check) => check.id.startsWith('events.')).map((check) => check.id);

/** The MUST check each realtime fault breaks (test/conformance/faults/realtime.ts). */
const faultBreaks: Readonly<Record<RealtimeFaultName, string>> = {
  'replays-stored-messages-on-subscribe': 'events.no-replay',
  'lets-a-non-member-subscribe': 'events.non-member.no-messages',
};

/** The note that says how the realtime side was reached, or why it was not. */
const realtimeNote = (report: RunReport) => report.notes.find((note) => note.startsWith('realtime')) ?? '(no realtime note)';

const servers = new Map<string, FrameworkServer>();
const serverOf = (framework: Framework) => servers.get(framework.name)!;

beforeAll(async () => {
  // Apollo's documented onConnect throws to refuse a socket, and graphql-ws logs every such throw
  // with its stack; the refusals are what these tests provoke, so only those lines are dropped.
  const logError = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const refusal = String(args[0]).startsWith('Internal error occurred during message handling') && args[1] instanceof Error && args[1].message === 'Auth token missing!';
    if (!refusal) logError(...args);
  });
  await Promise.all(frameworks.map(async (framework) => servers.set(framework.name, await framework.start(new ChatDomain()))));
});

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.close()));
  vi.restoreAllMocks();
});

describe.concurrent.each(frameworks.map((framework) => [framework.name, framework] as const))('%s: its own socket auth, with graphql-ws\'s client', (_name, framework) => {
  const token = async () => {
    const { accounts } = await readyAccounts(serverOf(framework).origin, 1);
    return (accounts[0] as { accessToken: string }).accessToken;
  };

  it(`acknowledges ${framework.accepts.name}`, async () => {
    expect(await handshake(serverOf(framework).origin, framework.accepts, await token())).toEqual({ acknowledged: true });
  });

  it(`refuses ${framework.refuses.name}`, async () => {
    const outcome = await handshake(serverOf(framework).origin, framework.refuses, await token());
    // A server that checks the token per operation acknowledges any socket: the probe must look past the ack.
    if (framework.refusal.perOperation) return expect(outcome).toEqual({ acknowledged: true });
    if (outcome.acknowledged) return expect.fail(`${framework.name} acknowledged ${framework.refuses.name}`);
    const { code, reason, message } = framework.refusal;
    if (code !== undefined) expect({ code: outcome.code, reason: outcome.reason }).toEqual({ code, reason });
    if (message !== undefined) expect(outcome.received.map((frame) => (JSON.parse(frame) as { type?: unknown }).type)).toContain(message);
  });
});

// One run at a time: a run is mostly CPU, spent in this one process by the suite and the server
// alike, so full runs side by side only queue each other's requests (past the suite's 10 s
// timeout on a busy machine) without finishing sooner.
describe('the suite against correct servers on each framework', () => {
  it.each(frameworks.map((framework) => [framework.name, framework] as const))('%s: every check runs, and none fails', async (_name, framework) => {
    const report = await runConformance({ baseUrl: serverOf(framework).origin });
    expect(report.summary.mustFailed, notPassed(report)).toBe(0);
    const realtime = report.results.filter((result) => result.id.startsWith('events.'));
    expect(realtime.map((result) => result.id).sort()).toEqual([...realtimeCheckIds].sort());
    expect(realtime.filter((result) => result.outcome === 'skipped').map((result) => result.id), `${realtimeNote(report)}\n${notPassed(report)}`).toEqual([]);
    expect(report.summary, notPassed(report)).toMatchObject({ failed: 0, skipped: 0 });
    expect(exitCodeOf(report, 'must')).toBe(0);
  }, RUN_TIMEOUT);
});

describe.concurrent('the suite against faulty variants of each framework', () => {
  const variants = frameworks.flatMap((framework) => (Object.keys(faultBreaks) as RealtimeFaultName[]).map((fault) => [framework.name, fault, framework] as const));
  it.each(variants)('%s, %s: the run fails (exit 1) on the rule it breaks', async (_name, fault, framework) => {
    const server = await framework.start(new ChatDomain(fault));
    try {
      // Only the check the fault breaks: the correct server above has run every other one.
      const report = await runConformance({ baseUrl: server.origin, only: [faultBreaks[fault]] });
      const failed = report.results.filter((result) => result.outcome === 'failed').map((result) => result.id);
      const message = `${realtimeNote(report)}\n${notPassed(report)}`;
      expect(failed, message).toContain(faultBreaks[fault]);
      expect(exitCodeOf(report, 'must'), message).toBe(1);
    } finally {
      await server.close();
    }
  }, RUN_TIMEOUT);
});
