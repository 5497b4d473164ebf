import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHttpAudits } from '../../src/conformance/http-audits.js';
import { renderPretty } from '../../src/conformance/reporters/pretty.js';
import { summarize } from '../../src/conformance/summary.js';
import { Target } from '../../src/conformance/target.js';
import type { CheckResult } from '../../src/conformance/types.js';
import { startRawServer, type RunningRawServer } from './support/raw-server.js';

/**
 * graphql-http's audits keep their evidence: every request and response goes through a recording
 * fetch, and a failed audit names the response it failed on. The server here breaks two audits in
 * two ways graphql-http tells apart: a header it checks on the response as it is (4655), and a
 * body it reads from a clone of the response (0220).
 */

let server: RunningRawServer;
let results: CheckResult[];

beforeAll(async () => {
  server = await startRawServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (body.includes('"variables":null')) {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end('{"errors":[{"message":"variables must be an object"}]}');
      } else {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('{"data":{"__typename":"Query"}}');
      }
    });
  });
  results = await runHttpAudits(new Target({ baseUrl: server.origin }));
});
afterAll(() => server.close());

const audit = (id: string) => results.find((result) => result.id === `http.audit.${id}`)!;

describe('graphql-http audits', () => {
  it('record every request and response of every audit, passed or failed', () => {
    expect(results.length).toBeGreaterThan(40);
    for (const result of results) expect(result.exchanges.length, result.id).toBeGreaterThan(0);
    const passed = results.find((result) => result.outcome === 'passed');
    expect(passed).toBeDefined();
  });

  it('keep the response a failed audit checked as it was (a header)', () => {
    const failed = audit('4655');
    expect(failed).toMatchObject({ outcome: 'failed', failedExchange: 0, reason: 'Response header content-type does not contain application/json' });
    const exchange = failed.exchanges[failed.failedExchange!]!;
    expect(exchange.request).toMatchObject({ method: 'POST', url: `${server.origin}/graphql`, headers: { accept: 'application/json', 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(exchange.response).toMatchObject({ status: 200, contentType: 'text/plain; charset=utf-8', body: '{"data":{"__typename":"Query"}}', dataPresent: true });
  });

  it('keep the response a failed audit read through a clone (the body)', () => {
    const failed = audit('0220');
    expect(failed).toMatchObject({ outcome: 'failed', failedExchange: 0 });
    const exchange = failed.exchanges[0]!;
    expect(JSON.parse(exchange.request.body!)).toEqual({ query: '{ __typename }', variables: null });
    expect(exchange.response.body).toBe('{"errors":[{"message":"variables must be an object"}]}');
  });

  it('show that response in the report, with a curl line that sends the same body', () => {
    const text = renderPretty({ baseUrl: server.origin, graphqlUrl: `${server.origin}/graphql`, wsUrl: '', startedAt: new Date(0).toISOString(), durationMs: 1, notes: [], results, skips: [], summary: summarize(results) }, { color: false });
    const block = text.slice(text.indexOf('http.audit.0220  GraphQL over HTTP'));
    expect(block).toMatch(/got: +200 application\/json; charset=utf-8 \(data absent; errors: \(no code\)\)\n +\{"errors":\[\{"message":"variables must be an object"\}\]\}/);
    expect(block).toContain(`--data-raw '{"query":"{ __typename }","variables":null}'`);
  });
});
