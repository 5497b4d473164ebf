import { serverAudits } from 'graphql-http';
import type { Target } from './target.js';
import type { CheckResult } from './types.js';

/**
 * graphql-http's GraphQL-over-HTTP audits, reused as they are, reported in a section of their own
 * at SHOULD level at most: SPEC.md asks only for POST {base_url}/graphql with a `data` member.
 */
export async function runHttpAudits(target: Target): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const audit of serverAudits({ url: target.graphqlUrl })) {
    const started = performance.now();
    const result = await audit.fn();
    const base = { id: `http.audit.${audit.id}`, section: 'http' as const, specRef: `GraphQL over HTTP (graphql-http audit ${audit.id})`, level: 'SHOULD' as const, title: audit.name, exchanges: [], durationMs: performance.now() - started };
    results.push(result.status === 'ok' ? { ...base, outcome: 'passed' } : { ...base, outcome: 'failed', reason: result.reason, expected: audit.name });
  }
  return results;
}
