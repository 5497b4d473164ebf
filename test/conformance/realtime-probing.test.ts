import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeOf } from '../../src/cli/report-output.js';
import { catalogue } from '../../src/conformance/catalogue.js';
import { socketAuthForms } from '../../src/conformance/realtime/auth-forms.js';
import { runConformance } from '../../src/conformance/run.js';
import type { RunReport } from '../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { startProxy, type ProxyHooks } from './support/proxy.js';
import { closedPortOrigin } from './support/raw-server.js';
import { notPassed, RUN_TIMEOUT } from './support/runs.js';
import { socketStyles } from './support/socket-styles.js';

/**
 * How the suite finds a server's realtime side (issue 25, item 1): every token form, moving on
 * after any refusal before the ack or at the first subscription; a WebSocket that refuses every
 * form, or nothing answering, fails `events.websocket` (MUST) with every attempt as evidence,
 * never a silent skip; `--no-realtime` is the one way to leave section 6 out.
 */

const realtimeIds = catalogue.filter((check) => check.needs?.includes('realtime') || check.provides === 'realtime').map((check) => check.id);

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(() => mock.close());

async function runBehind(hooks: ProxyHooks, options: { only?: string[]; realtime?: boolean } = { only: ['events.*', 'model.events'] }): Promise<RunReport> {
  const proxy = await startProxy({ upstream: mock.origin, hooks });
  try {
    const report = await runConformance({ baseUrl: proxy.origin, ...options });
    expect(proxy.failures).toEqual([]);
    return report;
  } finally {
    await proxy.close();
  }
}

const ran = (report: RunReport) => report.results.filter((result) => result.skip !== 'chosen');

describe.concurrent('servers that take the token in one place only, refusing it elsewhere their own way', () => {
  it.each(socketStyles.map((style) => [style.name, style] as const))('%s: found, and every realtime check runs and passes', async (_name, style) => {
    const report = await runBehind({ frames: style.hooks });
    expect(report.notes.find((note) => note.startsWith('realtime:'))).toMatch(`with ${style.form}`);
    expect(ran(report).map((result) => result.id).sort()).toEqual([...realtimeIds].sort());
    expect(report.summary, notPassed(report)).toMatchObject({ failed: 0, passed: realtimeIds.length });
    expect(exitCodeOf(report, 'must')).toBe(0);
  }, RUN_TIMEOUT);
});

describe.concurrent('a realtime side the suite cannot use is a finding, not a skip', () => {
  it('fails events.websocket when the server refuses every token form, with each attempt as evidence, and exits 1', async () => {
    const report = await runBehind({ frames: { toServer: (message) => (message['type'] === 'connection_init' ? { close: 4403, reason: 'Forbidden' } : undefined) } });
    const probe = report.results.find((result) => result.id === 'events.websocket')!;
    expect(probe).toMatchObject({ outcome: 'failed', level: 'MUST' });
    expect(probe.reason).toMatch(/refused every token form the suite knows; each form tried:/);
    for (const form of socketAuthForms) expect(probe.reason).toContain(`- ${form.name}: the socket closed with 4403 Forbidden before connection_ack`);
    // One upgrade per form, each with what was sent and how it ended; the token only as its variable.
    expect(probe.frames!.filter((frame) => frame.direction === 'opened')).toHaveLength(socketAuthForms.length);
    expect(probe.frames!.filter((frame) => frame.direction === 'closed')).toHaveLength(socketAuthForms.length);
    expect(probe.frames!.find((frame) => frame.direction === 'sent')?.text).toBe('{"type":"connection_init","payload":{"Authorization":"Bearer $TOKEN_A"}}');
    expect(probe.frames!.some((frame) => frame.text.includes('?token=$TOKEN_A'))).toBe(true);
    for (const result of report.results.filter((r) => r.id.startsWith('events.') && r.id !== 'events.websocket')) {
      expect(result).toMatchObject({ outcome: 'skipped', skip: 'blocked' });
    }
    expect(exitCodeOf(report, 'must')).toBe(1);
  }, RUN_TIMEOUT);

  it('fails events.websocket when nothing answers at the WebSocket URL, trying no more forms', async () => {
    const closed = (await closedPortOrigin()).replace(/^http/, 'ws');
    const report = await runConformance({ baseUrl: mock.origin, wsUrl: `${closed}/graphql`, only: ['events.*', 'auth.bearer-token.accepted'] });
    const probe = report.results.find((result) => result.id === 'events.websocket')!;
    expect(probe.outcome).toBe('failed');
    expect(probe.reason).toMatch(/^nothing answered at ws:\/\/127\.0\.0\.1:\d+\/graphql \(.*ECONNREFUSED.*\)$/);
    expect(probe.frames!.filter((frame) => frame.direction === 'opened')).toHaveLength(1);
    expect(report.results.find((r) => r.id === 'auth.bearer-token.accepted')?.outcome).toBe('passed');
    expect(exitCodeOf(report, 'must')).toBe(1);
  }, RUN_TIMEOUT);

  it('fails events.websocket when every connection is acknowledged but no event ever comes, and still runs the rest with the first form', async () => {
    const silent: ProxyHooks = { frames: { toClient: (message) => (message['type'] === 'next' ? [] : undefined) } };
    const report = await runBehind(silent, { only: ['events.websocket', 'events.created.delivered', 'events.no-replay'] });
    const probe = report.results.find((result) => result.id === 'events.websocket')!;
    expect(probe.outcome).toBe('failed');
    expect(probe.reason).toContain(`no token form gave a connection that delivers: ${socketAuthForms[0]!.name} was acknowledged`);
    expect(report.results.find((r) => r.id === 'events.created.delivered')?.outcome).toBe('failed');
    expect(report.results.find((r) => r.id === 'events.no-replay')?.outcome).toBe('failed');
  }, RUN_TIMEOUT);

  it('runs events.websocket when --only picks another realtime check, and says why', async () => {
    const report = await runConformance({ baseUrl: mock.origin, only: ['events.no-replay'] });
    expect(ran(report).map((result) => [result.id, result.outcome])).toEqual([
      ['events.websocket', 'passed'],
      ['events.no-replay', 'passed'],
    ]);
    expect(report.notes).toContain('events.websocket runs although it was not selected by --only events.no-replay: the realtime checks need the connection it finds.');
  }, RUN_TIMEOUT);
});

describe.concurrent('leaving section 6 out on purpose', () => {
  it('--no-realtime skips every check that needs a WebSocket as the user\'s choice, and opens no socket', async () => {
    let upgrades = 0;
    const report = await runBehind({ frames: { upgrade: () => void upgrades++ } }, { only: ['events.*', 'auth.bearer-token.accepted'], realtime: false });
    expect(upgrades).toBe(0);
    for (const id of realtimeIds) expect(report.results.find((r) => r.id === id), id).toMatchObject({ outcome: 'skipped', skip: 'chosen', reason: '--no-realtime leaves out the checks that need a WebSocket' });
    expect(report.skips.find((cause) => cause.cause.startsWith('--no-realtime'))?.checks).toEqual(realtimeIds);
    expect(report.summary).toMatchObject({ passed: 1, failed: 0, mustNotRun: 0 });
    expect(exitCodeOf(report, 'must')).toBe(0);
  }, RUN_TIMEOUT);
});
