import { auditServer, type AuditResult } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/mock-server/mock-server.js';

let mock: RunningMockServer;
let results: AuditResult[];

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
  results = await auditServer({ url: mock.url });
});
afterAll(() => mock.close());

/** What a failed audit said, with the response body, so a failure explains itself. */
function describeFailure(result: AuditResult): string {
  if (result.status === 'ok') return '';
  return `${result.id} ${result.name}: ${result.reason}`;
}

describe('GraphQL over HTTP: graphql-http audits against the running mock', () => {
  it('ran the whole audit list', () => {
    expect(results.length).toBeGreaterThanOrEqual(50);
  });

  it('passes every MUST audit', () => {
    const failed = results.filter((result) => result.name.startsWith('MUST') && result.status !== 'ok');
    expect(failed.map(describeFailure)).toEqual([]);
  });

  it('passes every SHOULD audit', () => {
    const failed = results.filter((result) => result.name.startsWith('SHOULD') && result.status !== 'ok');
    expect(failed.map(describeFailure)).toEqual([]);
  });

  it('passes every MAY audit too', () => {
    const failed = results.filter((result) => result.name.startsWith('MAY') && result.status !== 'ok');
    expect(failed.map(describeFailure)).toEqual([]);
  });
});
