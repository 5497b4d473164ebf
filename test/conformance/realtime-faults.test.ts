import { describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/report-output.js';
import { catalogue } from '../../src/conformance/catalogue.js';
import { runConformance } from '../../src/conformance/run.js';
import { startMockServer } from '../../src/mock-server/mock-server.js';
import { patchedFaults } from './faults/realtime.js';
import { notPassed, ran, RUN_TIMEOUT } from './support/runs.js';

/**
 * The realtime checks fail every faulty realtime server on the rule it breaks (the issue names
 * three: one that replays, one that lets a non-member subscribe, one that never sends
 * messageDeleted), and pass the same mock unpatched. A fault that breaks a MUST check fails the
 * run (exit 1, as `parley conformance run` computes it); issue 20 makes the last two such faults.
 */

// The realtime checks run over WebSocket (`events.*`); section 6's signature check is not one of them.
const realtimeChecks = catalogue.filter((check) => check.id.startsWith('events.'));
const levelOf = new Map(realtimeChecks.map((check) => [check.id, check.level]));
const breaksMust = (fault: (typeof patchedFaults)[number]) => fault.breaks.some((id) => levelOf.get(id) === 'MUST');

async function runAgainst(patch: ((state: Parameters<(typeof patchedFaults)[number]['patch']>[0]) => void) | null) {
  const mock = await startMockServer({ port: 0, empty: true });
  patch?.(mock.state);
  try {
    return await runConformance({ baseUrl: mock.origin, only: ['events.*'] });
  } finally {
    await mock.close();
  }
}

describe('the patched faults', () => {
  it('have unique names and name only realtime checks', () => {
    const ids = new Set(realtimeChecks.map((check) => check.id));
    expect(new Set(patchedFaults.map((fault) => fault.name)).size).toBe(patchedFaults.length);
    expect(patchedFaults.flatMap((fault) => fault.breaks.filter((id) => !ids.has(id)))).toEqual([]);
  });

  it('fail the run when subscriptions serve non-members or messageDeleted never comes (issue 20: MUST, not a warning)', () => {
    const failing = patchedFaults.filter(breaksMust).map((fault) => fault.name);
    expect(failing).toEqual(expect.arrayContaining(['lets-a-non-member-subscribe', 'leaks-updates-and-deletions-to-non-members', 'never-sends-message-deleted', 'never-sends-message-updated']));
    // Only the order of created events stays a warning among them.
    expect(patchedFaults.filter((fault) => !breaksMust(fault)).map((fault) => fault.name)).toEqual(['swaps-pairs-of-created-events']);
  });
});

describe.concurrent('the realtime checks', () => {
  it('all pass against the unpatched mock', async () => {
    const report = await runAgainst(null);
    expect(ran(report).map((result) => result.id).sort()).toEqual(realtimeChecks.map((check) => check.id).sort());
    expect(report.summary, notPassed(report)).toMatchObject({ failed: 0, passed: realtimeChecks.length });
  }, RUN_TIMEOUT);

  it.each(patchedFaults.map((fault) => [fault.name, fault] as const))('fail %s', async (_name, fault) => {
    const report = await runAgainst(fault.patch);
    const failed = new Set(report.results.filter((result) => result.outcome === 'failed').map((result) => result.id));
    const message = `${fault.name} breaks "${fault.rule}"; the results that did not pass:\n${notPassed(report)}`;
    expect(fault.breaks.filter((id) => !failed.has(id)), message).toEqual([]);
    expect(exitCodeOf(report, 'must'), message).toBe(breaksMust(fault) ? 1 : 0);
    // Each failure shows the WebSocket frames that prove it.
    for (const id of fault.breaks) expect(report.results.find((result) => result.id === id)?.frames?.length, id).toBeGreaterThan(0);
  }, RUN_TIMEOUT);
});
