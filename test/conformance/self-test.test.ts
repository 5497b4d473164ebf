import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../src/conformance/catalogue.js';
import { ConformanceAbort, runConformance, type ConformanceOptions } from '../../src/conformance/run.js';
import type { RunReport } from '../../src/conformance/types.js';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';
import { edgeFaults } from './faults/edges/index.js';
import { faults } from './faults/index.js';
import { patchedFaults } from './faults/realtime.js';
import { faultySchemas } from './signatures/schemas.js';
import { startProxy } from './support/proxy.js';
import { closedPortOrigin, startRawServer } from './support/raw-server.js';
import { refusal } from './support/response.js';
import { notPassed, RUN_TIMEOUT } from './support/runs.js';
import { realSequence, shownSequence, startLegalVariant, unwrapCursor, wrapCursor } from './variants/legal.js';

/**
 * The suite's own proof (STYLE.md: "the suite is run over a list of servers"): it passes the mock
 * and a server with every legal difference, fails every faulty server on the rule it breaks (in
 * faulty-servers-*.test.ts, split in two so that two workers share them), and aborts with one
 * sentence when a run cannot happen. One upstream mock serves every run: each
 * run provisions a fresh workspace of its own. What the suite still gets wrong is pinned in
 * known-gaps.test.ts.
 */

let upstream: RunningMockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, empty: true });
});
afterAll(async () => {
  await upstream.close();
});

function expectAllPassed(report: RunReport): void {
  expect(report.results.length).toBe(catalogue.length);
  expect(report.summary, `not passed:\n${notPassed(report)}`).toMatchObject({ failed: 0, skipped: 0, mustFailed: 0, shouldFailed: 0 });
  expect(report.summary.passed).toBe(catalogue.length);
}

describe.concurrent('the suite passes servers that keep every rule', () => {
  it('the plain mock', async () => {
    expectAllPassed(await runConformance({ baseUrl: upstream.origin }));
  }, RUN_TIMEOUT);

  it('the legal variant (path prefix, sequences from 1000 with gaps, hex cursors, 4xx refusals, ...)', async () => {
    const variant = await startLegalVariant(upstream.origin);
    try {
      const report = await runConformance({ baseUrl: variant.baseUrl });
      expect(report.graphqlUrl).toBe(`${variant.baseUrl}/graphql`);
      expect(variant.failures).toEqual([]);
      expectAllPassed(report);
    } finally {
      await variant.close();
    }
  }, RUN_TIMEOUT);
});

describe('the legal variant keeps every meaning it rewrites', () => {
  it('maps sequences both ways, a value between two shown sequences meaning the lower one', () => {
    for (const real of [1, 2, 3, 121]) expect(realSequence(shownSequence(real))).toBe(real);
    expect([999, 1000, 1001, 1002, 1003].map(realSequence)).toEqual([0, 1, 1, 1, 2]);
    expect(realSequence(0)).toBe(0);
    expect(realSequence(-1)).toBeLessThan(0);
  });

  it('wraps cursors so that only its own unwrap to the upstream\'s', () => {
    expect(unwrapCursor(wrapCursor('bTE6YWJj'))).toBe('bTE6YWJj');
    expect(unwrapCursor('bTE6YWJj')).not.toBe('bTE6YWJj');
    expect(unwrapCursor('cur.zz')).not.toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('the faulty servers', () => {
  it('have unique names and name only checks of the catalogue', () => {
    const ids = new Set(catalogue.map((check) => check.id));
    expect(new Set(faults.map((fault) => fault.name)).size).toBe(faults.length);
    expect(faults.flatMap((fault) => fault.breaks.filter((id) => !ids.has(id)).map((id) => `${fault.name}: ${id}`))).toEqual([]);
  });

  it('break every MUST check of the catalogue between them (with the patched realtime faults of realtime-faults.test.ts, the faulty schemas of signatures/ and the edge faults of model-power-*.test.ts)', () => {
    const broken = new Set([...[...faults, ...patchedFaults, ...edgeFaults].flatMap((fault) => fault.breaks), ...faultySchemas.map((schema) => schema.failing)]);
    expect(catalogue.filter((check) => check.level === 'MUST' && !broken.has(check.id)).map((check) => check.id)).toEqual([]);
  });
});

/** The abort of a run that cannot happen; fails the test when the run resolves or throws anything else. */
async function abortOf(options: ConformanceOptions): Promise<ConformanceAbort> {
  const error = await runConformance(options).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ConformanceAbort);
  const abort = error as ConformanceAbort;
  // One sentence for a terminal: no line breaks, so no stack text.
  expect(abort.message).not.toMatch(/\n/);
  expect(abort.message).not.toMatch(/\bat .+:\d+:\d+/);
  return abort;
}

describe.concurrent('runs that cannot happen abort with one sentence that names the cause', () => {
  it('nothing listens at the base URL', async () => {
    const origin = await closedPortOrigin();
    expect((await abortOf({ baseUrl: origin })).message).toContain('connection refused');
  });

  it('the server answers an HTML page with HTTP 502', async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    try {
      const { message } = await abortOf({ baseUrl: server.origin });
      expect(message).toContain('did not answer a GraphQL request');
      expect(message).toContain('HTTP 502');
    } finally {
      await server.close();
    }
  });

  it('the server answers invalid JSON with HTTP 200', async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": {"__typename": "Query"');
    });
    try {
      const { message } = await abortOf({ baseUrl: server.origin });
      expect(message).toContain('did not answer a GraphQL request');
      expect(message).toContain('HTTP 200');
    } finally {
      await server.close();
    }
  });

  it('the server never answers (timeoutMs 500)', async () => {
    const server = await startRawServer(() => {
      // Holds every request open until the server closes.
    });
    try {
      expect((await abortOf({ baseUrl: server.origin, timeoutMs: 500 })).message).toContain('did not answer within 500 ms');
    } finally {
      await server.close();
    }
  });

  it('provisioning fails part-way (createChannel is refused)', async () => {
    const proxy = await startProxy({
      upstream: upstream.origin,
      hooks: { response: (_response, call) => (call.fields.includes('createChannel') ? refusal('createChannel', 'FORBIDDEN', 'channels are turned off') : undefined) },
    });
    try {
      const { message } = await abortOf({ baseUrl: proxy.origin });
      expect(message).toContain('provisioning failed at createChannel');
      expect(message).toContain('channels are turned off');
    } finally {
      await proxy.close();
    }
  }, RUN_TIMEOUT);
});
