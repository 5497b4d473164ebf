import { serverAudits } from 'graphql-http';
import { readOnce, replayArgs, requestAsSent, type ReadResponse } from './recording.js';
import type { Target } from './target.js';
import type { CheckResult, Exchange } from './types.js';

/**
 * A response handed to an audit that knows the exchange it was recorded as. Its clones know it
 * too: graphql-http clones a response before reading the body, and a failed audit returns that
 * clone, which is how the failure finds its exchange.
 */
class RecordedResponse extends Response {
  constructor(
    private readonly read: ReadResponse,
    readonly exchange: Exchange,
  ) {
    super(...replayArgs(read));
  }

  // A property, as Node's typings declare `clone`; it shadows the prototype's method.
  override readonly clone = (): Response => new RecordedResponse(this.read, this.exchange);
}

/**
 * graphql-http's GraphQL-over-HTTP audits, reused as they are, reported in a section of their own
 * at SHOULD level at most: SPEC.md asks only for POST {base_url}/graphql with a `data` member.
 * Each audit's requests and responses are recorded through the fetch function graphql-http
 * accepts, so a failed audit shows the response it failed on, with a curl line, like any check.
 */
export async function runHttpAudits(target: Target): Promise<CheckResult[]> {
  // The audits run one at a time, so the exchanges recorded since the last audit began are this audit's.
  let recorded: Exchange[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = requestAsSent(input, init);
    const started = performance.now();
    const read = await readOnce(await fetch(input, init));
    const exchange: Exchange = { request, response: target.readResponse(read.status, read.contentType, read.text), durationMs: performance.now() - started };
    recorded.push(exchange);
    return new RecordedResponse(read, exchange);
  };
  const results: CheckResult[] = [];
  for (const audit of serverAudits({ url: target.graphqlUrl, fetchFn })) {
    const exchanges: Exchange[] = (recorded = []);
    const started = performance.now();
    const result = await audit.fn();
    const base = { id: `http.audit.${audit.id}`, section: 'http' as const, specRef: `GraphQL over HTTP (graphql-http audit ${audit.id})`, level: 'SHOULD' as const, title: audit.name, exchanges, durationMs: performance.now() - started };
    if (result.status === 'ok') {
      results.push({ ...base, outcome: 'passed' });
      continue;
    }
    const index = result.response instanceof RecordedResponse ? exchanges.indexOf(result.response.exchange) : -1;
    results.push({ ...base, outcome: 'failed', reason: result.reason, expected: audit.name, ...(index >= 0 ? { failedExchange: index } : {}) });
  }
  return results;
}
