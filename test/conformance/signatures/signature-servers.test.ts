import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../../src/conformance/run.js';
import type { RunReport } from '../../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../../src/mock-server/mock-server.js';
import { startProxy, type ProxyHooks } from '../support/proxy.js';
import { exitCodeOf } from '../../../src/cli/report-output.js';
import { ran, RUN_TIMEOUT } from '../support/runs.js';
import { faultySchemas, introspectionJson, legalSchemas } from './schemas.js';

/**
 * The signature checks in `conformance run`, against real servers on port 0: the mock, and the
 * mock behind a proxy that answers introspection with another schema's (a faulty one, a legal
 * one), or refuses it (introspection disabled).
 */

let mock: RunningMockServer;
beforeAll(async () => {
  mock = await startMockServer({ port: 0, empty: true });
});
afterAll(async () => {
  await mock.close();
});

/** Answers every introspection query with `answer` (a JSON body), and lets everything else through. */
function introspectionAnswer(answer: string): ProxyHooks {
  const body = JSON.parse(answer) as { data?: Record<string, unknown>; errors?: { message: string }[] };
  return { response: (response, call) => (call.fields.includes('__schema') ? { ...response, body } : undefined) };
}

async function signaturesBehind(hooks: ProxyHooks, schema?: { text: string; source: string }): Promise<RunReport> {
  const proxy = await startProxy({ upstream: mock.origin, hooks });
  try {
    const report = await runConformance({ baseUrl: proxy.origin, only: ['signatures.*'], ...(schema ? { schema } : {}) });
    expect(proxy.failures).toEqual([]);
    return report;
  } finally {
    await proxy.close();
  }
}

const failed = (report: RunReport) => report.results.filter((result) => result.outcome === 'failed').map((result) => result.id);

describe.concurrent('conformance run, signature checks', () => {
  it('the mock passes every signature check, with nothing to note', async () => {
    const report = await runConformance({ baseUrl: mock.origin, only: ['signatures.*'] });
    expect(ran(report).map((result) => `${result.id} ${result.outcome}`)).toEqual(ran(report).map((result) => `${result.id} passed`));
    expect(ran(report).length).toBe(10);
    expect(report.notes.filter((note) => note.startsWith('signature'))).toEqual([]);
  }, RUN_TIMEOUT);

  it('a server whose introspection shows a list made nullable fails, naming the coordinate', async () => {
    const fault = faultySchemas.find((schema) => schema.name === 'list made nullable')!;
    const report = await signaturesBehind(introspectionAnswer(introspectionJson(fault.sdl)));
    expect(failed(report)).toEqual([fault.failing]);
    expect(report.summary.mustFailed).toBe(1);
    const result = report.results.find((r) => r.id === fault.failing)!;
    expect(result.reason).toContain(fault.coordinate);
    expect(result.comparedWith).toMatch(/^the introspection of http:\/\/127\.0\.0\.1:\d+\/graphql$/);
  }, RUN_TIMEOUT);

  it('a server with other root type names and extra operations passes, and the additions are noted', async () => {
    const legal = legalSchemas.find((schema) => schema.name === 'different root type names')!;
    const sdl = `${legal.sdl}\ntype Poll { id: ID! }\nextend type query_root { poll(id: ID!): Poll }\n`;
    const report = await signaturesBehind(introspectionAnswer(introspectionJson(sdl)));
    expect(failed(report)).toEqual([]);
    expect(report.notes.join('\n')).toContain('Query.poll');
  }, RUN_TIMEOUT);

  it('with introspection disabled, the section could not run: one cause that says how to give the schema or leave it out, and exit 2', async () => {
    const report = await signaturesBehind(introspectionAnswer(JSON.stringify({ errors: [{ message: 'GraphQL introspection is not allowed' }] })));
    expect(ran(report).map((result) => [result.outcome, result.skip])).toEqual(Array(10).fill(['skipped', 'could-not-run']));
    const notes = report.notes.filter((note) => note.startsWith('signature'));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/introspection is disabled .*--schema FILE.*--skip "signatures\.\*"/);
    const causes = report.skips.filter((cause) => cause.kind === 'could-not-run');
    expect(causes).toHaveLength(1);
    expect(causes[0]).toMatchObject({ must: 9, checks: ran(report).map((result) => result.id) });
    expect(report.summary.mustNotRun).toBe(9);
    expect(exitCodeOf(report, 'must')).toBe(2);
  }, RUN_TIMEOUT);

  it('with introspection disabled and --schema FILE, the file is compared instead', async () => {
    const fault = faultySchemas.find((schema) => schema.name === 'changed default')!;
    const report = await signaturesBehind(introspectionAnswer(JSON.stringify({ errors: [{ message: 'GraphQL introspection is not allowed' }] })), { text: fault.sdl, source: 'server.graphql' });
    expect(failed(report)).toEqual([fault.failing]);
    expect(report.results.find((r) => r.id === fault.failing)!.comparedWith).toBe('server.graphql');
  }, RUN_TIMEOUT);
});
